// A request the studio refuses: its HTTP status, what the author is told, and what is listed with it.
import type { Problem } from '../content/load.ts';
import type { Link } from './pages.ts';

export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** What is listed with it; `gone`: the document it names is not there any more (moved or deleted meanwhile). */
    readonly details: { links?: Link[]; problems?: Problem[]; gone?: boolean } = {},
  ) {
    super(message);
  }
}
