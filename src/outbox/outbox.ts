// Messages written while the network is down (D19, issue 38 item 4): kept on the device, in IndexedDB,
// where the page and the service worker (src/sw/sw.js, the same database by the names below) both
// reach them, and sent once the network is back: by background sync where the browser has it, else
// when the page sees the network come back, or on the next visit. Each carries an id, sent with it,
// so a resend is never a second message; and the sending is done under one lock, so the page and the
// worker never send the same message at once.
import { postJson } from '../lib/deliver';
import type { Mail } from '../lib/mail';
import { OUTBOX } from './names';


/** A message waiting to be sent: where to, the JSON body as it will be posted, and the message as mail (the ways round it). */
export interface Held {
  id: string;
  endpoint: string;
  body: string;
  mail: Mail;
  /** When it was written (ms since 1970). */
  savedAt: number;
}

/** What became of a held message when the outbox was last sent: arrived (2xx), or refused for good (a 4xx: sending it again cannot help). */
export type Flushed = { held: Held; outcome: 'sent' } | { held: Held; outcome: 'refused'; status: number };

/** A fresh id for a message: the endpoint can tell a resend from a new message by it. */
export function messageId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(OUTBOX.db, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(OUTBOX.store, { keyPath: 'id' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function inStore<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(OUTBOX.store, mode);
      const request = use(tx.objectStore(OUTBOX.store));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export const heldMessages = () => inStore<Held[]>('readonly', (s) => s.getAll() as IDBRequest<Held[]>);

/** Keeps a message that could not be sent; asks the browser to send it in the background once online, where it can. */
export async function hold(held: Held): Promise<void> {
  await inStore('readwrite', (s) => s.put(held));
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  await (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync?.register(OUTBOX.sync).catch(() => undefined);
}

/** Under the outbox's lock where the browser has Web Locks (the worker takes the same one). */
function locked<T>(run: () => Promise<T>): Promise<T> {
  const locks = (navigator as { locks?: { request(name: string, run: () => Promise<T>): Promise<T> } }).locks;
  return locks ? locks.request(OUTBOX.lock, run) : run();
}

/**
 * Sends every held message, one at a time: a 2xx removes it (sent), a 4xx other than 408 and 429
 * removes it too (refused: it would be refused again), anything else (no network, a server error,
 * no answer in 15 s) keeps it for the next try. Says what became of each message that left the outbox.
 */
export function flush(): Promise<Flushed[]> {
  return locked(async () => {
    const done: Flushed[] = [];
    for (const held of await heldMessages().catch(() => [])) {
      const status = await postJson(held.endpoint, held.body);
      if (status === 'network') break; // the rest would fail too
      const sent = typeof status === 'number' && status >= 200 && status < 300;
      const refused = typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
      if (!sent && !refused) continue;
      await inStore('readwrite', (s) => s.delete(held.id));
      done.push(sent ? { held, outcome: 'sent' } : { held, outcome: 'refused', status: status as number });
    }
    return done;
  });
}
