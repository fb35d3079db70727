// Work spread over worker threads, each running a piece of plain JavaScript (the build runs under tsx,
// whose loader a worker does not get): the build's renderers and compressors (render.ts, compress.ts)
// and the thread that takes the last build's files (reuse.ts taker).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Starts `code` on as many worker threads as there are cores (or `threads`), when first given something
 * to do. `post` hands them items (to the one with the fewest waiting); each worker posts one message per
 * item, which `each` gets here as they come, in no set order. `settled` resolves once every item posted
 * so far has been answered, `end` then stops the threads (`recycle` too, and starts new ones for what comes
 * next). The worker code takes its items with WORK (below). Rendering a product's page takes some 4 ms of
 * CPU, compressing it and its document some 2.
 */
export function onWorkers<M>(code: string, shared: unknown, each: (message: M) => void, threads = availableParallelism()) {
  const workers: { thread: Worker; waiting: number }[] = [];
  let posted = 0;
  let answered = 0;
  let failure: unknown;
  let finished: (() => void) | undefined;
  let room: { items: number; resolve: () => void } | undefined;
  let stopping = false;
  const fail = (err: unknown) => {
    failure ??= err;
    finished?.();
    room?.resolve();
  };
  /** A worker more: one is started when every one has work waiting (a build that draws a page or two starts one). */
  const start = () => {
    const w = {
      // React's production build renders some three times as fast as its development build, which a
      // worker would take (NODE_ENV unset); the browser runs the production build too.
      thread: new Worker(`${WORK}\n${code}`, { eval: true, workerData: shared, env: { ...process.env, NODE_ENV: 'production' } }),
      waiting: 0,
    };
    workers.push(w);
    w.thread.on('message', (message: M) => {
      w.waiting--;
      answered++;
      try {
        each(message);
      } catch (err) {
        fail(err);
      }
      if (answered === posted) finished?.();
      if (room && posted - answered <= room.items) room.resolve();
    });
    w.thread.on('error', fail);
    w.thread.on('exit', (code) => stopping || fail(new Error(`a build worker stopped (exit ${code}) with ${w.waiting} items unanswered`)));
  };
  return {
    post(items: readonly unknown[]) {
      if (items.length === 0) return;
      if (workers.length < threads && workers.every((w) => w.waiting > 0)) start();
      const w = workers.reduce((a, b) => (b.waiting < a.waiting ? b : a));
      w.waiting += items.length;
      posted += items.length;
      w.thread.postMessage(items);
    },
    /**
     * Resolves once no more than `items` of those posted are unanswered (or a worker failed: settled
     * says so): a loop that waits on it before posting more keeps only a few items queued, where it
     * would otherwise queue everything it makes faster than the workers take it.
     */
    async room(items: number) {
      if (posted - answered <= items || failure !== undefined) return;
      await new Promise<void>((resolve) => (room = { items, resolve }));
      room = undefined;
    },
    /** Resolves once every item posted has been answered; rejects with the first failure (a worker's, or `each`'s). */
    async settled() {
      await new Promise<void>((resolve) => {
        finished = resolve;
        if (answered === posted || failure !== undefined) resolve();
      });
      if (failure !== undefined) throw failure;
    },
    /**
     * As settled, then stops the threads; what is posted later starts new ones. A thread that has drawn
     * thousands of pages holds their garbage, which V8 collects lazily (some 500 MB a thread at the end
     * of 50,000 products' pages, of which some 45 MB is live): ended, it gives it back at once.
     */
    async recycle() {
      await this.settled();
      stopping = true;
      await Promise.all(workers.splice(0).map((w) => w.thread.terminate()));
      stopping = false;
    },
    /** As settled, then stops the threads. */
    async end() {
      try {
        await this.settled();
      } finally {
        stopping = true;
        await Promise.all(workers.map((w) => w.thread.terminate()));
      }
    },
  };
}

/** Worker code: work(handle) calls handle(item) for each item posted to the worker, one at a time, and posts what it returns. */
export const WORK = `
const { parentPort, workerData } = require('node:worker_threads');
function work(handle) {
  const queue = [];
  let running = false;
  parentPort.on('message', async (items) => {
    queue.push(...items);
    if (running) return;
    running = true;
    while (queue.length) parentPort.postMessage(await handle(queue.shift()));
    running = false;
  });
}
`;
