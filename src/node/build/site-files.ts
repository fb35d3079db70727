// The files a build writes beside the pages: the search index and the redirects the app fetches, the
// sitemap, robots.txt, the host files and the service worker.
import { indexFilePath } from '../../lib/search-files.ts';
import type { Content } from '../content/load.ts';
import { dataFiles } from '../content/page-data.ts';
import type { builtSite } from '../content/resolve.ts';
import { compression, copiesOf } from './compress.ts';
import { root } from './folders.ts';
import { hostFiles } from './host-files.ts';
import type { BuildRecord, Taker } from './reuse.ts';
import { SERVICE_WORKER_FILE, serviceWorker } from './service-worker.ts';
import { sitemaps } from './sitemaps.ts';

/**
 * The search index's files and the redirects the app fetches, the sitemap, robots.txt, the host files and
 * the service worker (service-worker.ts), each with its text (written with its compressed copies by the
 * workers: compress.ts), or taken from the last build where it made the same; which of them are
 * compressed as content.
 */
export function siteFiles(content: Content, site: ReturnType<typeof builtSite>, reuse: BuildRecord | undefined, taken: Taker) {
  const search = dataFiles(content);
  const maps = sitemaps(site.url, content);
  const files: [string, string][] = [
    ...[...search].map(([path, text]): [string, string] => [path.slice(1), text]),
    ...Object.entries(maps),
    ['robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${site.url}/sitemap.xml\n`],
    ...Object.entries(hostFiles(content, site)),
    [SERVICE_WORKER_FILE, serviceWorker(root, content.site)],
  ];
  // The index fetched when search opens, one file that changes only with the pages' text, gets the best compression.
  const fromContent = new Set([...[...search.keys()].filter((path) => path !== indexFilePath).map((path) => path.slice(1)), ...Object.keys(maps)]);
  // A file the last build made of the same bytes is taken with its compressed copies: making a new file
  // costs the file system far more than a link (some 1,700 search files for 10,000 products: a second).
  const same = new Map<string, { hash: string; copies: boolean }>();
  for (const [rel, text] of files) {
    const { hash } = compression(rel, text, fromContent);
    const copies = copiesOf(rel, Buffer.byteLength(text));
    if (reuse?.compressed[rel] !== hash) continue;
    taken.take([rel, ...copies]);
    same.set(rel, { hash, copies: copies.length > 0 });
  }
  return { search, fromContent, files: files.map(([rel, text]) => ({ rel, text })), same };
}
