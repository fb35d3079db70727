// The files of a folder the site is made from (pages-data/, public/), as the build, validate and the
// studio read them. A link is followed only where it leads to a place inside that folder: one that
// leads out of it (pages-data/linked.json -> /home/me/notes.json) is never read or written through,
// and is listed apart so that validate can name it. An entry that vanishes while the folder is being
// read (a `git checkout` in another window) is simply not there.
import { lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

export interface FolderListing {
  /** Every file, by its path under the folder (a/b.json), sorted. */
  files: string[];
  /** Every link that leads out of the folder, by its path under it, with the place it leads to. */
  outside: { path: string; target: string }[];
}

const vanished = (err: unknown) => ['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

const within = (base: string, path: string) => {
  const rel = relative(base, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** The folder's own place once links are followed (a pages-data/ that is itself a link is the deployer's choice); undefined when it is not there. */
function realFolder(dir: string): string | undefined {
  try {
    return realpathSync(dir);
  } catch (err) {
    if (vanished(err)) return undefined;
    throw err;
  }
}

export function listFolder(dir: string): FolderListing {
  const base = realFolder(dir);
  const listing: FolderListing = { files: [], outside: [] };
  if (!base) return listing;
  const seen = new Set([base]);
  const visit = (abs: string, rel: string) => {
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch (err) {
      if (vanished(err)) return;
      throw err;
    }
    for (const entry of entries) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      const full = join(abs, entry.name);
      let [isDir, isFile] = [entry.isDirectory(), entry.isFile()];
      if (entry.isSymbolicLink()) {
        let real: string;
        try {
          real = realpathSync(full);
        } catch (err) {
          if (vanished(err)) continue; // a link to nothing: no file is there
          throw err;
        }
        if (!within(base, real)) {
          listing.outside.push({ path, target: real });
          continue;
        }
        try {
          const stats = statSync(real);
          [isDir, isFile] = [stats.isDirectory(), stats.isFile()];
        } catch (err) {
          if (vanished(err)) continue;
          throw err;
        }
        if (isDir && seen.has(real)) continue; // a link back up the tree
        if (isDir) seen.add(real);
      }
      if (isDir) visit(full, path);
      else if (isFile) listing.files.push(path);
    }
  };
  visit(dir, '');
  listing.files.sort();
  return listing;
}

/**
 * Where `rel` (a path under `dir`, which need not exist yet) leads when that is outside `dir`: the
 * deepest part of it that exists, with links followed. Undefined when it stays inside. Checked before
 * the studio reads, writes or deletes a file.
 */
export function leavesFolder(dir: string, rel: string): string | undefined {
  const base = realFolder(dir) ?? resolve(dir);
  const target = resolve(dir, rel);
  if (!within(resolve(dir), target)) return target;
  for (let path = target; ; path = dirname(path)) {
    let real: string | undefined;
    try {
      real = realpathSync(path);
    } catch (err) {
      if (!vanished(err)) throw err;
      // A link to nothing leads where it names; anything else that is not there is looked for higher up.
      try {
        if (lstatSync(path).isSymbolicLink()) real = resolve(dirname(path), readlinkSync(path));
      } catch (e) {
        if (!vanished(e)) throw e;
      }
    }
    if (real !== undefined) return within(base, real) ? undefined : real;
    if (path === resolve(dir) || dirname(path) === path) return undefined;
  }
}

/** A path under a folder as it is named in messages, with forward slashes. */
export const shown = (folder: string, rel: string) => `${folder}/${rel.split(sep).join('/')}`;
