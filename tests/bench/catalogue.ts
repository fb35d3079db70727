// npm run bench:catalogue: a lab supplier's range as a sheet, imported into a scratch copy. ROWS (10,000)
// generated products with 3 packs each, in 600 categories under 12 departments (tests/support/products.ts),
// are exported from one scratch copy (a sheet of 40,000 rows: a row per product and one per pack, the
// category by its path), and imported with --create into another that has the categories but none of
// the products: the dry run and the apply, then the same sheet again (which applies nothing), each with
// the peak memory of its processes; then the largest facets file a listing's filters would download.
// Targets on 2 cores: 15 s or less each, 1 GB peak memory or less; 50 KB gzip for the facets file.
// A benchmark, not a test: measure on a quiet machine.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { facetFiles } from '../../src/node/build/facets';
import { catalogueSheet } from '../../src/node/catalogue/export';
import { loadContent } from '../../src/node/content/load';
import { measured } from '../support/memory';
import { addProducts, type Shape } from '../support/products';
import { scratchProject } from '../support/scratch';

const ROWS = Number(process.env.ROWS ?? 10_000);
const SHAPE: Shape = { packs: 3, tree: { departments: 12, categories: 600 } };
const source = scratchProject('catalogue-bench-from-');
const scratch = scratchProject('catalogue-bench-');

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

try {
  // The range: made in one copy and exported from it; the other copy gets the same categories, no products.
  let started = performance.now();
  addProducts(source, ROWS, SHAPE);
  addProducts(scratch, 0, SHAPE);
  const { content, problems } = await loadContent(source.dir, { skipSchemaFiles: true });
  if (!content) throw new Error(`the generated range is invalid:\n${problems.slice(0, 5).map((p) => `${p.file}:${p.line} ${p.message}`).join('\n')}`);
  const sheet = join(scratch.dir, 'range.xlsx');
  writeFileSync(sheet, await catalogueSheet(content, 'xlsx'));
  const packs = [...content.products.values()].reduce((n, p) => n + (p.packs?.length ?? 0), 0);
  console.log(`made and exported ${content.products.size} products and ${packs} packs in ${content.categories.size} categories in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const importRun = async (apply: boolean) => {
    const r = await measured('npm', ['run', '-s', 'catalogue', '--', 'import', sheet, '--create', ...(apply ? ['--apply'] : [])], scratch.dir);
    if (r.code !== 0) throw new Error(`the import failed (exit ${r.code}):\n${r.out.slice(-3000)}`);
    return { ...r, summary: r.out.trim().split('\n').pop()! };
  };
  const runs = [
    ['dry run', await importRun(false)],
    ['apply', await importRun(true)],
    ['same sheet again: dry run', await importRun(false)],
    ['same sheet again: apply', await importRun(true)],
  ] as const;
  console.log(`\n${ROWS} products, ${packs} packs: ${ROWS + packs} rows, in ${scratch.dir}; targets: 15 s or less, 1 GB peak memory or less each\n`);
  console.log('| run                        | seconds | CPU seconds | peak memory | result');
  for (const [name, r] of runs) console.log(`| ${name.padEnd(26)} | ${r.seconds.toFixed(1).padStart(7)} | ${r.cpu.toFixed(1).padStart(11)} | ${mb(r.peak).padStart(11)} | ${r.summary}`);

  // What filtering a listing downloads: its category's facets file (the filters' code is in the listing's first load).
  const imported = (await loadContent(scratch.dir, { skipSchemaFiles: true })).content!;
  const facets = [...facetFiles(imported)].map(([path, text]) => ({ path, count: (JSON.parse(text) as { products: unknown[] }).products.length, gzip: gzipSync(text, { level: 9 }).length }));
  const largest = facets.sort((a, b) => b.gzip - a.gzip)[0]!;
  console.log(`\nlargest facets file (what filtering a listing downloads): ${largest.path}, ${largest.count} products, ${(largest.gzip / 1024).toFixed(1)} KB gzip (target: 50 KB or less)`);
  console.log(`\nuptime: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
} finally {
  source.remove();
  scratch.remove();
}
