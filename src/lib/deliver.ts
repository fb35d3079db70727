import { hold, messageId } from '../outbox/outbox';
import { openMailProgram } from './browser';
import { type Mail, mailtoUrl } from './mail';

/** How long the form endpoint has to answer before the message counts as not sent (D6). */
export const TIME_LIMIT_MS = 15_000;

/** Why a message did not reach the endpoint: no answer in time, no connection, or the status it answered. */
export type Failure = 'timeout' | 'network' | number;

/**
 * What became of a message: 'sent' only once the endpoint has answered 2xx; 'mail' when it was
 * handed to the visitor's mail program, which may or may not have opened (nothing is sent yet);
 * 'held' when the network was down and it is kept on the device (under its id), to be sent once it is back
 * (src/outbox/outbox.ts); 'failed' otherwise.
 */
export type Delivery = { outcome: 'sent' } | { outcome: 'mail' } | { outcome: 'held'; id: string } | { outcome: 'failed'; reason: Failure };

/** POSTs a JSON body to the endpoint within the time limit: its status, or why there was none. */
export async function postJson(endpoint: string, body: string): Promise<number | 'timeout' | 'network'> {
  // A timer of the page's own (not AbortSignal.timeout), so a test's fake clock can run it out.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIME_LIMIT_MS);
  try {
    const res = await fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body, signal: controller.signal });
    return res.status;
  } catch {
    return controller.signal.aborted ? 'timeout' : 'network';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * D6: POST the fields as JSON to the configured endpoint, with the message's subject and an id (the
 * same on a resend, so the endpoint can tell one from a new message), within the time limit; without
 * an endpoint, hand the composed message to the visitor's mail program. When the network is down, the
 * message is kept on the device to be sent later (D19), where the browser can keep it.
 */
export async function deliver(endpoint: string | null, fields: Record<string, unknown>, mail: Mail): Promise<Delivery> {
  if (!endpoint) {
    openMailProgram(mailtoUrl(mail));
    return { outcome: 'mail' };
  }
  const id = messageId();
  const body = JSON.stringify({ ...fields, subject: mail.subject, id });
  const answer = await postJson(endpoint, body);
  if (typeof answer === 'number') return answer >= 200 && answer < 300 ? { outcome: 'sent' } : { outcome: 'failed', reason: answer };
  if (answer === 'network') {
    try {
      await hold({ id, endpoint, body, mail, savedAt: Date.now() });
      return { outcome: 'held', id };
    } catch {
      // No storage here (a private window, an old browser): it stays a failure, with every field kept.
    }
  }
  return { outcome: 'failed', reason: answer };
}
