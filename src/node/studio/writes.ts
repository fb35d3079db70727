// How the studio writes to a project: one change at a time per project, and only over files that are
// still as the change was made from. Every writing endpoint (save, new, move and delete page, upload,
// replace and delete picture) runs its whole change, from reading to writing, inside `serialised`,
// and writes pages-data/ through `writeFiles`. So a save that is still being checked (a large
// picture to read) and a move that rewrites the same page can never both write: the second waits,
// then sees the first's files, and one whose file changed under it is refused with 409.
//
// Use from another server (the multi-user studio):
//   await serialised(root, async () => {
//     const text = readFileSync(...);                    // read, check, decide...
//     await writeFiles(root, new Map([[file, next]]), new Map([[file, text]]));
//     await commitDraft(...);                            // and whatever must hold this change alone (its git commit)
//   });
// A task that calls `serialised` again for the project it holds (the studio server's write and its
// commit around an endpoint that serialises itself) runs that step in place, inside its own turn.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { throughLink } from '../content/files.ts';
import { Refusal } from './refusal.ts';

/** The last task queued for each project (by its folder, links followed): the next one starts after it. */
const queues = new Map<string, Promise<void>>();
/** The turns the running code is inside of (a task, and everything it awaits), each over once its task settles. */
const turns = new AsyncLocalStorage<readonly { key: string; over: boolean }[]>();

/**
 * Hooks for tests that make a race repeatable: `queued` is called when a task has to wait for another
 * of the same project; `beforeWrite` is awaited inside the task, just before the re-check and the write.
 */
export const writeHooks: { queued?: (root: string) => void; beforeWrite?: (root: string) => Promise<void> | void } = {};

const projectKey = (root: string) => {
  try {
    return realpathSync(root);
  } catch {
    return resolve(root);
  }
};

/**
 * Runs `task` alone among the changes to the project at `root`: after every task queued before it has
 * settled (whether it succeeded or not), and before any task queued after it starts. Answers what the
 * task answers, or fails as it fails. Called from inside a task running for the same project, it runs
 * `task` at once, as a step of that task (waiting for that task's own end would never end).
 */
export function serialised<T>(root: string, task: () => Promise<T> | T): Promise<T> {
  const key = projectKey(root);
  const inside = turns.getStore() ?? [];
  if (inside.some((t) => t.key === key && !t.over)) return Promise.resolve().then(task);
  const before = queues.get(key);
  if (before) writeHooks.queued?.(root);
  const turn = { key, over: false };
  const run = (before ?? Promise.resolve()).then(() => turns.run([...inside, turn], task)).finally(() => {
    turn.over = true;
  });
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

/**
 * Writes `changes` under pages-data/ (a path there and its new text; null deletes the file), all of
 * them or none, once every file in `read` is still as the change was made from (its text, or null for
 * a file that was absent). A file changed meanwhile, outside the studio (an editor, git), refuses the
 * whole change with 409. Call inside `serialised`.
 */
export async function writeFiles(root: string, changes: ReadonlyMap<string, string | null>, read: ReadonlyMap<string, string | null>): Promise<void> {
  await writeHooks.beforeWrite?.(root);
  const dataDir = join(root, 'pages-data');
  for (const [rel, text] of read) {
    const now = existsSync(join(dataDir, rel)) ? readFileSync(join(dataDir, rel), 'utf8') : null;
    if (now === text) continue;
    const what = text === null ? 'was made' : now === null ? 'was deleted' : 'changed';
    throw new Refusal(409, `pages-data/${rel} ${what} on disk while this change was being checked (in an editor, by git, or in another window?): nothing was changed. Open the page again to see it as it is now`);
  }
  commit(dataDir, changes);
}

/**
 * Writes every change or none: each new text goes to a temporary file beside its target first; only
 * when all are written are they renamed into place and the removed files deleted. Should a rename
 * fail, every file gets its old text back. Folders a removal leaves empty go too. Nothing is written
 * or deleted through a link.
 */
export function commit(dataDir: string, changes: ReadonlyMap<string, string | null>) {
  for (const rel of changes.keys()) {
    const link = throughLink(dataDir, rel);
    if (link) throw new Refusal(400, `pages-data/${rel} goes through a link (to ${link}): the studio writes nothing through links; nothing was changed`);
  }
  const staged: [string, string][] = [];
  const made: string[] = [];
  const unstage = () => {
    for (const [tmp] of staged) rmSync(tmp, { force: true });
    for (const dir of made.reverse()) if (existsSync(dir) && readdirSync(dir).length === 0) rmdirSync(dir);
  };
  try {
    for (const [rel, text] of changes) {
      if (text === null) continue;
      const target = join(dataDir, rel);
      for (let dir = dirname(target), missing: string[] = []; ; dir = dirname(dir)) {
        if (existsSync(dir)) {
          for (const d of missing.reverse()) (mkdirSync(d), made.push(d));
          break;
        }
        missing.push(dir);
      }
      const tmp = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.tmp`);
      writeFileSync(tmp, text);
      staged.push([tmp, target]);
    }
  } catch (err) {
    unstage();
    throw new Refusal(500, `could not write ${(err as Error).message}; nothing was changed`);
  }
  const before = new Map([...changes.keys()].map((rel) => [rel, existsSync(join(dataDir, rel)) ? readFileSync(join(dataDir, rel), 'utf8') : undefined]));
  try {
    for (const [tmp, target] of staged) renameSync(tmp, target);
    for (const [rel, text] of changes) if (text === null) unlinkSync(join(dataDir, rel));
  } catch (err) {
    for (const [rel, text] of before) {
      if (text === undefined) rmSync(join(dataDir, rel), { force: true });
      else writeFileSync(join(dataDir, rel), text);
    }
    unstage();
    throw new Refusal(500, `could not write ${(err as Error).message}; every file was put back as it was`);
  }
  for (const [rel, text] of changes) {
    if (text !== null) continue;
    for (let dir = dirname(join(dataDir, rel)); dir !== dataDir && readdirSync(dir).length === 0; dir = dirname(dir)) rmdirSync(dir);
  }
}
