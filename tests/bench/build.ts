// npm run bench:build: how validate and build grow with the content. In a scratch copy (never the
// working tree), times `npm run validate` and `npm run build` and samples the build's memory on the
// real content, then again with more of it:
//   npm run bench:build                 EXTRA (1,000) more service pages, copies of one service
//                                       document at /services/catalogue-0001 and on;
//   npm run bench:build -- products     PRODUCTS (10,000) more product records, made from the
//                                       shipped ones (each with its own name and model number), and
//                                       then what `npm run size` says of every route's first-load
//                                       JavaScript against the real site's, what search downloads
//                                       to find a product by its model number, and the builds that
//                                       reuse the last one: nothing changed, a change no page shows,
//                                       one product changed, one new product.
// The builds measured in full are `npm run build -- --full`. Prints figures; asserts nothing. Measure
// on a quiet machine: the figures are wall-clock.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import { type CodeRow, createSearch, type SearchEntry, type SearchIndex, type TermFile } from '../../src/lib/search';
import { codeFilePath, entryFilePath, indexFilePath, termFilePath } from '../../src/lib/search-files';
import { measured } from '../support/memory';
import { addProducts } from '../support/products';
import { scratchProject } from '../support/scratch';

const mode = process.argv[2] === 'products' ? 'products' : 'pages';
const EXTRA = Number(process.env.EXTRA ?? 1000);
const PRODUCTS = Number(process.env.PRODUCTS ?? 10_000);
const SOURCE = 'pages-data/services/water-testing.json';

const scratch = scratchProject('build-bench-');

/** Runs an npm script in the copy: its seconds, its output, and the peak memory of its processes (sampled every 100 ms). */
async function run(script: string, args: string[] = []): Promise<{ seconds: number; out: string; peak: number }> {
  // A build deletes the folder it replaced in a process of its own, after it ends: not while another is timed.
  while (readdirSync(scratch.dir).some((name) => /\.old-\d+$/.test(name))) await new Promise((r) => setTimeout(r, 200));
  const { seconds, out, code, peak } = await measured('npm', ['run', '-s', script, ...(args.length ? ['--', ...args] : [])], scratch.dir);
  if (code !== 0) throw new Error(`npm run ${script} failed (exit ${code}) in ${scratch.dir}:\n${out}`);
  return { seconds, out, peak };
}

async function measure() {
  const validate = await run('validate');
  const build = await run('build', ['--full']);
  return {
    validate: validate.seconds,
    build: build.seconds,
    peak: build.peak,
    routes: Number(/prerendered (\d+) routes/.exec(build.out)?.[1] ?? NaN),
    phases: /^build phases: (.*)$/m.exec(build.out)?.[1] ?? '',
    cpu: /CPU in all ([\d.]+) s/.exec(build.out)?.[1] ?? '?',
    search: build.out.split('\n').filter((l) => l.startsWith('search ')).join('\n'),
  };
}

/** Every route's first-load JS (KB gzip) as `npm run size` prints it. */
async function sizes(): Promise<Map<string, number>> {
  const { out } = await run('size').catch((err: Error) => ({ out: err.message }));
  const rows = out.split('\n').map((l) => /^(\/\S*)\s+([\d.]+) KB/.exec(l)).filter((m) => m !== null);
  return new Map(rows.map((m) => [m[1]!, Number(m[2])]));
}

function addServicePages() {
  const doc = JSON.parse(scratch.read(SOURCE)) as { meta: { title: string }; blocks: { title?: string }[] };
  for (let i = 1; i <= EXTRA; i++) {
    const n = String(i).padStart(4, '0');
    const copy = structuredClone(doc);
    copy.meta.title = `${doc.meta.title} ${n}`;
    copy.blocks[0]!.title = `${doc.blocks[0]!.title} ${n}`;
    scratch.write(`pages-data/services/catalogue-${n}.json`, JSON.stringify(copy, null, 2) + '\n');
  }
}

/**
 * What search downloads, gzip, from the tap that opens it on the home page to the results of a query:
 * the chunks of the dialog and the index (as the build's manifest lists them) that the page has not
 * loaded, and the products' files the query reads, found by running the site's own search over the
 * built files.
 */
async function searchDownload(query: string, name: string): Promise<{ total: number; parts: string; found: boolean }> {
  const dist = join(scratch.dir, 'dist');
  const gz = (rel: string) => gzipSync(readFileSync(join(dist, rel)), { level: 9 }).length;
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  // What a page has loaded already: the entry, the chunks it imports and those the home page lists.
  const home = readFileSync(join(dist, 'index.html'), 'utf8');
  const loaded = new Set<string>((JSON.parse(/<script type="application\/json" id="app-chunks">(.*?)<\/script>/.exec(home)![1]!) as string[]).map((f) => f.slice(1)));
  const chunks = new Set<string>();
  const visit = (into: Set<string>) => (key: string) => {
    const chunk = manifest[key]!;
    if (into.has(chunk.file) || (into === chunks && loaded.has(chunk.file))) return;
    into.add(chunk.file);
    if (into === chunks) chunk.css?.forEach((f) => into.add(f));
    chunk.imports?.forEach(visit(into));
  };
  Object.keys(manifest).filter((k) => manifest[k]!.isEntry).forEach(visit(loaded));
  const keyOf = (id: string) => Object.keys(manifest).find((k) => k.replace(/^\0/, '') === id)!;
  for (const id of ['src/layout/SearchDialog.tsx', 'src/lib/search.ts']) visit(chunks)(keyOf(id));
  const code = [...chunks].filter((f) => !loaded.has(f)).reduce((n, f) => n + gz(f), 0) + gz(indexFilePath.slice(1));
  const index = JSON.parse(readFileSync(join(dist, indexFilePath), 'utf8')) as SearchIndex;
  const read: string[] = [];
  const file = <T,>(path: string): T => {
    read.push(path);
    return JSON.parse(readFileSync(join(dist, path), 'utf8')) as T;
  };
  const search = await createSearch(index, {
    terms: async (key) => file<TermFile>(termFilePath(key)),
    entries: async (n) => file<SearchEntry[]>(entryFilePath(n)),
    codes: async (n) => file<CodeRow[]>(codeFilePath(n)),
  });
  const hits = await search(query);
  const data = read.reduce((n, path) => n + gz(path.slice(1)), 0);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return { total: code + data, parts: `code, styles and index ${kb(code)} + ${read.length} products' files ${kb(data)}`, found: hits[0]?.title === name };
}

try {
  const real = await measure();
  const realSizes = mode === 'products' ? await sizes() : new Map<string, number>();
  const products = mode === 'products' ? addProducts(scratch, PRODUCTS) : (addServicePages(), []);
  const grown = await measure();
  const what = mode === 'products' ? `real + ${PRODUCTS} products` : `real + ${EXTRA} copies`;

  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  const perPage = (seconds: number, pages: number) => `${((seconds / pages) * 1000).toFixed(1)} ms/page`;
  const row = (name: string, m: typeof real) =>
    `| ${name.padEnd(24)} | ${String(m.routes).padStart(6)} | ${m.validate.toFixed(1).padStart(10)} | ${m.build.toFixed(1).padStart(7)} | ${mb(m.peak).padStart(15)} |`;
  console.log('| content                  | routes | validate s | build s | build peak mem. |');
  console.log('| ------------------------ | ------ | ---------- | ------- | --------------- |');
  console.log(row('real', real));
  console.log(row(what, grown));
  const added = grown.routes - real.routes;
  console.log(`build cost per page: real site ${perPage(real.build, real.routes)} (all of its build over its routes), ` +
    `added pages ${perPage(grown.build - real.build, added)} (the added build time over the ${added} added routes)`);
  console.log(`build phases, real: ${real.phases}`);
  console.log(`build phases, ${what}: ${grown.phases}`);
  console.log(grown.search);

  if (mode === 'products') {
    // Every route's first-load JS against the real site's: the same route, or for a page the real site
    // does not have, the real page made from the same template (a product's, a listing's).
    const grownSizes = await sizes();
    const like = (route: string) =>
      realSizes.get(route) ??
      realSizes.get([...realSizes.keys()].find((r) => r.replace(/\/[^/]+(\/\d+)?$/, '') === route.replace(/\/[^/]+(\/\d+)?$/, '') && r.startsWith('/products/'))!);
    let worst = { route: '', diff: 0 };
    for (const [route, js] of grownSizes) {
      const before = like(route);
      if (before === undefined) continue;
      const diff = Math.abs(js - before);
      if (diff >= worst.diff) worst = { route, diff };
    }
    const range = (m: Map<string, number>) => `${Math.min(...m.values()).toFixed(1)}-${Math.max(...m.values()).toFixed(1)} KB`;
    console.log(`first-load JS (npm run size): real ${range(realSizes)} over ${realSizes.size} routes; ${what} ${range(grownSizes)} over ${grownSizes.size} routes; ` +
      `largest difference from the real site's ${worst.diff.toFixed(1)} KB (${worst.route})`);
    const wanted = products[Math.floor(products.length / 2)]!;
    const s = await searchDownload(wanted.model, wanted.name);
    console.log(`search for the model number ${wanted.model}: ${(s.total / 1024).toFixed(1)} KB gzip in all (${s.parts}); ` +
      `${s.found ? `its product (${wanted.name}) is the first result` : `its product (${wanted.name}) is NOT the first result`}`);
    // The builds that reuse the last one (issue 41): targets with 10,000 products on 2 cores, one product
    // changed or added 15 s or less, nothing changed 8 s or less.
    const reused = async (name: string, change: () => void) => {
      change();
      const b = await run('build');
      const said = /^(dist\/ is up to date|full build: .*|reusing)/m.exec(b.out)?.[1] ?? '';
      const pages = /\((\d+) drawn, (\d+) reused/.exec(b.out);
      const cpu = /CPU in all ([\d.]+) s/.exec(b.out)?.[1] ?? '?';
      console.log(`| ${name.padEnd(35)} | ${b.seconds.toFixed(1).padStart(7)} | ${cpu.padStart(5)} | ${mb(b.peak).padStart(9)} | ${(pages ? `${pages[1]} drawn, ${pages[2]} reused` : '-').padEnd(24)} | ${said}`);
      if (pages) console.log(`    phases: ${/^build phases: (.*)$/m.exec(b.out)?.[1] ?? ''}`);
    };
    console.log(`\nbuilds after the full build above (${grown.build.toFixed(1)} s, CPU ${grown.cpu} s, peak ${mb(grown.peak)}):`);
    console.log('| change                              | build s | CPU s | peak mem. | pages                    | the build said');
    console.log('| ----------------------------------- | ------- | ----- | --------- | ------------------------ | --------------');
    const file = (id: string) => `pages-data/records/products/${id}.json`;
    const one = products[Math.floor(products.length / 3)]!;
    await reused('nothing changed', () => {});
    await reused('a change no page shows (reindented)', () => scratch.write(file(one.id), JSON.stringify(JSON.parse(scratch.read(file(one.id))), null, 4) + '\n'));
    await reused('one product changed', () => scratch.editJson<{ description: string }>(file(one.id), (p) => void (p.description = `${p.description} Changed for the benchmark.`)));
    await reused('one new product', () => scratch.write(file('bench-new'), JSON.stringify({ ...JSON.parse(scratch.read(file(one.id))), name: 'Benchmark New Product', model: 'BN-1' }, null, 2) + '\n'));
  }
} finally {
  scratch.remove();
}
