// The files of a folder the site is made from (pages-data/, public/), as the build, validate and the
// studio read them. A link (symlink) in them is never followed, wherever it leads: it is listed apart,
// so that validate can name it. Git keeps a link as the path it names, and what that path holds
// differs from one machine to the next (a Windows checkout makes it a small text file; a link to
// /etc/passwd or the studio's accounts, pushed to the site's branch, would be served or published),
// so even a link to a place inside the folder is refused: the file itself belongs there. The folder
// itself may be a link (the deployer's choice). An entry that vanishes while the folder is being read
// (a `git checkout` in another window) is simply not there.
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readlinkSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

export interface FolderListing {
  /** Every file, by its path under the folder (a/b.json), sorted. */
  files: string[];
  /** Every link, by its path under the folder, with the place it names. */
  links: { path: string; target: string }[];
}

const vanished = (err: unknown) => ['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

const within = (base: string, path: string) => {
  const rel = relative(base, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** The place a link names, as an absolute path. */
const linkTarget = (link: string) => resolve(dirname(link), readlinkSync(link));

export function listFolder(dir: string): FolderListing {
  const listing: FolderListing = { files: [], links: [] };
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
      if (entry.isSymbolicLink()) {
        try {
          listing.links.push({ path, target: linkTarget(join(abs, entry.name)) });
        } catch (err) {
          if (!vanished(err)) throw err;
        }
      } else if (entry.isDirectory()) visit(join(abs, entry.name), path);
      else if (entry.isFile()) listing.files.push(path);
    }
  };
  visit(dir, '');
  listing.files.sort();
  listing.links.sort((a, b) => (a.path < b.path ? -1 : 1));
  return listing;
}

/**
 * Where `rel` (a path under `dir`, which need not exist yet) goes through a link, or out of `dir`: the
 * place the first link on its way names (or the path outside). Undefined when it stays inside, link
 * free. Checked before the studio reads, writes, deletes or sends a file.
 */
export function throughLink(dir: string, rel: string): string | undefined {
  const base = resolve(dir);
  const target = resolve(base, rel);
  if (!within(base, target)) return target;
  let path = base;
  for (const part of relative(base, target).split(sep).filter(Boolean)) {
    path = join(path, part);
    try {
      if (lstatSync(path).isSymbolicLink()) return linkTarget(path);
    } catch (err) {
      if (vanished(err)) return undefined; // not there (yet): nothing further down is a link
      throw err;
    }
  }
  return undefined;
}

/**
 * A regular file under `dir`, opened without following any link (O_NOFOLLOW, and no link on its way):
 * its descriptor and size, or undefined when there is no such file. What a server sends a file of
 * public/ or pages-data/ with.
 */
export function openRegularFile(dir: string, rel: string): { fd: number; size: number } | undefined {
  if (throughLink(dir, rel) !== undefined) return undefined;
  let fd: number;
  try {
    fd = openSync(resolve(dir, rel), constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return undefined; // not there, a link put there meanwhile (ELOOP), not readable
  }
  const stats = fstatSync(fd);
  if (stats.isFile()) return { fd, size: stats.size };
  closeSync(fd);
  return undefined;
}

/** A path under a folder as it is named in messages, with forward slashes. */
export const shown = (folder: string, rel: string) => `${folder}/${rel.split(sep).join('/')}`;
