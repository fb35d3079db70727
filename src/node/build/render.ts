// The pages: each route's document written where the app fetches it, and its HTML drawn on worker
// threads with the server bundle, written and compressed there; or the last build's files of a page
// made from the same.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NOT_FOUND_ROUTE, pageDataPath } from '../../../schemas/routes.ts';
import type { Content } from '../content/load.ts';
import { type builtSite, resolvePage } from '../content/resolve.ts';
import { type Bundle, pageAssets } from './bundles.ts';
import { COMPRESS, copiesOf } from './compress.ts';
import { dist, out } from './folders.ts';
import type { PageParts } from './page-html.ts';
import { type BuildRecord, hashOf, type Taker } from './reuse.ts';
import { jsonLdScript, structuredData } from './structured-data.ts';
import { onWorkers } from './workers.ts';

/** The HTML file of a route's page, under dist/. */
export function outputFile(route: string): string {
  if (route === '/') return 'index.html';
  if (route === NOT_FOUND_ROUTE) return '404.html';
  return `${route.slice(1)}/index.html`;
}

/**
 * Each route's document, where the app fetches it (and the prerenderer reads it), and its page, drawn on
 * worker threads, each compressed; or, where the last build made them from exactly the same (the
 * document as resolved, what the build adds to the HTML), its files.
 */
export async function renderPages(content: Content, site: ReturnType<typeof builtSite>, bundle: Bundle, reuse: BuildRecord | undefined, taken: Taker) {
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
