// The pages: each route's document, to be written where the app fetches it, and its HTML drawn from it
// on the build's worker threads with the server bundle, written and compressed there; or the last
// build's files of a page made from the same.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { NOT_FOUND_ROUTE, pageDataPath } from '../../../schemas/routes.ts';
import type { Content } from '../content/load.ts';
import { type builtSite, resolvePage } from '../content/resolve.ts';
import { type Bundle, pageAssets } from './bundles.ts';
import { copiesOf } from './compress.ts';
import { dist } from './folders.ts';
import type { PageParts } from './page-html.ts';
import type { BuildWorkers } from './pool.ts';
import { type BuildRecord, hashOf, type Taker } from './reuse.ts';
import { jsonLdScript, structuredData } from './structured-data.ts';

/** The HTML file of a route's page, under dist/. */
export function outputFile(route: string): string {
  if (route === '/') return 'index.html';
  if (route === NOT_FOUND_ROUTE) return '404.html';
  return `${route.slice(1)}/index.html`;
}

/**
 * Each route's document, where the app fetches it, and its page drawn from it, both written and compressed
 * by the workers (pool.ts), given a few pages at a time as their documents are made: no page's document or
 * HTML is kept once written. Or, where the last build made them from exactly the same (the document as
 * resolved, what the build adds to the HTML), its files.
 */
export async function renderPages(content: Content, site: ReturnType<typeof builtSite>, bundle: Bundle, reuse: BuildRecord | undefined, taken: Taker, workers: BuildWorkers) {
  const { entryChunks } = bundle.record;
  const assetsOf = pageAssets(bundle.manifest);
  const keys: Record<string, string> = {};
  const done = new Set<string>();
  let rendered = 0;
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
    rendered++;
    batch.push({ url, file, data, json, ...parts });
    if (batch.length === 16) {
      workers.post(batch.splice(0));
      // Some 4 batches a worker waiting, each page's document with it: enough that none waits for this
      // loop, few enough that what waits is a few MB (ahead of the workers, this loop held every document).
      await workers.room(128);
    }
  }
  workers.post(batch);
  await workers.settled();
  return { keys, done, rendered };
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

/** A route for a worker: where its page and its document go, the document's text, and what the build adds to its HTML. */
type PageJob = { url: string; file: string; data: string; json: string } & PageParts;

/**
 * Worker code (pool.ts): draw(page) writes the page's document, draws its page from it with the server
 * bundle (workerData.entry, imported once), writes it, compresses both (COMPRESS) and answers the route's status.
 */
export const DRAW = `
let server;
async function draw(page) {
  const { render, pageHtml } = await (server ??= import(workerData.entry));
  const data = join(workerData.dist, page.data);
  const json = Buffer.from(page.json);
  put(data, json);
  const { html, status, copied } = await render(page.url, JSON.parse(page.json));
  const file = join(workerData.dist, page.file);
  const text = Buffer.from(pageHtml(workerData.template, html, page));
  put(file, text);
  const compressed = Number(compress(file, text, CONTENT, true)) + Number(compress(data, json, CONTENT));
  return { url: page.url, status, compressed, copied };
}
`;
