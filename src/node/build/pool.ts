// The build's one pool of worker threads (workers.ts): each draws pages (render.ts DRAW) and writes and
// compresses files (compress.ts COMPRESS), as they are given to it; what they answer is tallied here.
import { NOT_FOUND_ROUTE } from '../../../schemas/routes.ts';
import { COMPRESS } from './compress.ts';
import { DRAW } from './render.ts';
import { onWorkers } from './workers.ts';

/** What a worker answers: a page drawn, with its status and the blocks it copied, or a file; each with the compressed copies it made. */
type Answer = { compressed: number } & ({ url: string; status: number; copied?: number } | { url?: undefined });

const WORKER = `
${COMPRESS}
${DRAW}
work((job) => (job.url ? draw(job) : file(job)));
`;

/**
 * The pool: `entry` the server bundle the pages are drawn with (imported by a worker when it is first
 * given a page), `dist` the folder written, `template` the page template. The threads start when first
 * given something to do.
 */
export function buildWorkers(shared: { entry: string; dist: string; template: string }) {
  const done = { compressed: 0, copied: 0 };
  const pool = onWorkers<Answer>(WORKER, shared, (answer) => {
    done.compressed += answer.compressed;
    if (answer.url === undefined) return;
    done.copied += answer.copied ?? 0;
    const expected = answer.url === NOT_FOUND_ROUTE ? 404 : 200;
    if (answer.status !== expected) throw new Error(`prerender ${answer.url}: status ${answer.status}, expected ${expected}`);
  });
  return { ...pool, done };
}

export type BuildWorkers = ReturnType<typeof buildWorkers>;
