// What `npm run build` takes from the last build rather than making it again (issue 41). A build that
// finishes leaves a record in dist/ (RECORD_FILE, the last file it writes, so an interrupted build
// leaves none in what it wrote) of what it made its outputs from:
//   - the inputs: every file of the code (what the build bundles, runs and is configured by: CODE, less
//     what git ignores; the lockfiles), the environment the code reads, and every file of the content
//     (pages-data/, public/). The same inputs make the same dist/: nothing to do.
//   - the code: the same code and the same site document (the only content in the code: vite-plugin.ts
//     bundledContent) make the same bundles, so the last build's are taken; otherwise every page is
//     made again ("a full build").
//   - each page: the hash of exactly what its files are made from (its document as the browser gets
//     it, with every record, page title and picture it shows resolved, and what the build adds to its
//     HTML): the same hash, the same files.
//   - each other file the build compresses: the hash of its bytes and the compression's settings.
// Whatever has no record, or a different one, is made: an output the build does not know is made anew.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { onWorkers } from './workers.ts';

/** The record, under dist/ (a dot folder no server sends). */
export const RECORD_FILE = '.vite/build.json';
/** Changed whenever what a record means (or how its hashes are made) changes: a record of another version is not read. */
export const RECORD_VERSION = 1;

export interface BuildRecord {
  version: number;
  /** The hash of every input: the code, the environment and the content. */
  inputs: string;
  /** The hash of each file of the code, by its path in the project; the environment the code reads as ENVIRONMENT. */
  code: Record<string, string>;
  /** The hash of the content that is part of the code (the site document). */
  bundled: string;
  /** What the client and server builds made. */
  bundle: {
    /** The hash of all their files. */
    hash: string;
    /** Their files under dist/: the client build's (code, styles, the build manifest), not public/'s. */
    files: string[];
    /** The page template made of the client build's index.html, and the chunks every page starts. */
    template: string;
    entryChunks: string[];
  };
  /** Each route's hash: what its page and its document (and their compressed copies) were made from. */
  pages: Record<string, string>;
  /** Each other file that was compressed, by its path under dist/: the hash of its bytes and settings. */
  compressed: Record<string, string>;
}

/** The hash the record keeps: 128 bits of SHA-256, as hex, of the parts each with its length. */
export const hashOf = (...parts: (string | Buffer)[]): string => {
  const h = createHash('sha256');
  for (const p of parts) h.update(`${typeof p === 'string' ? Buffer.byteLength(p) : p.length}:`).update(p);
  return h.digest('hex').slice(0, 32);
};

const ENVIRONMENT = '(environment)';
/**
 * What the build reads as its code, from the project's root: what it bundles and runs (src/, schemas/,
 * the page template), how it is configured and what it installed. Nothing else of the project is (the
 * tests, the docs, a log or a note left at the root).
 */
const CODE = ['src', 'schemas', 'index.html', 'package.json', 'package-lock.json', 'tsconfig.json', 'vite.config.ts', 'node_modules/.package-lock.json'];
/** An editor's leftovers (swap and backup files) and dotfiles, which no build reads, even inside src/. */
const LEFTOVER = /^\.|~$|\.sw[a-p]$/;

/**
 * The hash of each file of the code (CODE, less what .gitignore names and editors' leftovers; a
 * .gitignore that re-includes anything with `!` is not read at all) and the environment as the build was
 * started: the values of the variables the code names as process.env.NAME, and Node's versions.
 */
export function codeHashes(root: string, environment: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const ignored = gitIgnored(root);
  const out: Record<string, string> = {};
  const env = new Set(['NODE_ENV']);
  const hash = (path: string, kind: 'dir' | 'file' | 'dangling') => {
    if (kind === 'dir') walk(path);
    else if (kind === 'dangling') out[path] = hashOf('->', readlinkSync(join(root, path)));
    else {
      const data = readFileSync(join(root, path));
      out[path] = hashOf(data);
      for (const m of data.toString('latin1').matchAll(/process\.env\.([A-Za-z_][A-Za-z0-9_]*)/g)) env.add(m[1]!);
    }
  };
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
      const path = `${rel}/${entry.name}`;
      const kind = entry.isSymbolicLink() ? linked(join(root, path)) : entry.isDirectory() ? 'dir' : 'file';
      if (!LEFTOVER.test(entry.name) && !ignored(path, kind === 'dir')) hash(path, kind);
    }
  };
  for (const path of CODE) {
    const there = lstatSync(join(root, path), { throwIfNoEntry: false });
    if (there) hash(path, there.isSymbolicLink() ? linked(join(root, path)) : there.isDirectory() ? 'dir' : 'file');
  }
  const set = [...env].sort().filter((name) => environment[name] !== undefined);
  out[ENVIRONMENT] = hashOf(JSON.stringify(set.map((name) => [name, environment[name]])), JSON.stringify(process.versions));
  return out;
}

/** What a symbolic link leads to. */
function linked(path: string): 'dir' | 'file' | 'dangling' {
  try {
    return statSync(path).isDirectory() ? 'dir' : 'file';
  } catch {
    return 'dangling';
  }
}

/** Whether .gitignore (the project's own, its simple patterns) names a path. */
function gitIgnored(root: string): (path: string, dir: boolean) => boolean {
  const file = join(root, '.gitignore');
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#')) : [];
  if (lines.some((l) => l.startsWith('!'))) return () => false;
  const rules = lines.map((line) => {
    const dirOnly = line.endsWith('/');
    const pattern = line.replace(/\/$/, '');
    const anchored = pattern.includes('/');
    const re = new RegExp(`^${pattern.replace(/^\//, '').replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')}$`);
    return { dirOnly, anchored, re };
  });
  return (path, dir) =>
    rules.some((r) => (!r.dirOnly || dir) && (r.anchored ? r.re.test(path) : r.re.test(path.slice(path.lastIndexOf('/') + 1))));
}

/** The hash of the content's files (pages-data/, public/), by path and bytes. */
export function contentHash(root: string): string {
  const h = createHash('sha256');
  for (const dir of ['pages-data', 'public']) {
    if (!existsSync(join(root, dir))) continue;
    for (const rel of (readdirSync(join(root, dir), { recursive: true }) as string[]).sort()) {
      const path = join(root, dir, rel);
      if (!statSync(path).isFile()) continue;
      const data = readFileSync(path);
      h.update(`${dir}/${rel}\0${data.length}:`).update(data);
    }
  }
  return h.digest('hex').slice(0, 32);
}

/** The inputs' hash: the code's (codeHashes) and the content's. */
export const inputsHash = (code: Record<string, string>, content: string): string => hashOf(JSON.stringify(Object.entries(code).sort()), content);

/** The last build's record, or why there is none to reuse. */
export function readRecord(dist: string): { record: BuildRecord } | { reason: string } {
  const file = join(dist, RECORD_FILE);
  if (!existsSync(file)) return { reason: existsSync(dist) ? `dist/ holds no record of the build that made it (${RECORD_FILE})` : 'there is no earlier build in dist/' };
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as BuildRecord;
    if (record.version !== RECORD_VERSION) return { reason: 'the last build was made by another version of the build' };
    return { record };
  } catch {
    return { reason: `dist/${RECORD_FILE} does not read` };
  }
}

/**
 * What a build records as its code and inputs when they changed while it ran (a file saved meanwhile):
 * what it made may be of either, so the next build reuses none of it.
 */
const CHANGED = '(changed while the build ran)';
export const changedWhileBuilt = { inputs: CHANGED, code: { [CHANGED]: CHANGED } };

/** Why the code differs from the record's, naming the first file that does, or undefined when it is the same. */
export function codeChange(was: Record<string, string>, now: Record<string, string>): string | undefined {
  if (was[CHANGED]) return 'the code or the content changed while the last build ran';
  for (const path of [...new Set([...Object.keys(was), ...Object.keys(now)])].sort()) {
    if (was[path] === now[path] || path === ENVIRONMENT) continue;
    return `${path} ${was[path] === undefined ? 'is new' : now[path] === undefined ? 'was removed' : 'changed'} since the last build`;
  }
  if (was[ENVIRONMENT] !== now[ENVIRONMENT]) return 'the environment the code reads changed (a variable it names, or the version of Node)';
  return undefined;
}

/** The record as written: its keys in order, so that two builds of the same site write the same file. */
export function recordText(record: BuildRecord): string {
  const sorted = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return JSON.stringify({ ...record, code: sorted(record.code), pages: sorted(record.pages), compressed: sorted(record.compressed) }) + '\n';
}

/**
 * Worker code (workers.ts WORK): puts the last build's files (workerData.from) into the new folder
 * (workerData.to) under the same paths, each as a second name for the same file (a hard link: no copy,
 * and the last build's folder stays whole until the new one replaces it). Nothing is ever written into a
 * file put there this way: a file the build makes is a new one. Answers each list of files with the
 * first the last build lacks (the build then starts again in full), or null.
 */
const TAKER = `
const { copyFileSync, linkSync, mkdirSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { from, to } = workerData;
// One mkdir per folder (thousands of them, for a catalogue's pages).
const folders = new Set();
function take(rel) {
  const target = join(to, rel);
  if (!folders.has(dirname(target))) mkdirSync(dirname(target), { recursive: true }), folders.add(dirname(target));
  try {
    linkSync(join(from, rel), target);
  } catch (err) {
    if (err.code === 'ENOENT') return false;
    // Another file system, or one without hard links: a copy.
    if (err.code === 'EXDEV' || err.code === 'EPERM' || err.code === 'ENOTSUP') copyFileSync(join(from, rel), target);
    else throw err;
  }
  return true;
}
work((files) => files.find((rel) => !take(rel)) ?? null);
`;

/**
 * Takes the last build's files into the new folder (TAKER) on a thread of its own, started with the first
 * file, while the build goes on: making folders and links is the file system's work (on ext4 a folder
 * some 0.1-0.3 ms, a link some 0.01 ms), which the build no longer waits for.
 */
export function taker(from: string, to: string) {
  let lacking: string | undefined;
  const thread = onWorkers<string | null>(TAKER, { from, to }, (first) => void (lacking ??= first ?? undefined), 1);
  let batch: string[] = [];
  const flush = () => {
    if (batch.length) thread.post([batch]);
    batch = [];
  };
  return {
    take(files: readonly string[]) {
      batch.push(...files);
      if (batch.length >= 1024) flush();
    },
    /** Resolves once every file given has been taken: with the first the last build lacked, or undefined. */
    async settled(): Promise<string | undefined> {
      flush();
      await thread.settled();
      return lacking;
    },
    /** As settled, then stops the thread. */
    async end(): Promise<string | undefined> {
      flush();
      await thread.end();
      return lacking;
    },
  };
}

export type Taker = ReturnType<typeof taker>;

/**
 * Copies public/ into the new folder as the client build does (vite's copyDir: every file, links
 * followed), for a build that takes the last build's bundles instead of running the client build.
 * Copies, never links: the picture step replaces some of these files, and must not write into public/.
 */
export function copyPublic(root: string, out: string): void {
  const copy = (from: string, to: string) => {
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from)) {
      if (statSync(join(from, name)).isDirectory()) copy(join(from, name), join(to, name));
      else copyFileSync(join(from, name), join(to, name));
    }
  };
  if (existsSync(join(root, 'public'))) copy(join(root, 'public'), out);
}

/** The client build's own files in the new folder: every file but public/'s copies (a file of the same path and bytes). */
export function bundleFiles(root: string, out: string): string[] {
  return (readdirSync(out, { recursive: true }) as string[])
    .filter((rel) => statSync(join(out, rel)).isFile())
    .filter((rel) => {
      const source = join(root, 'public', rel);
      return !(existsSync(source) && readFileSync(source).equals(readFileSync(join(out, rel))));
    })
    .sort();
}

/** The hash of a set of files under a folder, by path and bytes. */
export function filesHash(dir: string, files: readonly string[]): string {
  return hashOf(...files.flatMap((rel) => [rel, readFileSync(join(dir, rel))]));
}

/** Every file under a folder, by its path there. */
export const allFiles = (dir: string): string[] =>
  existsSync(dir) ? (readdirSync(dir, { recursive: true }) as string[]).filter((rel) => statSync(join(dir, rel)).isFile()).sort() : [];

/** Deletes folders without waiting: a process of its own goes on after the build has ended. */
export function removeLater(dirs: readonly string[]): void {
  if (dirs.length === 0) return;
  // rm deletes a large folder in a third of the time Node's rmSync takes (60,000 files: 3 s against 9).
  const rm = existsSync('/bin/rm') ? ['/bin/rm', '-rf', ...dirs] : [process.execPath, '-e', `for (const d of ${JSON.stringify(dirs)}) require('node:fs').rmSync(d, { recursive: true, force: true })`];
  spawn(rm[0]!, rm.slice(1), { detached: true, stdio: 'ignore' }).unref();
}
