// npm run build: the client bundle, a server bundle, then one prerendered HTML file per route (D10).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Manifest } from 'vite';
import type { SearchIndex } from '../../lib/search.ts';
import { canonicalPath, NOT_FOUND_ROUTE } from '../../../schemas/routes.ts';
import { pageDataPath } from '../../../schemas/routes.ts';
import { builtSite, type Content, formatProblem, loadContent, resolvePage, sitePages, withPicturePlan } from '../content/load.ts';
import { shareContent } from '../content/vite-plugin.ts';
import { encodePictures } from '../pictures/encode.ts';
import { hostFiles } from './host-files.ts';
import { writeBuildId } from './build-id.ts';
import type { PageParts } from './page-html.ts';
import { buildSearchIndex, searchFiles } from './search-index.ts';
import { jsonLdScript, structuredData } from './structured-data.ts';

const root = process.cwd();
const dist = resolve(root, 'dist');
// Inside the project, not node_modules: worktrees that share one node_modules build at the same time.
const ssrOut = resolve(root, 'dist-ssr');

export function outputFile(route: string): string {
  if (route === '/') return 'index.html';
  if (route === NOT_FOUND_ROUTE) return '404.html';
  return `${route.slice(1)}/index.html`;
}

async function main() {
  const timer = phases();
  // Loaded once: the client and server builds take it from here (shareContent) rather than loading it again.
  // The pages it resolves name the pictures the build encodes (src/node/pictures/plan.ts).
  const loaded = loadContent(root).then((r) => (r.content ? { ...r, content: withPicturePlan(r.content) } : r));
  shareContent(loaded);
  const { content, problems } = await loaded;
  if (!content) throw new Error(`Invalid content in pages-data/ (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map(formatProblem).join('\n')}`);
  const site = builtSite(content.site);
  timer.end('content');
  // The last build's files (some 60,000 for a catalogue of 10,000 products, which took 20 s to delete
  // before the client build could start) are moved aside and deleted while the build runs, with any
  // a failed build left aside.
  for (const dir of [dist, ssrOut].filter(existsSync)) renameSync(dir, `${dir}.old-${process.pid}`);
  const removed = readdirSync(root)
    .filter((name) => /^dist(-ssr)?\.old-\d+$/.test(name))
    .map((name) => rm(join(root, name), { recursive: true, force: true }));
  await build({ configLoader: 'runner', logLevel: 'warn', build: { manifest: true, outDir: dist, emptyOutDir: true } });
  timer.end('client build');
  await build({ configLoader: 'runner', logLevel: 'warn', build: { ssr: 'src/entry-server.tsx', outDir: ssrOut, emptyOutDir: true, copyPublicDir: false } });
  timer.end('server build');

  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const { template, entryChunks } = startAfterPaint(readFileSync(join(dist, 'index.html'), 'utf8'));
  console.log(picturesReport(await encodePictures(root, dist, content.encoded!)));
  timer.end('pictures');

  // Each route's document, where the app fetches it (and the prerenderer reads it), and what its page
  // needs in its HTML besides: its structured data, and the chunks and styles of its blocks.
  const assetsOf = pageAssets(manifest);
  // Each page is rendered, written and compressed (with its document) on a worker thread. The workers
  // start now and are given pages in batches as their documents are written, so that this loop (some
  // 4 s for 10,000 products) overlaps with rendering rather than leaving a core idle.
  const entry = pathToFileURL(join(ssrOut, 'entry-server.js')).href;
  let compressed = 0;
  let copied = 0;
  const renderers = onWorkers<{ url: string; status: number; compressed: number; copied?: number }>(RENDERER, { entry, dist, template }, (page) => {
    const { url, status } = page;
    compressed += page.compressed;
    copied += page.copied ?? 0;
    const expected = url === NOT_FOUND_ROUTE ? 404 : 200;
    if (status !== expected) throw new Error(`prerender ${url}: status ${status}, expected ${expected}`);
  });
  let batch: PageJob[] = [];
  for (const [url, page] of content.routes) {
    const resolved = resolvePage(content, page);
    const data = pageDataPath(url).slice(1);
    mkdirSync(dirname(join(dist, data)), { recursive: true });
    writeFileSync(join(dist, data), JSON.stringify(resolved));
    const ld = url === NOT_FOUND_ROUTE ? '' : `\n    ${jsonLdScript(structuredData(site, content, resolved, page.entry))}`;
    const { js, css } = assetsOf(url, resolved.blocks.map((b) => b.block.type));
    // The page's document first: boot.js preloads it beside the code (see there). Then the chunks,
    // each after those it imports (the entry's, then the blocks'): boot.js starts them one by one.
    const chunks = JSON.stringify([`/${data}`, ...[...new Set([...entryChunks, ...js])].map((f) => `/${f}`)]);
    batch.push({
      url,
      file: outputFile(url),
      data,
      head: css.map((f) => `\n    <link rel="stylesheet" crossorigin href="/${f}">`).join('') + ld,
      chunks: `<script type="application/json" id="app-chunks">${chunks}</script>`,
    });
    if (batch.length === 64) {
      renderers.post(batch);
      batch = [];
    }
  }
  renderers.post(batch);
  const search = searchFiles(content);
  for (const [path, text] of search) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), text);
  }
  timer.end('page documents and search files (rendering begun)');
  await renderers.end();
  timer.end('render');
  const maps = sitemaps(site.url, content);
  for (const [file, xml] of Object.entries(maps)) writeFileSync(join(dist, file), xml);
  writeFileSync(join(dist, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${site.url}/sitemap.xml\n`);
  for (const [rel, text] of Object.entries(hostFiles(content, site))) {
    mkdirSync(dirname(join(dist, rel)), { recursive: true });
    writeFileSync(join(dist, rel), text);
  }
  writeBuildId(root, dist);
  timer.end('host files');
  const fromContent = new Set([
    ...[...search.keys()].map((path) => path.slice(1)),
    ...Object.keys(maps),
    ...Object.entries(manifest).filter(([key]) => key.replace(/^\0/, '').startsWith('virtual:')).map(([, chunk]) => chunk.file),
  ]);
  compressed += await precompress(dist, fromContent, new Set([...content.routes.keys()].flatMap((url) => [outputFile(url), pageDataPath(url).slice(1)])));
  timer.end('compression');
  console.log(`prerendered ${content.routes.size} routes into dist/ (${copied} blocks copied from a page drawn before); sitemap.xml, robots.txt, host configuration; ${compressed} files precompressed (.gz, .br)`);
  console.log(searchReport(manifest, buildSearchIndex(content), search));
  timer.end('search report');
  await Promise.all(removed);
  console.log(timer.report());
}

/** The build's line on its pictures (and one per raster file of public/ it could not publish without its metadata). */
function picturesReport(r: Awaited<ReturnType<typeof encodePictures>>): string {
  const lines = [`pictures: ${r.encoded} encoded, ${r.cached} from the cache (.cache/pictures/), ${r.files} files written, in ${r.seconds.toFixed(1)} s`];
  for (const w of r.withheld) lines.push(`  not published: ${w.path}: ${w.reason}`);
  return lines.join('\n');
}

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
    report: () => `build phases: ${spent.join(', ')}`,
  };
}

/**
 * Starts `code` on as many worker threads as there are cores. `post` hands them items (to the one with
 * the fewest waiting); each worker posts one message per item, which `each` gets here as they come, in no
 * set order. `end` resolves once every item posted has been answered. The worker code takes its items
 * with WORK (below). Rendering a product's page takes some 4 ms of CPU, compressing it and its document some 2.
 */
function onWorkers<M>(code: string, shared: unknown, each: (message: M) => void) {
  const workers = Array.from({ length: availableParallelism() }, () => ({
    // React's production build renders some three times as fast as its development build, which a
    // worker would take (NODE_ENV unset); the browser runs the production build too.
    thread: new Worker(`${WORK}\n${code}`, { eval: true, workerData: shared, env: { ...process.env, NODE_ENV: 'production' } }),
    waiting: 0,
  }));
  let posted = 0;
  let answered = 0;
  let failure: unknown;
  let finished: (() => void) | undefined;
  let stopping = false;
  const fail = (err: unknown) => {
    failure ??= err;
    finished?.();
  };
  for (const w of workers) {
    w.thread.on('message', (message: M) => {
      w.waiting--;
      answered++;
      try {
        each(message);
      } catch (err) {
        fail(err);
      }
      if (answered === posted) finished?.();
    });
    w.thread.on('error', fail);
    w.thread.on('exit', (code) => stopping || fail(new Error(`a build worker stopped (exit ${code}) with ${w.waiting} items unanswered`)));
  }
  return {
    post(items: readonly unknown[]) {
      if (items.length === 0) return;
      const w = workers.reduce((a, b) => (b.waiting < a.waiting ? b : a));
      w.waiting += items.length;
      posted += items.length;
      w.thread.postMessage(items);
    },
    /** Resolves once every item posted has been answered; rejects with the first failure (a worker's, or `each`'s). */
    async end() {
      await new Promise<void>((resolve) => {
        finished = resolve;
        if (answered === posted || failure !== undefined) resolve();
      });
      stopping = true;
      await Promise.all(workers.map((w) => w.thread.terminate()));
      if (failure !== undefined) throw failure;
    },
  };
}

/** Worker code: work(handle) calls handle(item) for each item posted to the worker, one at a time, and posts what it returns. */
const WORK = `
const { parentPort, workerData } = require('node:worker_threads');
function work(handle) {
  const queue = [];
  let running = false;
  parentPort.on('message', async (items) => {
    queue.push(...items);
    if (running) return;
    running = true;
    while (queue.length) parentPort.postMessage(await handle(queue.shift()));
    running = false;
  });
}
`;

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
 * and the search index): they grow with the catalogue and change with any edit. Brotli: on the site's
 * 64 pages, quality 11 makes 484 KB of .br at about 55 ms a page; 8 makes 539 KB (+11%) at about 1 ms;
 * 9 saves 0.2% more for ten times the time, and 10 comes within 2.4% of 11 at 15 ms. For a catalogue of
 * 10,000 product pages, 5 takes half the time of 8 for 1.4% more (a product page of 44 KB: 6,367 bytes
 * in 0.6 ms at 5, 6,278 in 1.3 ms at 8). Gzip: level 6 makes a product page of 47 KB 7,171 bytes in
 * 0.8 ms, level 9 7,150 bytes in 1.2 ms. The code, styles and pictures, the same for every page and
 * changed only by a release, get the most of both.
 */
const CONTENT = { gzip: 6, brotli: 5 };
const RELEASE = { gzip: 9, brotli: 11 };

/** Worker code: compress(path, data, level) writes path.gz and path.br beside a file of 1 KB or more, and says whether it did. */
const COMPRESS = `
const zlib = require('node:zlib');
const CONTENT = ${JSON.stringify(CONTENT)};
function compress(path, data, { gzip, brotli }) {
  if (data.length < 1024) return false;
  require('node:fs').writeFileSync(path + '.gz', zlib.gzipSync(data, { level: gzip }));
  require('node:fs').writeFileSync(path + '.br', zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotli, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
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
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
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
  writeFileSync(file, text);
  const compressed = Number(compress(file, text, CONTENT)) + Number(compress(join(dist, page.data), readFileSync(join(dist, page.data)), CONTENT));
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
 * .gz and .br beside every text file, so servers send them without compressing per request. On worker
 * threads: Node's asynchronous zlib cost some 40% more CPU here, in its stream and threadpool round trips.
 */
async function precompress(dir: string, fromContent: ReadonlySet<string>, done: ReadonlySet<string>): Promise<number> {
  // Not the build's own folders (.vite/ with its manifest, .host/), which no server sends.
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((rel) => /\.(html|js|css|svg|xml|txt|json)$/.test(rel) && !rel.startsWith('.') && !done.has(rel));
  let n = 0;
  const compressors = onWorkers<boolean>(COMPRESSOR, dir, (did) => void (n += Number(did)));
  const items = files.map((rel) => [rel, fromContent.has(rel) ? CONTENT : RELEASE]);
  for (let i = 0; i < items.length; i += 64) compressors.post(items.slice(i, i + 64));
  await compressors.end();
  return n;
}

/** Two lines on the search index (D7): its chunk, fetched when search opens, and the products' files, fetched a few for a query. */
function searchReport(manifest: Manifest, index: SearchIndex, files: ReadonlyMap<string, string>): string {
  const file = (id: string) => Object.entries(manifest).find(([key]) => key.replace(/^\0/, '') === id)?.[1].file;
  const chunk = file('virtual:search-index');
  const code = file('src/lib/search.ts');
  if (!chunk || !code) throw new Error('the search index or its code is missing from the build');
  const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB gzip`;
  const largest = (prefix: string) => Math.max(0, ...[...files].filter(([path]) => path.startsWith(prefix)).map(([, text]) => gz(text)));
  return [
    `search index: ${index.entries.length} entries, ${kb(gz(readFileSync(join(dist, chunk))))} (+ ${kb(gz(readFileSync(join(dist, code))))} of search code), loaded when search opens`,
    `search products: ${index.products.count} in ${index.products.shards.length} term files (largest ${kb(largest('/_data/search/terms/'))}) and ` +
      `${Math.ceil(index.products.count / index.products.chunk)} files of ${index.products.chunk} entries (largest ${kb(largest('/_data/search/products/'))}), fetched for a query`,
  ].join('\n');
}

/**
 * Vite's page names the entry script and preloads its chunks in the head, so they download alongside
 * the HTML and CSS and run before the first paint. Instead the page names src/page/boot.js, which
 * fetches and starts them (listed in #app-chunks) once the page is on screen. Vite lists the entry's
 * chunks each after those it imports, the entry last.
 */
function startAfterPaint(html: string): { template: string; entryChunks: string[] } {
  const entryChunks: string[] = [];
  const template = html
    .replace(/\s*<link rel="modulepreload" crossorigin href="\/([^"]+)">/g, (_, f: string) => (entryChunks.push(f), ''))
    .replace(/<script type="module" crossorigin src="\/([^"]+)"><\/script>/, (_, f: string) => {
      entryChunks.push(f);
      const code = readFileSync(resolve(root, 'src/page/boot.js'));
      const file = `assets/boot-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
      writeFileSync(join(dist, file), code);
      return `<!--app-chunks-->\n    <script type="module" src="/${file}"></script>`;
    });
  if (!template.includes('<!--app-chunks-->')) throw new Error('dist/index.html has no entry script');
  return { template, entryChunks };
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
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
