import { openMailProgram } from './browser';
import { type Mail, mailtoUrl } from './mail';

export type Delivery = { ok: true; via: 'endpoint' | 'mail' } | { ok: false; error: string };

/**
 * D6: POST the fields as JSON to the configured endpoint and succeed only on a 2xx answer;
 * without an endpoint, hand the composed message to the visitor's mail program.
 */
export async function deliver(endpoint: string | null, fields: Record<string, string>, mail: Mail): Promise<Delivery> {
  if (!endpoint) {
    openMailProgram(mailtoUrl(mail));
    return { ok: true, via: 'mail' };
  }
  try {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ ...fields, subject: mail.subject }),
    });
    return res.ok ? { ok: true, via: 'endpoint' } : { ok: false, error: `The server answered ${res.status}.` };
  } catch {
    return { ok: false, error: 'The network did not answer.' };
  }
}
