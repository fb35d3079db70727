import { openMailProgram } from './browser';
import { type Mail, mailtoUrl } from './mail';

/** How long the form endpoint has to answer before the message counts as not sent (D6). */
export const TIME_LIMIT_MS = 15_000;

/** Why a message did not reach the endpoint: no answer in time, no connection, or the status it answered. */
export type Failure = 'timeout' | 'network' | number;

/**
 * What became of a message: 'sent' only once the endpoint has answered 2xx; 'mail' when it was
 * handed to the visitor's mail program, which may or may not have opened (nothing is sent yet).
 */
export type Delivery = { outcome: 'sent' } | { outcome: 'mail' } | { outcome: 'failed'; reason: Failure };

/**
 * D6: POST the fields as JSON to the configured endpoint, within the time limit; without an
 * endpoint, hand the composed message to the visitor's mail program.
 */
export async function deliver(endpoint: string | null, fields: Record<string, unknown>, mail: Mail): Promise<Delivery> {
  if (!endpoint) {
    openMailProgram(mailtoUrl(mail));
    return { outcome: 'mail' };
  }
  // A timer of the page's own (not AbortSignal.timeout), so a test's fake clock can run it out.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIME_LIMIT_MS);
  try {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ ...fields, subject: mail.subject }),
      signal: controller.signal,
    });
    return res.ok ? { outcome: 'sent' } : { outcome: 'failed', reason: res.status };
  } catch {
    return { outcome: 'failed', reason: controller.signal.aborted ? 'timeout' : 'network' };
  } finally {
    clearTimeout(timer);
  }
}
