// What the studio's pages ask of the studio server (`npm run studio`: src/node/studio-server/server.ts).
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';

const BASE = '/__studio/server/';

export interface Me {
  person: { id: string; email: string; name: string; role: 'author' | 'publisher' | 'admin' };
  may: { publish: boolean; managePeople: boolean };
  site: { remote: string; branch: string };
  roles: string[];
}

export interface Answer<T> {
  ok: boolean;
  status: number;
  value: T & { error?: string; problems?: { text: string; message: string; file: string }[] };
}

async function call<T>(method: 'GET' | 'POST', name: string, body?: unknown): Promise<Answer<T>> {
  let res: Response;
  try {
    res = await fetch(BASE + name, method === 'POST' ? { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) } : {});
  } catch {
    return { ok: false, status: 0, value: { error: 'The studio\'s server does not answer: check your connection, or ask whoever runs it.' } as never };
  }
  const value = (await res.json().catch(() => ({ error: `The studio's server answered ${res.status}.` }))) as Answer<T>['value'];
  return { ok: res.ok, status: res.status, value };
}

export const server = {
  get: <T>(name: string) => call<T>('GET', name),
  post: <T>(name: string, body?: unknown) => call<T>('POST', name, body),
};

/** Makes a passkey on this device (for the person a link is for, or the person signed in). */
export async function makePasskey(extra: { token?: string; name?: string }): Promise<Answer<unknown>> {
  const start = await server.post<{ options: Parameters<typeof startRegistration>[0]['optionsJSON']; ticket: string }>('passkey/register-options', extra);
  if (!start.ok) return start;
  let response;
  try {
    response = await startRegistration({ optionsJSON: start.value.options });
  } catch (err) {
    return { ok: false, status: 0, value: { error: `No passkey was made: ${(err as Error).message}` } };
  }
  return server.post('passkey/register', { ...extra, ticket: start.value.ticket, response });
}

export async function signInWithPasskey(): Promise<Answer<unknown>> {
  const start = await server.post<{ options: Parameters<typeof startAuthentication>[0]['optionsJSON']; ticket: string }>('passkey/sign-in-options');
  if (!start.ok) return start;
  let response;
  try {
    response = await startAuthentication({ optionsJSON: start.value.options });
  } catch (err) {
    return { ok: false, status: 0, value: { error: `Not signed in: ${(err as Error).message}` } };
  }
  return server.post('passkey/sign-in', { ticket: start.value.ticket, response });
}
