// npm run build: the client bundle, a server bundle, then one prerendered HTML file per route (D10).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Manifest } from 'vite';
import { canonicalPath, NOT_FOUND_ROUTE } from '../../../schemas/routes.ts';
import { builtSite, type Content, formatProblem, loadContent, resolvePage, withPicturePlan } from '../content/load.ts';
import { encodePictures } from '../pictures/encode.ts';
import { hostFiles } from './host-files.ts';
import { buildSearchIndex } from './search-index.ts';
import { jsonLdScript, structuredData } from './structured-data.ts';
import { pageModule } from '../content/vite-plugin.ts';

const root = process.cwd();
const dist = resolve(root, 'dist');
// Inside the project, not node_modules: worktrees that share one node_modules build at the same time.
const ssrOut = resolve(root, 'dist-ssr');

/** React 19 emits hoistable head tags (title, meta, link) first; split them from the body. */
export function splitHead(html: string): { head: string; body: string } {
  const m = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/.exec(html);
  const head = m ? m[0] : '';
  return { head, body: html.slice(head.length) };
}

export function outputFile(route: string): string {
  if (route === '/') return 'index.html';
  if (route === NOT_FOUND_ROUTE) return '404.html';
  return `${route.slice(1)}/index.html`;
}

async function main() {
  const timer = phases();
  await build({ configLoader: 'runner', logLevel: 'warn', build: { manifest: true, outDir: dist, emptyOutDir: true } });
  timer.end('client build');
  rmSync(ssrOut, { recursive: true, force: true });
  await build({ configLoader: 'runner', logLevel: 'warn', build: { ssr: 'src/entry-server.tsx', outDir: ssrOut, emptyOutDir: true } });
  timer.end('server build');

  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const { template, entryChunks } = startAfterPaint(readFileSync(join(dist, 'index.html'), 'utf8'));
  const loaded = await loadContent(root);
  if (!loaded.content) throw new Error(`content became invalid during the build:\n${loaded.problems.map(formatProblem).join('\n')}`);
  const content = withPicturePlan(loaded.content);
  const site = builtSite(content.site);
  timer.end('content');
  console.log(picturesReport(await encodePictures(root, dist, content.encoded!)));
  timer.end('pictures');

  const assetsOf = pageAssets(manifest);
  await onWorkers<Rendered>(RENDERER, [...content.routes.keys()], pathToFileURL(join(ssrOut, 'entry-server.js')).href, ({ url, html, status }) => {
    const page = content.routes.get(url)!;
    const expected = url === NOT_FOUND_ROUTE ? 404 : 200;
    if (status !== expected) throw new Error(`prerender ${url}: status ${status}, expected ${expected}`);
    const { head, body } = splitHead(html);
    const resolved = resolvePage(content, page);
    const ld = url === NOT_FOUND_ROUTE ? '' : `\n    ${jsonLdScript(structuredData(site, content, resolved))}`;
    const assets = assetsOf(url, page.file, page.doc.blocks.map((b) => b.type));
    const chunks = JSON.stringify([...new Set([...assets.js, ...entryChunks])].map((f) => `/${f}`));
    const file = join(dist, outputFile(url));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, fillTemplate(template, {
      '<!--app-head-->': head + assets.css.map((f) => `\n    <link rel="stylesheet" crossorigin href="/${f}">`).join('') + ld,
      '<!--app-chunks-->': `<script type="application/json" id="app-chunks">${chunks}</script>`,
      '<!--app-html-->': body,
    }));
  });
  timer.end('render');
  writeFileSync(join(dist, 'sitemap.xml'), sitemap(site.url, content));
  writeFileSync(join(dist, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${site.url}/sitemap.xml\n`);
  for (const [rel, text] of Object.entries(hostFiles(content, site))) {
    mkdirSync(dirname(join(dist, rel)), { recursive: true });
    writeFileSync(join(dist, rel), text);
  }
  timer.end('host files');
  const fromContent = new Set([
    ...[...content.routes.keys()].map(outputFile),
    'sitemap.xml',
    ...Object.entries(manifest).filter(([key]) => key.replace(/^\0/, '').startsWith('virtual:')).map(([, chunk]) => chunk.file),
  ]);
  const compressed = await precompress(dist, fromContent);
  timer.end('compression');
  console.log(`prerendered ${content.routes.size} routes into dist/; sitemap.xml, robots.txt, host configuration; ${compressed} files precompressed (.gz, .br)`);
  console.log(searchReport(manifest, buildSearchIndex(content).length));
  timer.end('search report');
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
  return {
    end(name: string) {
      const now = performance.now();
      spent.push(`${name} ${((now - last) / 1000).toFixed(1)} s`);
      last = now;
    },
    report: () => `build phases: ${spent.join(', ')}`,
  };
}

type Rendered = { url: string } & Awaited<ReturnType<typeof import('../../entry-server').render>>;

/** Renders its share of the routes with the server bundle (workerData.shared) and posts each page. */
const RENDERER = `
const { parentPort, workerData: { shared: entry, items: urls } } = require('node:worker_threads');
import(entry).then(async ({ render }) => {
  for (const url of urls) parentPort.postMessage({ url, ...(await render(url)) });
});
`;

/**
 * Runs `code` on as many worker threads as there are cores, each over its share of the items
 * (workerData.items, beside workerData.shared) and posting one message per item; `each` gets them here
 * as they come, in no set order. Rendering a page takes some 15 ms of CPU, compressing its files some 4.
 */
async function onWorkers<M>(code: string, items: readonly unknown[], shared: unknown, each: (message: M) => void): Promise<void> {
  const count = Math.min(availableParallelism(), items.length);
  const workers: Worker[] = [];
  try {
    await Promise.all(Array.from({ length: count }, (_, w) => new Promise<void>((resolve, reject) => {
      const share = items.filter((_, i) => i % count === w);
      const worker = new Worker(code, { eval: true, workerData: { shared, items: share } });
      workers.push(worker);
      let done = 0;
      worker.on('message', (message: M) => {
        try {
          each(message);
        } catch (err) {
          reject(err);
        }
        if (++done === share.length) resolve();
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`a build worker stopped (exit ${code}) after ${done} of its ${share.length} items`)));
    })));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/**
 * The template with each marker replaced by its text, taken as it is: String.replace would read `$&`,
 * `$'` and the like in page content as patterns (a price such as US$<1,000 is ordinary copy).
 */
export function fillTemplate(template: string, parts: Record<string, string>): string {
  const at = Object.keys(parts).map((marker) => {
    const i = template.indexOf(marker);
    if (i < 0) throw new Error(`the page template has no ${marker}`);
    return [i, marker] as const;
  });
  let out = '';
  let from = 0;
  for (const [i, marker] of at.sort((a, b) => a[0] - b[0])) {
    out += template.slice(from, i) + parts[marker];
    from = i + marker.length;
  }
  return out + template.slice(from);
}

/** Every indexable page once, at its canonical address. */
export function sitemap(siteUrl: string, content: Pick<Content, 'pages'>): string {
  const urls = [...content.pages.values()]
    .filter((p) => p.route !== NOT_FOUND_ROUTE && !p.doc.meta.noindex)
    .map((p) => canonicalPath(p.route))
    .sort();
  const body = urls.map((u) => `  <url><loc>${siteUrl}${u}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/**
 * Brotli quality for the files made from the content (the pages, the sitemap, the chunks of the page
 * documents and of the search index), which grow with the catalogue and change with any edit. On the
 * site's 64 pages, quality 11 makes 484 KB of .br at about 55 ms a page; 8 makes 539 KB (+11%) at about
 * 1 ms; 9 saves 0.2% more for ten times the time, and 10 comes within 2.4% of 11 at 15 ms. The code,
 * styles and pictures, the same for every page and changed only by a release, keep quality 11.
 */
const CONTENT_BROTLI_QUALITY = 8;

/** Writes a .gz and a .br copy of each of its files of 1 KB or more (workerData.items: path and Brotli quality) and posts whether it did. */
const COMPRESSOR = `
const { parentPort, workerData: { shared: dir, items } } = require('node:worker_threads');
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { brotliCompressSync, constants, gzipSync } = require('node:zlib');
for (const [rel, quality] of items) {
  const data = readFileSync(join(dir, rel));
  if (data.length >= 1024) {
    writeFileSync(join(dir, rel + '.gz'), gzipSync(data, { level: 9 }));
    writeFileSync(join(dir, rel + '.br'), brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }));
  }
  parentPort.postMessage(data.length >= 1024);
}
`;

/**
 * .gz and .br beside every text file, so servers send them without compressing per request. On worker
 * threads: Node's asynchronous zlib cost some 40% more CPU here, in its stream and threadpool round trips.
 */
async function precompress(dir: string, fromContent: ReadonlySet<string>): Promise<number> {
  // Not the build's own folders (.vite/ with its manifest, .host/), which no server sends.
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((rel) => /\.(html|js|css|svg|xml|txt|json)$/.test(rel) && !rel.startsWith('.'));
  let n = 0;
  await onWorkers<boolean>(COMPRESSOR, files.map((rel) => [rel, fromContent.has(rel) ? CONTENT_BROTLI_QUALITY : 11]), dir, (done) => void (n += Number(done)));
  return n;
}

/** One line on the search index chunk (D7), which is fetched only when search opens. */
function searchReport(manifest: Manifest, entries: number): string {
  const file = (id: string) => Object.entries(manifest).find(([key]) => key.replace(/^\0/, '') === id)?.[1].file;
  const index = file('virtual:search-index');
  const code = file('src/lib/search.ts');
  if (!index || !code) throw new Error('the search index or its code is missing from the build');
  const kb = (f: string) => `${(gzipSync(readFileSync(join(dist, f)), { level: 9 }).length / 1024).toFixed(1)} KB gzip`;
  return `search index: ${entries} entries, ${kb(index)} (+ ${kb(code)} of search code), loaded when search opens`;
}

/**
 * Vite's page names the entry script and preloads its chunks in the head, so they download alongside
 * the HTML and CSS and run before the first paint. Instead the page names src/page/boot.js, which
 * fetches and starts them (listed in #app-chunks, the entry last) once the page is on screen.
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
 * What a route needs before it can hydrate, beyond the entry: the chunk of its page document and the
 * chunks (with their imports and style sheets) of its block components. The manifest is read once
 * per build: the returned function is called for every page.
 */
export function pageAssets(manifest: Manifest): (route: string, file: string, blockTypes: readonly string[]) => { js: string[]; css: string[] } {
  const keyOf = new Map(Object.keys(manifest).map((key) => [key.replace(/^\0/, ''), key]));
  // The chunks of the block components and their block types, in the manifest's order (the order a page lists them in).
  const blockChunks = [...keyOf].flatMap(([id, key]) => {
    const type = /^src\/blocks\/([^/]+)\//.exec(id)?.[1];
    return type && manifest[key]!.isDynamicEntry ? [{ type, key }] : [];
  });
  return (route, file, blockTypes) => {
    const types = new Set(blockTypes);
    const document = keyOf.get(pageModule(file));
    const roots = [...(document ? [document] : []), ...blockChunks.filter((c) => types.has(c.type)).map((c) => c.key)];
    if (roots.length < types.size + 1) throw new Error(`prerender ${route}: a page or block chunk is missing from the build manifest`);
    const js = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key]!;
      if (chunk.isEntry || js.has(chunk.file)) return;
      js.add(chunk.file);
      chunk.css?.forEach((f) => css.add(f));
      chunk.imports?.forEach(visit);
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
