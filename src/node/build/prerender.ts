// npm run build: the client bundle, a server bundle, then one prerendered HTML file per route (D10),
// reusing what the last build made where nothing it was made from changed (reuse.ts; `-- --full` reuses
// nothing). Everything is written into a new folder, which replaces dist/ once complete.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Manifest } from 'vite';
import type { SearchIndex } from '../../lib/search.ts';
import { indexFilePath } from '../../lib/search-files.ts';
import { canonicalPath, NOT_FOUND_ROUTE } from '../../../schemas/routes.ts';
import { pageDataPath } from '../../../schemas/routes.ts';
import { type Content, loadContent } from '../content/load.ts';
import { builtSite, resolvePage, sitePages, withPicturePlan } from '../content/resolve.ts';
import { dataFiles } from '../content/page-data.ts';
import { describeProblem, describeWarnings, problemCount } from '../content/problems.ts';
import { bundledContent, shareContent } from '../content/vite-plugin.ts';
import { encodePictures } from '../pictures/encode.ts';
import { hostFiles } from './host-files.ts';
import { BUILD_ID_FILE, writeBuildId } from './build-id.ts';
import type { PageParts } from './page-html.ts';
import {
  allFiles, type BuildRecord, bundleFiles, changedWhileBuilt, codeChange, codeHashes, contentHash, copyPublic, filesHash, hashOf, inputsHash, readRecord, RECORD_FILE, RECORD_VERSION,
  recordText, removeLater, type Taker, taker,
} from './reuse.ts';
import { buildSearchIndex } from './search-index.ts';
import { SERVICE_WORKER_FILE, serviceWorker } from './service-worker.ts';
import { jsonLdScript, structuredData } from './structured-data.ts';
import { onWorkers } from './workers.ts';
import { SAVE_DATA_SCRIPT } from '../../page/save-data.ts';

const root = process.cwd();
const dist = resolve(root, 'dist');
// Inside the project, not node_modules: worktrees that share one node_modules build at the same time.
const ssrOut = resolve(root, 'dist-ssr');
/** Where this build writes; each replaces its folder above once the build is complete. */
const out = `${dist}.new-${process.pid}`;
const ssrNew = `${ssrOut}.new-${process.pid}`;
/** The environment the build was started in (the client build sets NODE_ENV in process.env). */
const environment = { ...process.env };

export function outputFile(route: string): string {
  if (route === '/') return 'index.html';
  if (route === NOT_FOUND_ROUTE) return '404.html';
  return `${route.slice(1)}/index.html`;
}

/** The build's folder lacks a file its record says it made (deleted by hand): the build starts again, in full. */
class Lacking extends Error {}

/** Builds the site; `full` is why this build reuses nothing, when it is asked to. */
async function main(args: string[], full = args.includes('--full') ? 'asked for (--full)' : undefined) {
  const unknown = args.find((a) => a !== '--full');
  if (unknown) throw new Error(`npm run build: unknown argument ${unknown} (the one it takes is --full, to reuse nothing of the last build)`);
  const timer = phases();
  const last = lastBuild(full);
  if (last.upToDate) {
    writeBuildId(root, dist); // the content is the same, but its commit may be a later one
    return console.log(`dist/ is up to date: the code, the environment and the content are those of the build that made it (CPU in all ${cpuSeconds().toFixed(1)} s)`);
  }

  // Loaded once: the client and server builds take it from here (shareContent) rather than loading it again.
  // The pages it resolves name the pictures the build encodes (src/node/pictures/plan.ts).
  const loaded = loadContent(root).then((r) => (r.content ? { ...r, content: withPicturePlan(r.content) } : r));
  shareContent(loaded);
  const { content, problems, warnings } = await loaded;
  if (!content) throw new Error(`Invalid content: ${problemCount(problems)}:\n${problems.map(describeProblem).join('\n')}`);
  if (warnings.length) console.warn(describeWarnings(warnings));
  const site = builtSite(content.site);
  const bundled = hashOf(JSON.stringify(bundledContent(content)));
  let reuse = last.record && last.record.bundled !== bundled ? undefined : last.record;
  const why = last.reason ?? (reuse ? undefined : 'the site document changed (it is part of the code: the header, the footer, the head of every page)');
  timer.end('content');

  const taken = taker(dist, out);
  const bundle = await bundles(reuse, taken);
  if (reuse && bundle.hash !== reuse.bundle.hash) reuse = undefined;
  console.log(reuse ? `reusing what the last build made where nothing it was made from changed (dist/${RECORD_FILE})` : `full build: ${why ?? 'the code bundles differ from the last build\'s'}`);
  timer.end(bundle.built ? 'client and server builds' : 'code bundles (from the last build)');
  console.log(picturesReport(await encodePictures(root, out, content.encoded!)));
  // Everything read from the project has been read: were it not what it was at the start, the record would lie.
  const read = inputsHash(codeHashes(root, environment), contentHash(root)) === last.inputs ? last : { ...last, ...changedWhileBuilt };
  timer.end('pictures');

  // What the build has put in its folder so far (the code, public/, the pictures): with the files it
  // writes after the pages, what it compresses; never listed again once its pages are in it.
  const beforePages = allFiles(out);
  const pages = await renderPages(content, site, bundle, reuse, taken);
  timer.end('render');

  const written = writeSiteFiles(content, site, reuse, taken);
  writeBuildId(root, out);
  timer.end('search, sitemap and host files');
  const others = [...beforePages, ...written.files, ...(existsSync(join(out, BUILD_ID_FILE)) ? [BUILD_ID_FILE] : [])];
  const compressed = await precompress(out, others, written, pages.done, reuse, taken);
  timer.end('compression');
  const lacking = await taken.end();
  if (lacking) throw new Lacking(lacking);
  timer.end('the last build\'s files taken');
  console.log(`prerendered ${content.routes.size} routes into dist/ (${pages.rendered} drawn, ${content.routes.size - pages.rendered} reused from the last build; ${pages.copied} blocks copied from a page drawn before); ` +
    `sitemap.xml, robots.txt, host configuration; ${pages.compressed + compressed.made} files precompressed (.gz, .br), ${compressed.reused} taken from the last build`);
  console.log(searchReport(bundle.manifest, buildSearchIndex(content), written.search));

  // Last: the record (only a complete build has one), then the new folders replace the old.
  const record: BuildRecord = { version: RECORD_VERSION, inputs: read.inputs, code: read.code, bundled, bundle: bundle.record, pages: pages.keys, compressed: compressed.hashes };
  writeFileSync(join(out, RECORD_FILE), recordText(record));
  const old: string[] = [];
  for (const [dir, next] of [[ssrOut, bundle.built ? ssrNew : undefined], [dist, out]] as const) {
    if (!next) continue;
    if (existsSync(dir)) old.push(`${dir}.old-${process.pid}`), renameSync(dir, old[old.length - 1]!);
    renameSync(next, dir);
  }
  removeLater(old);
  timer.end('record and switch');
  console.log(timer.report());
}

/**
 * What the last build can give this one: nothing (with the reason, printed), everything (the same inputs:
 * dist/ is up to date), or its record, to reuse what was made from what is still the same. Deletes what
 * earlier builds left behind: the folders they replaced, and any they did not finish.
 */
function lastBuild(full: string | undefined): { upToDate?: true; record?: BuildRecord; reason?: string; inputs: string; code: Record<string, string> } {
  const leftovers = readdirSync(root).filter((name) => /^dist(-ssr)?\.(old|new)-\d+$/.test(name));
  const unfinished = leftovers.find((name) => name.startsWith('dist.new-'));
  removeLater(leftovers.map((name) => join(root, name)));
  const code = codeHashes(root, environment);
  const inputs = inputsHash(code, contentHash(root));
  const found = readRecord(dist);
  const reason = full
    ?? (unfinished
      ? `the build before it stopped before it was complete (it left ${unfinished}/)`
      : 'reason' in found
        ? found.reason
        : codeChange(found.record.code, code));
  if (reason || !('record' in found)) return { reason: reason ?? '', inputs, code };
  if (found.record.inputs === inputs) return { upToDate: true, inputs, code };
  return { record: found.record, inputs, code };
}

interface Bundle {
  /** Whether this build ran the client and server builds (else it took the last build's). */
  built: boolean;
  manifest: Manifest;
  /** The server bundle's folder. */
  ssr: string;
  hash: string;
  /** The client bundle's hash: which code the pages start (each page document names it as its `build`). */
  code: string;
  record: BuildRecord['bundle'];
}

/**
 * The client bundle in the new folder (with public/), and the server bundle: the last build's where its
 * record says the code and the site document are the same and its files are all there, else built.
 */
async function bundles(reuse: BuildRecord | undefined, taken: Taker): Promise<Bundle> {
  const serverFiles = allFiles(ssrOut);
  const lastClient = reuse && serverFiles.length > 0 && reuse.bundle.files.every((rel) => existsSync(join(dist, rel))) ? filesHash(dist, reuse.bundle.files) : undefined;
  if (reuse && lastClient && reuse.bundle.hash === hashOf(lastClient, filesHash(ssrOut, serverFiles))) {
    copyPublic(root, out);
    for (const rel of reuse.bundle.files) if (existsSync(join(out, rel))) unlinkSync(join(out, rel));
    taken.take(reuse.bundle.files);
    const gone = await taken.settled();
    if (gone) throw new Error(`dist/${gone} was deleted while the build read it`);
    const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8')) as Manifest;
    return { built: false, manifest, ssr: ssrOut, hash: reuse.bundle.hash, code: lastClient, record: reuse.bundle };
  }
  // Vite is loaded only to build (some 0.6 s of a build that takes the last build's bundles).
  const { build } = await import('vite');
  await build({ configLoader: 'runner', logLevel: 'warn', build: { manifest: true, outDir: out, emptyOutDir: true } });
  await build({ configLoader: 'runner', logLevel: 'warn', build: { ssr: 'src/entry-server.tsx', outDir: ssrNew, emptyOutDir: true, copyPublicDir: false } });
  const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8')) as Manifest;
  const { template, entryChunks, boot } = startAfterPaint(readFileSync(join(out, 'index.html'), 'utf8'));
  writeFileSync(join(out, boot.file), boot.code);
  // Vite's page is the template; each route's file is written in its place.
  unlinkSync(join(out, 'index.html'));
  const files = bundleFiles(root, out);
  const code = filesHash(out, files);
  const hash = hashOf(code, filesHash(ssrNew, allFiles(ssrNew)));
  // Each page names the code it starts, its boot script's data-build (src/router.tsx: a page document
  // of another build, met on a navigation inside the app, loads the page afresh): the client bundle's
  // hash, so the same code gives the same pages whatever the content, as a reusing build does.
  const named = template.replace(`<script type="module" src="/${boot.file}">`, `<script type="module" src="/${boot.file}" data-build="${code}">`);
  if (named === template) throw new Error('the page template has no boot script to name the build on');
  return { built: true, manifest, ssr: ssrNew, hash, code, record: { hash, files, template: named, entryChunks } };
}

/**
 * Each route's document, where the app fetches it (and the prerenderer reads it), and its page, drawn on
 * worker threads, each compressed; or, where the last build made them from exactly the same (the
 * document as resolved, what the build adds to the HTML), its files.
 */
async function renderPages(content: Content, site: ReturnType<typeof builtSite>, bundle: Bundle, reuse: BuildRecord | undefined, taken: Taker) {
  const { template, entryChunks } = bundle.record;
  const assetsOf = pageAssets(bundle.manifest);
  // Each page is rendered, written and compressed (with its document) on a worker thread. The workers
  // start with the first page to draw and are given pages in batches as their documents are written,
  // so that this loop (some 4 s for 10,000 products) overlaps with rendering rather than leaving a core idle.
  const entry = pathToFileURL(join(bundle.ssr, 'entry-server.js')).href;
  let compressed = 0;
  let copied = 0;
  let rendered = 0;
  const renderers = onWorkers<{ url: string; status: number; compressed: number; copied?: number }>(RENDERER, { entry, dist: out, template }, (page) => {
    const { url, status } = page;
    compressed += page.compressed;
    copied += page.copied ?? 0;
    const expected = url === NOT_FOUND_ROUTE ? 404 : 200;
    if (status !== expected) throw new Error(`prerender ${url}: status ${status}, expected ${expected}`);
  });
  const keys: Record<string, string> = {};
  const done = new Set<string>();
  let batch: PageJob[] = [];
  for (const [url, page] of content.routes) {
    const resolved = resolvePage(content, page);
    const json = JSON.stringify({ ...resolved, build: bundle.code });
    const data = pageDataPath(url).slice(1);
    const file = outputFile(url);
    const ld = url === NOT_FOUND_ROUTE ? '' : `\n    ${jsonLdScript(structuredData(site, content, resolved, page.entry))}`;
    const { js, css } = assetsOf(url, resolved.blocks.map((b) => b.block.type));
    // The page's document first: boot.js preloads it beside the code (see there). Then the chunks,
    // each after those it imports (the entry's, then the blocks'): boot.js starts them one by one.
    const chunks = JSON.stringify([`/${data}`, ...[...new Set([...entryChunks, ...js])].map((f) => `/${f}`)]);
    const parts: PageParts = { head: css.map((f) => `\n    <link rel="stylesheet" crossorigin href="/${f}">`).join('') + ld, chunks: `<script type="application/json" id="app-chunks">${chunks}</script>` };
    const key = hashOf(url, json, parts.head, parts.chunks);
    keys[url] = key;
    const outputs = [file, data].flatMap((f) => [f, `${f}.gz`, `${f}.br`]);
    outputs.forEach((f) => done.add(f));
    if (reuse?.pages[url] === key && takeOutputs(taken, [file, data])) continue;
    mkdirSync(dirname(join(out, data)), { recursive: true });
    writeFileSync(join(out, data), json);
    rendered++;
    batch.push({ url, file, data, ...parts });
    if (batch.length === 64) {
      renderers.post(batch);
      batch = [];
    }
  }
  renderers.post(batch);
  await renderers.end();
  return { keys, done, rendered, copied, compressed };
}

/**
 * Takes the last build's copies of files made from the same, with their compressed copies (which a file of
 * 1 KB or more has); false when it has not got them.
 */
function takeOutputs(taken: Taker, files: readonly string[]): boolean {
  const sizes = files.map((f) => statSync(join(dist, f), { throwIfNoEntry: false })?.size);
  if (sizes.includes(undefined)) return false;
  taken.take(files.flatMap((f, i) => [f, ...copiesOf(f, sizes[i]!)]));
  return true;
}

/** The search index's files and the redirects the app fetches, the sitemap, robots.txt, the host files and the service worker (service-worker.ts); which of them are compressed as content. */
function writeSiteFiles(content: Content, site: ReturnType<typeof builtSite>, reuse: BuildRecord | undefined, taken: Taker) {
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
    if (reuse?.compressed[rel] === hash) {
      taken.take([rel, ...copies]);
      same.set(rel, { hash, copies: copies.length > 0 });
      continue;
    }
    mkdirSync(dirname(join(out, rel)), { recursive: true });
    writeFileSync(join(out, rel), text);
  }
  return { search, fromContent, files: files.map(([rel]) => rel), same };
}

/** The build's line on its pictures (and one per raster file of public/ it could not publish without its metadata). */
function picturesReport(r: Awaited<ReturnType<typeof encodePictures>>): string {
  const lines = [`pictures: ${r.encoded} encoded, ${r.cached} from the cache (.cache/pictures/), ${r.files} files written, in ${r.seconds.toFixed(1)} s`];
  for (const w of r.withheld) lines.push(`  not published: ${w.path}: ${w.reason}`);
  return lines.join('\n');
}

const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** Seconds spent in each phase of the build, for `npm run bench:build`. */
function phases() {
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

/** The most addresses one sitemap file may list (sitemaps.org); past it, sitemap.xml is an index of several. */
export const SITEMAP_MAX = 50_000;

/**
 * The sitemap files, by name: every indexable page once, at its canonical address, in sitemap.xml; or,
 * with more pages than one file may list, sitemap.xml as the index of sitemap-1.xml, sitemap-2.xml...
 */
export function sitemaps(siteUrl: string, content: Pick<Content, 'routes'>, max = SITEMAP_MAX): Record<string, string> {
  const urls = sitePages(content)
    .filter((p) => p.route !== NOT_FOUND_ROUTE && !p.doc.meta.noindex)
    .map((p) => canonicalPath(p.route))
    .sort();
  const xml = (root: string, body: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body.join('\n')}\n</${root}>\n`;
  const urlset = (list: string[]) => xml('urlset', list.map((u) => `  <url><loc>${siteUrl}${u}</loc></url>`));
  if (urls.length <= max) return { 'sitemap.xml': urlset(urls) };
  const files: Record<string, string> = {};
  for (let i = 0; i * max < urls.length; i++) files[`sitemap-${i + 1}.xml`] = urlset(urls.slice(i * max, (i + 1) * max));
  files['sitemap.xml'] = xml('sitemapindex', Object.keys(files).map((f) => `  <sitemap><loc>${siteUrl}/${f}</loc></sitemap>`));
  return files;
}

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
const copiesOf = (rel: string, bytes: number): string[] => (bytes >= COMPRESSED_FROM ? [`${rel}.gz`, `${rel}.br`] : []);

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
function compression(rel: string, data: string | Buffer, fromContent: ReadonlySet<string>) {
  const levels = fromContent.has(rel) ? CONTENT : RELEASE;
  return { levels, hash: hashOf(data, JSON.stringify(levels)) };
}

/**
 * Worker code: compress(path, data, levels, page) writes path.gz and path.br beside a file of 1 KB or more, and
 * says whether it did. put(path, data) writes a file as a new one (under a temporary name, then renamed):
 * never into a file of the same name, which may be a file of the last build's folder (reuse.ts TAKER).
 */
const COMPRESS = `
const zlib = require('node:zlib');
const CONTENT = ${JSON.stringify(CONTENT)};
const RELEASE = ${JSON.stringify(RELEASE)};
function put(path, data) {
  require('node:fs').writeFileSync(path + '.tmp', data);
  require('node:fs').renameSync(path + '.tmp', path);
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
`;

/** A route for a render worker: where its page and its document go, and what the build adds to its HTML. */
type PageJob = { url: string; file: string; data: string } & PageParts;

/**
 * Renders its share of the routes with the server bundle (workerData.shared), writes each page, compresses
 * it and its document, and posts the route's status.
 */
const RENDERER = `
const { mkdirSync, readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { entry, dist, template } = workerData;
${COMPRESS}
const server = import(entry);
work(async (page) => {
  const { render, pageHtml } = await server;
  const { html, status, copied } = await render(page.url, dist);
  const file = join(dist, page.file);
  const text = Buffer.from(pageHtml(template, html, page));
  mkdirSync(dirname(file), { recursive: true });
  put(file, text);
  const compressed = Number(compress(file, text, CONTENT, true)) + Number(compress(join(dist, page.data), readFileSync(join(dist, page.data)), CONTENT));
  return { url: page.url, status, compressed, copied };
});
`;

/** Compresses each of its files (workerData.items: path and levels) and posts whether it did. */
const COMPRESSOR = `
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
${COMPRESS}
work(([rel, levels]) => compress(join(workerData, rel), readFileSync(join(workerData, rel)), levels));
`;

/**
 * .gz and .br beside every text file, so servers send them without compressing per request; the last
 * build's copies of a file with the same bytes, compressed the same way. On worker threads: Node's
 * asynchronous zlib cost some 40% more CPU here, in its stream and threadpool round trips.
 */
async function precompress(
  dir: string,
  candidates: readonly string[],
  { fromContent, same }: Pick<ReturnType<typeof writeSiteFiles>, 'fromContent' | 'same'>,
  done: ReadonlySet<string>,
  reuse: BuildRecord | undefined,
  taken: Taker,
) {
  // Not the build's own folders (.vite/ with its manifest, .host/), which no server sends.
  const files = [...new Set(candidates)].filter((rel) => /\.(html|js|css|svg|xml|txt|json)$/.test(rel) && !rel.startsWith('.') && !done.has(rel)).sort();
  let made = 0;
  let reused = 0;
  const hashes: Record<string, string> = {};
  const compressors = onWorkers<boolean>(COMPRESSOR, dir, (did) => void (made += Number(did)));
  let batch: [string, typeof CONTENT][] = [];
  for (const rel of files) {
    const known = same.get(rel);
    if (known) {
      hashes[rel] = known.hash;
      reused += Number(known.copies);
      continue;
    }
    const data = readFileSync(join(dir, rel));
    const { levels, hash } = compression(rel, data, fromContent);
    hashes[rel] = hash;
    if (reuse?.compressed[rel] === hash) {
      const copies = copiesOf(rel, data.length);
      taken.take(copies);
      reused += Number(copies.length > 0);
      continue;
    }
    batch.push([rel, levels]);
    if (batch.length === 64) compressors.post(batch.splice(0));
  }
  compressors.post(batch);
  await compressors.end();
  return { made, reused, hashes };
}

/** Two lines on the search index (D7): its file fetched when search opens, and the products' files, fetched a few for a query. */
function searchReport(manifest: Manifest, index: SearchIndex, files: ReadonlyMap<string, string>): string {
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

/**
 * Vite's page names the entry script and preloads its chunks in the head, so they download alongside
 * the HTML and CSS and run before the first paint. Instead the page names src/page/boot.js, which
 * fetches and starts them (listed in #app-chunks) once the page is on screen. Vite lists the entry's
 * chunks each after those it imports, the entry last. The page's one inline script, for Save-Data, goes first.
 */
function startAfterPaint(html: string): { template: string; entryChunks: string[]; boot: { file: string; code: Buffer } } {
  const entryChunks: string[] = [];
  const code = readFileSync(resolve(root, 'src/page/boot.js'));
  const boot = { file: `assets/boot-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`, code };
  const template = html
    .replace(/\s*<link rel="modulepreload" crossorigin href="\/([^"]+)">/g, (_, f: string) => (entryChunks.push(f), ''))
    .replace(/<script type="module" crossorigin src="\/([^"]+)"><\/script>/, (_, f: string) => {
      entryChunks.push(f);
      return `<!--app-chunks-->\n    <script type="module" src="/${boot.file}"></script>`;
    });
  if (!template.includes('<!--app-chunks-->')) throw new Error('the client build\'s index.html has no entry script');
  // First in the head, before any picture is parsed (src/page/save-data.ts).
  const charset = '<meta charset="UTF-8" />';
  if (!template.includes(charset)) throw new Error(`the client build's index.html has no ${charset}`);
  return { template: template.replace(charset, () => `${charset}\n    <script>${SAVE_DATA_SCRIPT}</script>`), entryChunks, boot };
}

/**
 * What a route needs before it can hydrate, beyond the entry and its document: the chunks (with their
 * imports and style sheets) of its block components. The manifest is read once
 * per build: the returned function is called for every page.
 */
export function pageAssets(manifest: Manifest): (route: string, blockTypes: readonly string[]) => { js: string[]; css: string[] } {
  const keyOf = new Map(Object.keys(manifest).map((key) => [key.replace(/^\0/, ''), key]));
  // The chunks of the block components and their block types, in the manifest's order (the order a page lists them in).
  const blockChunks = [...keyOf].flatMap(([id, key]) => {
    const type = /^src\/blocks\/([^/]+)\//.exec(id)?.[1];
    return type && manifest[key]!.isDynamicEntry ? [{ type, key }] : [];
  });
  // Vite's page already links the entry's style sheets (its own and its imports'); linked again, a
  // sheet's rules would be matched twice in every style recalculation.
  const entryCss = new Set<string>();
  const entryChunks = new Set<string>();
  const visitEntry = (key: string) => {
    if (entryChunks.has(key)) return;
    entryChunks.add(key);
    manifest[key]!.css?.forEach((f) => entryCss.add(f));
    manifest[key]!.imports?.forEach(visitEntry);
  };
  Object.keys(manifest).filter((k) => manifest[k]!.isEntry).forEach(visitEntry);
  return (route, blockTypes) => {
    const types = new Set(blockTypes);
    const roots = blockChunks.filter((c) => types.has(c.type)).map((c) => c.key);
    if (roots.length < types.size) throw new Error(`prerender ${route}: a block chunk is missing from the build manifest`);
    const js = new Set<string>();
    const css = new Set<string>();
    // Each chunk after those it imports (boot.js starts them in this order); style sheets as before.
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key]!;
      if (chunk.isEntry || seen.has(key)) return;
      seen.add(key);
      chunk.css?.forEach((f) => entryCss.has(f) || css.add(f));
      chunk.imports?.forEach(visit);
      js.add(chunk.file);
    };
    roots.forEach(visit);
    return { js: [...js], css: [...css] };
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  main(args).catch(async (err: unknown) => {
    if (!(err instanceof Lacking)) throw err;
    for (const dir of [out, ssrNew]) rmSync(dir, { recursive: true, force: true });
    await main(args, `a file of the last build is gone from dist/ (${err.message})`);
  }).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    // What this build wrote, incomplete, is deleted (dist/ is still the last complete build): first
    // renamed, so that the next build does not take it for the folder of a build that was stopped.
    const left = [out, ssrNew].filter(existsSync).map((dir) => (renameSync(dir, `${dir.replace(/\.new-/, '.old-')}`), dir.replace(/\.new-/, '.old-')));
    removeLater(left);
    process.exit(1);
  });
}
