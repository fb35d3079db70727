// A request the studio refuses: its HTTP status, what the author is told, and what is listed with it.
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
