// What every request to the studio server goes through: its cookies, its JSON body, the same-origin
// rule for anything that changes something, and answers as JSON.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jsonObject } from '../studio/refusal.ts';
import { DAY, type Person, SESSION_DAYS } from './accounts.ts';

export const SESSION_COOKIE = 'studio_session';

/** A request the server refuses: its status and what the person is told. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function cookies(req: IncomingMessage): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) found.set(part.slice(0, eq).trim(), decodeURIComponent(part.slice(eq + 1).trim()));
  }
  return found;
}

/** The session cookie: HttpOnly, SameSite=Strict, and Secure when the studio is reached over TLS. */
export function sessionCookie(value: string, secure: boolean, maxAgeSeconds = (SESSION_DAYS * DAY) / 1000): string {
  return [`${SESSION_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`, ...(secure ? ['Secure'] : [])].join('; ');
}

/**
 * A request that changes anything comes from the studio's own pages: its Origin (or, where a browser
 * sends none, Sec-Fetch-Site) says so. Other sites can make a signed-in person's browser send requests
 * here; SameSite=Strict keeps the cookie off them, and this refuses them outright.
 */
export function checkOrigin(req: IncomingMessage, origin: string): void {
  const sent = req.headers.origin;
  const same = sent ? sent === origin : req.headers['sec-fetch-site'] === 'same-origin';
  if (!same) throw new Refused(403, 'this request did not come from the studio\'s own page, so it is refused');
}

/** A JSON object body (a cross-site form cannot send application/json without the browser asking first). */
export async function jsonBody(req: IncomingMessage, limit = 1_000_000): Promise<Record<string, unknown>> {
  if ((req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() !== 'application/json') {
    throw new Refused(415, 'the studio takes JSON (Content-Type: application/json)');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new Refused(413, 'the request is too large');
    chunks.push(chunk);
  }
  return jsonObject(Buffer.concat(chunks));
}

export const text = (body: Record<string, unknown>, key: string, max = 10_000): string => {
  const v = body[key];
  if (typeof v !== 'string' || v.length > max) throw new Refused(400, `the request names no ${key}`);
  return v;
};

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | string[]> = {}): void {
  res.statusCode = status;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

/** Who is asking, once the session is known. */
export interface Caller {
  person: Person;
  session: string;
}
