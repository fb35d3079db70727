// The .gz and .br copies beside every text file of 1 KB or more: how hard each file is compressed, the
// worker code that compresses, and the files compressed after the pages (the pages' own copies are
// made as they are drawn, render.ts), on the build's one pool of workers (pool.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildWorkers } from './pool.ts';
import { type BuildRecord, hashOf, type Taker } from './reuse.ts';
import type { siteFiles } from './site-files.ts';

/**
 * How hard the files made from the content are compressed (the pages, the sitemap, the page documents
 * and the products' files of the search index): they grow with the catalogue and change with any edit. Brotli: on the site's
 * 64 pages, quality 11 makes 484 KB of .br at about 55 ms a page; 8 makes 539 KB (+11%) at about 1 ms;
 * 9 saves 0.2% more for ten times the time, and 10 comes within 2.4% of 11 at 15 ms. For a catalogue of
 * 10,000 product pages, 5 takes half the time of 8 for 1.4% more (a product page of 44 KB: 6,367 bytes
 * in 0.6 ms at 5, 6,278 in 1.3 ms at 8). Gzip: level 6 makes a product page of 47 KB 7,171 bytes in
 * 0.8 ms, level 9 7,150 bytes in 1.2 ms. The code, styles and pictures, the same for every page and
 * changed only by a release, and the search index's main file, get the most of both.
 */
const CONTENT = { gzip: 6, brotli: 5 };
const RELEASE = { gzip: 9, brotli: 11 };

/** A text file of this many bytes or more gets a .gz and a .br copy (COMPRESS); these are their paths. */
const COMPRESSED_FROM = 1024;
export const copiesOf = (rel: string, bytes: number): string[] => (bytes >= COMPRESSED_FROM ? [`${rel}.gz`, `${rel}.br`] : []);

/**
 * The most a page's brotli copy may weigh to arrive in the first round trip of a new connection: TCP's
 * first window is 10 segments of 1,460 bytes (14,600), of which the response's headers take some 0.8 KB
 * from our server and more behind a host. A page past it at CONTENT's levels is compressed at RELEASE's,
 * which can bring it under: on the simulated slow phone (Lighthouse), the home page with camera photos in
 * its slides went from 14,793 bytes sent (a second round trip) to 13,202, and its LCP from 1.60 s to 1.45 s.
 * The few pages that large (on the real site / and /services) pay some 55 ms each.
 */
export const FIRST_ROUND_TRIP = 12 * 1024;

/** How a file is compressed (the content's files, or the rest), and the hash the record keeps of its bytes so compressed. */
export function compression(rel: string, data: string | Buffer, fromContent: ReadonlySet<string>) {
  const levels = fromContent.has(rel) ? CONTENT : RELEASE;
  return { levels, hash: hashOf(data, JSON.stringify(levels)) };
}

/**
 * Worker code (pool.ts): compress(path, data, levels, page) writes path.gz and path.br beside a file of
 * 1 KB or more, and says whether it did. put(path, data) writes a file as a new one (under a temporary
 * name, then renamed; its folder made once): never into a file of the same name, which may be a file of
 * the last build's folder (reuse.ts TAKER). file(job) writes a file of the build from its text (or reads
 * one the build copied, without it) and compresses it at the levels it is given. Synchronous zlib on
 * worker threads: Node's asynchronous zlib cost some 40% more CPU here, in its stream and threadpool
 * round trips.
 */
export const COMPRESS = `
const zlib = require('node:zlib');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const CONTENT = ${JSON.stringify(CONTENT)};
const RELEASE = ${JSON.stringify(RELEASE)};
const folders = new Set();
function put(path, data) {
  if (!folders.has(dirname(path))) mkdirSync(dirname(path), { recursive: true }), folders.add(dirname(path));
  writeFileSync(path + '.tmp', data);
  renameSync(path + '.tmp', path);
}
const brotli = (data, quality) => zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
/** A page (page: true) past FIRST_ROUND_TRIP at these levels is compressed at RELEASE's. */
function compress(path, data, levels, page = false) {
  if (data.length < ${COMPRESSED_FROM}) return false;
  let br = brotli(data, levels.brotli);
  if (page && br.length > ${FIRST_ROUND_TRIP}) {
    levels = RELEASE;
    br = brotli(data, levels.brotli);
  }
  put(path + '.gz', zlib.gzipSync(data, { level: levels.gzip }));
  put(path + '.br', br);
  return true;
}
function file({ rel, text, levels }) {
  const path = join(workerData.dist, rel);
  const data = text === undefined ? readFileSync(path) : Buffer.from(text);
  if (text !== undefined) put(path, data);
  return { compressed: Number(levels !== undefined && compress(path, data, levels)) };
}
`;

/** A file for the workers (COMPRESS file()): its path under the build's folder, its text where it is not written yet, its levels where it is compressed. */
export type FileJob = { rel: string; text?: string; levels?: typeof CONTENT };

/**
 * .gz and .br beside every text file, so servers send them without compressing per request; the last
 * build's copies of a file with the same bytes, compressed the same way. `files` are the files the
 * build has put in its folder (the code, public/, the pictures) and those it has made but not written
 * yet, with their text (the search index, the sitemap...): those are written here, by the workers.
 */
export async function precompress(
  dir: string,
  files: readonly { rel: string; text?: string }[],
  { fromContent, same }: Pick<ReturnType<typeof siteFiles>, 'fromContent' | 'same'>,
  done: ReadonlySet<string>,
  reuse: BuildRecord | undefined,
  taken: Taker,
  workers: BuildWorkers,
) {
  let reused = 0;
  const hashes: Record<string, string> = {};
  // Not the build's own folders (.vite/ with its manifest, .host/), which no server sends.
  const compressible = (rel: string) => /\.(html|js|css|svg|xml|txt|json)$/.test(rel) && !rel.startsWith('.') && !done.has(rel);
  for (const { rel, text } of [...new Map(files.map((f) => [f.rel, f])).values()].sort((a, b) => (a.rel < b.rel ? -1 : 1))) {
    const known = same.get(rel);
    if (known) {
      hashes[rel] = known.hash;
      reused += Number(known.copies);
      continue;
    }
    if (!compressible(rel)) {
      if (text !== undefined) workers.post([{ rel, text } satisfies FileJob]);
      continue;
    }
    const data = text ?? readFileSync(join(dir, rel));
    const { levels, hash } = compression(rel, data, fromContent);
    hashes[rel] = hash;
    if (text === undefined && reuse?.compressed[rel] === hash) {
      const copies = copiesOf(rel, data.length);
      taken.take(copies);
      reused += Number(copies.length > 0);
      continue;
    }
    workers.post([{ rel, text, levels } satisfies FileJob]);
    await workers.room(64);
  }
  await workers.settled();
  return { reused, hashes };
}
