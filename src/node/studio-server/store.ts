// A JSON file in the studio's data folder (STUDIO_DATA): read again whenever it changed on disk (the
// `user add` command writes the same files while the server runs), and written atomically (a
// temporary file renamed over it), one writer at a time, across processes (a lock file beside it).
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';

/** Runs tasks one after another (per key): what a per-person or per-file queue needs. */
export class Queue {
  private tails = new Map<string, Promise<unknown>>();
  run<T>(key: string, task: () => Promise<T> | T): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const next = before.then(task, task);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => this.tails.get(key) === tail && this.tails.delete(key));
    return next;
  }
}

export function writeAtomically(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600 });
  renameSync(tmp, file);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class JsonStore<T> {
  private cached: { mtimeMs: number; size: number; value: T } | undefined;
  private queue = new Queue();

  constructor(
    readonly file: string,
    private readonly empty: () => T,
  ) {}

  read(): T {
    if (!existsSync(this.file)) return this.empty();
    const { mtimeMs, size } = statSync(this.file);
    if (this.cached?.mtimeMs !== mtimeMs || this.cached.size !== size) {
      this.cached = { mtimeMs, size, value: JSON.parse(readFileSync(this.file, 'utf8')) as T };
    }
    return structuredClone(this.cached.value);
  }

  /** Changes the file: `change` gets its value as it is now and answers what to return; the value is written whatever it returns. */
  update<R>(change: (value: T) => R): Promise<R> {
    return this.queue.run('file', async () => {
      const lock = `${this.file}.lock`;
      mkdirSync(dirname(this.file), { recursive: true });
      for (let tries = 0; ; tries++) {
        try {
          closeSync(openSync(lock, 'wx'));
          break;
        } catch {
          // A lock older than 10 s is a crashed writer's.
          if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 10_000) rmSync(lock, { force: true });
          if (tries > 200) throw new Error(`${lock} stays locked`);
          await sleep(50);
        }
      }
      try {
        const value = this.read();
        const result = change(value);
        writeAtomically(this.file, JSON.stringify(value, null, 2) + '\n');
        return result;
      } finally {
        rmSync(lock, { force: true });
      }
    });
  }
}
