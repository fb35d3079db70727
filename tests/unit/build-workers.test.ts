// The build's worker threads (src/node/build/workers.ts): ended between stages (recycle), the pool starts
// new ones for what comes next; a thread that fails fails the build.
import { describe, expect, test } from 'vitest';
import { onWorkers } from '../../src/node/build/workers';

/** Answers each item with the thread that took it. */
const ECHO = `work((item) => ({ item, thread: require('node:worker_threads').threadId }));`;

type Echo = { item: number; thread: number };

describe('the build\'s worker threads', () => {
  test('recycled between stages, the pool starts new threads for what comes next', async () => {
    const answers: Echo[] = [];
    const pool = onWorkers<Echo>(ECHO, null, (a) => answers.push(a), 1);
    pool.post([1, 2]);
    await pool.recycle();
    pool.post([3]);
    await pool.end();
    const threadOf = new Map(answers.map((a) => [a.item, a.thread]));
    expect(threadOf.get(1)).toBe(threadOf.get(2));
    expect(threadOf.get(3)).not.toBe(threadOf.get(1));
  });

  test('an item a thread fails on fails the pool', async () => {
    const pool = onWorkers(`work((item) => { if (item === 4) throw new Error('item 4 is broken'); return item; });`, null, () => {}, 2);
    for (let i = 0; i < 8; i++) pool.post([i]);
    await expect(pool.end()).rejects.toThrow('item 4 is broken');
  });
});
