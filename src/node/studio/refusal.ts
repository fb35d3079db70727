// A request the studio refuses: its HTTP status, what the author is told, and what is listed with it;
// and what every studio server reads a request's JSON body with.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Problem } from '../content/load.ts';
import type { Link } from './pages.ts';

export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** What is listed with it; `gone`: the document it names is not there any more (moved or deleted meanwhile); anything else is sent as it is (the studio server's conflict). */
    readonly details: { links?: Link[]; problems?: Problem[]; gone?: boolean; [more: string]: unknown } = {},
  ) {
    super(message);
  }
}

/** How deep a request's JSON may nest: a document nests some 8 levels; far deeper would exhaust the stack of the code that walks it. */
export const MAX_DEPTH = 64;

/** The JSON object a request's body holds, or a refusal (400) saying what is wrong with it. */
export function jsonObject(bytes: Buffer): Record<string, unknown> {
  const text = bytes.toString('utf8');
  if (nesting(text) > MAX_DEPTH) throw new Refusal(400, `the request nests values more than ${MAX_DEPTH} levels deep, which no document does`);
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new Refusal(400, 'the body is not a JSON object');
}

/** The deepest nesting of brackets in a JSON text, outside its strings (read in one pass, without recursion). */
function nesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') deepest = Math.max(deepest, ++depth);
    else if (c === '}' || c === ']') depth--;
  }
  return deepest;
}

/**
 * A request whose client went away (closed the tab, lost the network) while it was read or answered:
 * nothing is answered, and it is no fault of the server's to log.
 */
export const abandoned = (req: IncomingMessage, res: ServerResponse) => req.destroyed || res.destroyed || req.socket.destroyed;

/** The answer to a failure the server did not foresee: it names no file and no detail (its log has them). */
export const FAILED = "the studio's server failed: the error is in the server's log";
