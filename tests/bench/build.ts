// npm run bench:build: how validate and build grow with the content. In a scratch copy (never the
// working tree), times `npm run validate` and `npm run build` and samples the build's memory on the
// real content, then again with more of it:
//   npm run bench:build                 EXTRA (1,000) more service pages, copies of one service
//                                       document at /services/catalogue-0001 and on;
//   npm run bench:build -- products [N] N (10,000) more product records, a lab supplier's range: made
//                                       from the shipped ones (each with its own name and model
//                                       number), 3 packs each with an order code, in 600 categories
//                                       under 12 departments (tests/support/products.ts); and then
//                                       what `npm run size` says of every route's first-load
//                                       JavaScript against the real site's, what search downloads to
//                                       find a product by its model number, and the builds that reuse
//                                       the last one: nothing changed, a change no page shows, one
//                                       product changed, one new product.
// The builds measured in full are `npm run build -- --full`. Each figure is printed with its wall and
// CPU seconds (all the command's processes), the peak memory of its largest process (the build's worker
// threads are in it) and of all its processes at once, and the machine's load average: on a busy
// machine the wall-clock seconds mostly measure the others. Prints figures; asserts nothing.
import { execFileSync } from 'node:child_process';
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
const PRODUCTS = Number(process.argv[3] ?? process.env.PRODUCTS ?? 10_000);
if (!(PRODUCTS > 0)) throw new Error(`npm run bench:build -- products [count]: ${process.argv[3]} is not a count of products`);
const SOURCE = 'pages-data/services/water-testing.json';

const scratch = scratchProject('build-bench-');

/** The machine's load averages (1, 5 and 15 minutes), as `uptime` prints them. */
const load = () => /load average: (.*)$/.exec(execFileSync('uptime', { encoding: 'utf8' }).trim())?.[1] ?? '?';

type Run = Awaited<ReturnType<typeof measured>> & { load: string };

/** Runs an npm script in the copy: its seconds, CPU seconds, output and peak memory (measured), and the load average as it ended. */
async function run(script: string, args: string[] = []): Promise<Run> {
  // A build deletes the folder it replaced in a process of its own, after it ends: not while another is timed.
  while (readdirSync(scratch.dir).some((name) => /\.old-\d+$/.test(name))) await new Promise((r) => setTimeout(r, 200));
  const r = await measured('npm', ['run', '-s', script, ...(args.length ? ['--', ...args] : [])], scratch.dir);
  if (r.code !== 0) throw new Error(`npm run ${script} failed (exit ${r.code}) in ${scratch.dir}:\n${r.out}`);
  return { ...r, load: load() };
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
/** One row of figures: wall and CPU seconds, the peak memory of the largest process and of all, the load average. */
const figures = (name: string, r: Run, more = '') =>
  `| ${name.padEnd(35)} | ${r.seconds.toFixed(1).padStart(6)} | ${r.cpu.toFixed(1).padStart(6)} | ${mb(r.largest).padStart(9)} | ${mb(r.peak).padStart(9)} | ${more.padEnd(24)} | ${r.load}`;
const HEADER = [
  '| run                                 | wall s |  CPU s |   largest |       all | pages                    | load average (uptime)',
  '| ----------------------------------- | ------ | ------ | --------- | --------- | ------------------------ | ---------------------',
].join('\n');

async function measure() {
  const validate = await run('validate');
  const build = await run('build', ['--full']);
  return {
    validate,
    build,
    routes: Number(/prerendered (\d+) routes/.exec(build.out)?.[1] ?? NaN),
    phases: /^build phases: (.*)$/m.exec(build.out)?.[1] ?? '',
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
  const products = mode === 'products' ? addProducts(scratch, PRODUCTS, { packs: 3, tree: { departments: 12, categories: 600 } }) : (addServicePages(), []);
  const grown = await measure();
  const what = mode === 'products' ? `real + ${PRODUCTS} products` : `real + ${EXTRA} copies`;

  const perPage = (seconds: number, pages: number) => `${((seconds / pages) * 1000).toFixed(1)} ms/page`;
  console.log(HEADER);
  for (const [name, m] of [['real', real], [what, grown]] as const) {
    console.log(figures(`validate, ${name}`, m.validate));
    console.log(figures(`full build, ${name}`, m.build, `${m.routes} routes`));
  }
  const added = grown.routes - real.routes;
  console.log(`build cost per page: real site ${perPage(real.build.seconds, real.routes)} (CPU ${perPage(real.build.cpu, real.routes)}; all of its build over its routes), ` +
    `added pages ${perPage(grown.build.seconds - real.build.seconds, added)} (CPU ${perPage(grown.build.cpu - real.build.cpu, added)}; the added build over the ${added} added routes)`);
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
    // The builds that reuse the last one (issues 41 and 50).
    const reused = async (name: string, change: () => void) => {
      change();
      const b = await run('build');
      const said = /^(dist\/ is up to date|full build: .*|reusing)/m.exec(b.out)?.[1] ?? '';
      const pages = /\((\d+) drawn, (\d+) reused/.exec(b.out);
      console.log(`${figures(name, b, pages ? `${pages[1]} drawn, ${pages[2]} reused` : '-')}; the build said: ${said}`);
      if (pages) console.log(`    phases: ${/^build phases: (.*)$/m.exec(b.out)?.[1] ?? ''}`);
    };
    console.log(`\nbuilds after the full build above:\n${HEADER}`);
    const file = (id: string) => `pages-data/records/products/${id}.json`;
    const one = products[Math.floor(products.length / 3)]!;
    await reused('nothing changed', () => {});
    await reused('a change no page shows (reindented)', () => scratch.write(file(one.id), JSON.stringify(JSON.parse(scratch.read(file(one.id))), null, 4) + '\n'));
    await reused('one product changed', () => scratch.editJson<{ description: string }>(file(one.id), (p) => void (p.description = `${p.description} Changed for the benchmark.`)));
    await reused('one new product', () => {
      // Its packs' order codes its own: a code used twice is refused (D22).
      const copied = JSON.parse(scratch.read(file(one.id))) as { packs?: { code: string }[] };
      const packs = copied.packs?.map((p, i) => ({ ...p, code: `BN-1-${i + 1}` }));
      scratch.write(file('bench-new'), JSON.stringify({ ...copied, name: 'Benchmark New Product', model: 'BN-1', ...(packs ? { packs } : {}) }, null, 2) + '\n');
    });
  }
} finally {
  scratch.remove();
}
