// npm run bench:catalogue: in a scratch copy, makes a sheet of ROWS (10,000) products and times the
// import's dry run and its apply, then the same sheet again (which applies nothing), with the peak
// memory of each, and the largest facets file a listing's filters would then download. Targets on 2
// cores: 15 s or less each, 1 GB peak memory or less; 50 KB gzip for the facets. A benchmark, not a
// test: measure on a quiet machine.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import writeXlsxFile from 'write-excel-file/node';
import { facetFiles } from '../../src/node/build/facets';
import { COLUMNS } from '../../src/node/catalogue/columns';
import { loadContent } from '../../src/node/content/load';
import { measured } from '../support/memory';
import { scratchProject } from '../support/scratch';

const ROWS = Number(process.env.ROWS ?? 10_000);
const scratch = scratchProject('catalogue-bench-');

/** A product row for each of the shipped categories in turn, its values fitting the category's attributes. */
function sheetRows() {
  const categories = (JSON.parse(scratch.read('pages-data/records/product-categories.json')) as { categories: { id: string; attributes?: { name: string; type: string; choices?: string[]; unit?: string }[] }[] }).categories;
  const brands = ['palintest', 'lovibond', 'delagua', 'wagtech', 'hanna-instruments', 'merck-millipore'];
  const specs = [...new Map(categories.flatMap((c) => (c.attributes ?? []).map((a) => [`spec: ${a.name}${a.unit ? ` [${a.unit}]` : ''}`, a] as const))).entries()];
  const header = [...COLUMNS, ...specs.map(([h]) => h)];
  const rows: (string | number | null)[][] = [];
  for (let i = 1; i <= ROWS; i++) {
    const category = categories[i % categories.length]!;
    const values = specs.map(([, a]) => {
      if (!category.attributes?.some((x) => x.name === a.name)) return null;
      return a.type === 'number' ? 1 + (i % 4) : a.type === 'choice' ? a.choices![i % a.choices!.length]! : `Text ${i % 5}`;
    });
    const id = `bench-${String(i).padStart(5, '0')}`;
    rows.push([
      id, `Bench Product ${i}`, brands[i % brands.length]!, category.id, `BP-${String(i).padStart(5, '0')}`,
      `A product made up for the benchmark, number ${i}, in the ${category.id} category.`,
      '/images/products/test-kit.svg', 'A portable test kit with reagent bottles', `Line one of ${i}\nLine two`, 'Drinking water\nSwimming pools',
      null, 'Contact for pricing', 'active', null, ...values,
    ]);
  }
  return [header, ...rows];
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

try {
  const sheet = join(scratch.dir, 'bench.xlsx');
  const data = sheetRows();
  await writeXlsxFile(data.map((r) => r.map((v) => (v === null ? null : typeof v === 'number' ? { value: v, type: Number } : { value: v, type: String })))).toFile(sheet);
  const importRun = async (apply: boolean) => {
    const r = await measured('npm', ['run', '-s', 'catalogue', '--', 'import', sheet, ...(apply ? ['--apply'] : [])], scratch.dir);
    if (r.code !== 0) throw new Error(`the import failed (exit ${r.code}):\n${r.out.slice(-3000)}`);
    return { ...r, summary: r.out.trim().split('\n').pop()! };
  };
  const runs = [
    ['dry run', await importRun(false)],
    ['apply', await importRun(true)],
    ['same sheet again: dry run', await importRun(false)],
    ['same sheet again: apply', await importRun(true)],
  ] as const;
  console.log(`\n${ROWS} rows (${data[0]!.length} columns), in ${scratch.dir}; targets: 15 s or less, 1 GB peak memory or less each\n`);
  console.log('| run                        | seconds | CPU seconds | peak memory | result');
  for (const [name, r] of runs) console.log(`| ${name.padEnd(26)} | ${r.seconds.toFixed(1).padStart(7)} | ${r.cpu.toFixed(1).padStart(11)} | ${mb(r.peak).padStart(11)} | ${r.summary}`);
  // What filtering a listing downloads: its category's facets file (the filters' code is in the listing's first load).
  const { content } = await loadContent(scratch.dir);
  const facets = [...facetFiles(content!)].map(([path, text]) => ({ path, count: (JSON.parse(text) as { products: unknown[] }).products.length, gzip: gzipSync(text, { level: 9 }).length }));
  const largest = facets.sort((a, b) => b.gzip - a.gzip)[0]!;
  console.log(`\nlargest facets file (what filtering a listing downloads): ${largest.path}, ${largest.count} products, ${(largest.gzip / 1024).toFixed(1)} KB gzip (target: 50 KB or less)`);
  console.log(`\nuptime: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
} finally {
  scratch.remove();
}
