// What the build prints: its pictures, the search index's sizes, and the seconds of each phase.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import type { SearchIndex } from '../../lib/search.ts';
import { indexFilePath } from '../../lib/search-files.ts';
import type { encodePictures } from '../pictures/encode.ts';
import { out } from './folders.ts';

/** The build's line on its pictures (and one per raster file of public/ it could not publish without its metadata). */
export function picturesReport(r: Awaited<ReturnType<typeof encodePictures>>): string {
  const lines = [`pictures: ${r.encoded} encoded, ${r.cached} from the cache (.cache/pictures/), ${r.files} files written, in ${r.seconds.toFixed(1)} s`];
  for (const w of r.withheld) lines.push(`  not published: ${w.path}: ${w.reason}`);
  return lines.join('\n');
}

export const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** Seconds spent in each phase of the build, for `npm run bench:build`. */
export function phases() {
  const spent: string[] = [];
  let last = performance.now();
  let cpu = process.cpuUsage();
  return {
    /** The phase's seconds, and the CPU seconds of the build's threads in it (its worker threads' too): on a busy machine the second says more. */
    end(name: string) {
      const now = performance.now();
      const used = process.cpuUsage(cpu);
      spent.push(`${name} ${((now - last) / 1000).toFixed(1)} s (CPU ${((used.user + used.system) / 1e6).toFixed(1)} s)`);
      last = now;
      cpu = process.cpuUsage();
    },
    /** The phases, and the CPU seconds of the whole process (its start and its worker threads too): on a busy machine the wall-clock seconds say little. */
    report: () => `build phases: ${spent.join(', ')}; CPU in all ${cpuSeconds().toFixed(1)} s`,
  };
}

/** Two lines on the search index (D7): its file fetched when search opens, and the products' files, fetched a few for a query. */
export function searchReport(manifest: Manifest, index: SearchIndex, files: ReadonlyMap<string, string>): string {
  const code = Object.entries(manifest).find(([key]) => key === 'src/lib/search.ts')?.[1].file;
  const main = files.get(indexFilePath);
  if (!main || !code) throw new Error('the search index or its code is missing from the build');
  const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB gzip`;
  // Of the eight largest files, a figure to print: compressing thousands at level 9 took a second.
  const largest = (prefix: string) => Math.max(0, ...[...files].filter(([path]) => path.startsWith(prefix)).map(([, text]) => text).sort((a, b) => b.length - a.length).slice(0, 8).map(gz));
  return [
    `search index: ${index.entries.length} entries, ${kb(gz(main))} (+ ${kb(gz(readFileSync(join(out, code))))} of search code), loaded when search opens`,
    `search products: ${index.products.count} in ${index.products.shards.length} term files (largest ${kb(largest('/_data/search/terms/'))}) and ` +
      `${Math.ceil(index.products.count / index.products.chunk)} files of ${index.products.chunk} entries (largest ${kb(largest('/_data/search/products/'))}), fetched for a query`,
  ].join('\n');
}
