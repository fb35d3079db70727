// A request the studio refuses: its HTTP status, what the author is told, and what is listed with it.
import type { Problem } from '../content/load.ts';
import type { Link } from './pages.ts';

export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { links?: Link[]; problems?: Problem[] } = {},
  ) {
    super(message);
  }
}
