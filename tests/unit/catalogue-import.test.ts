// npm run catalogue -- import, export and template (issue 37): on a copy of the content, never the
// working tree's. Sheets are written by write-excel-file (as an author's export would be), or built by
// hand where a real Excel file holds what no writer makes (tests/support/xlsx.ts).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import writeXlsxFile from 'write-excel-file/node';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueSheet } from '../../src/node/catalogue/export';
import { reportLines } from '../../src/node/catalogue/report';
import { applyImport, planImport } from '../../src/node/catalogue/import';
import { readSheet } from '../../src/node/catalogue/sheet';
import { loadContent } from '../../src/node/content/load';
import { handXlsx } from '../support/xlsx';

const project = resolve(__dirname, '../..');
let roots: string[] = [];
afterEach(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
  roots = [];
});

/** A copy of the content and public/, with a folder for sheets and their files beside it. */
function copy(): { root: string; sheets: string } {
  const root = mkdtempSync(join(tmpdir(), 'import-'));
  roots.push(root);
  for (const dir of ['pages-data', 'public']) cpSync(join(project, dir), join(root, dir), { recursive: true });
  symlinkSync(join(project, 'schemas'), join(root, 'schemas'));
  const sheets = join(root, 'sheets');
  mkdirSync(sheets);
  return { root, sheets };
}

const read = (root: string, rel: string) => readFileSync(join(root, rel), 'utf8');
const product = (root: string, id: string) => JSON.parse(read(root, `pages-data/records/products/${id}.json`)) as Record<string, unknown>;
const HEADERS = ['id', 'name', 'brand', 'category', 'model', 'description', 'image', 'image alt', 'price', 'status', 'replaced by', 'spec: Method'];
const text = (rows: (string | null)[][]) => rows.map((r) => r.map((v) => (v === null ? null : { value: v, type: String })));

describe('import', () => {
  it('a sheet with a created, an updated, an unchanged and a discontinued product: the dry run says what it would do and writes nothing; apply writes only what changed, in place', async () => {
    const { root, sheets } = copy();
    // A maker's photo, 1000 px wide, carrying a GPS position.
    const photo = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#4a7' } }).jpeg().withExif({ IFD0: { Make: 'Maker' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '1/1 17/1 0/1' } }).toBuffer();
    writeFileSync(join(sheets, 'nitrate kit.jpg'), photo);
    const md610 = product(root, 'md-610-photometer');
    const rows = [
      HEADERS,
      ['NT-4410', 'Nitrate Test Kit', 'Lovibond', 'field-test-kits', '004410', 'Test kit for nitrate in drinking water at the well head.', 'nitrate kit.jpg', 'A nitrate test kit in its case', 'Contact for pricing', 'active', '', 'Membrane filtration'],
      ['Photometer-7500', 'Photometer 7500', 'palintest', 'photometers', '', String(product(root, 'photometer-7500').description), '/images/products/photometer.svg', 'A handheld photometer with a sample vial beside it', 'On request', '', '', ''],
      ['md-610-photometer', String(md610.name), 'lovibond', 'photometers', '', String(md610.description), '/images/products/multiparameter-meter.svg', 'A meter with its probe standing in a beaker of water', 'Contact for pricing', 'active', '', ''],
      ['comparator-2000-plus', 'Comparator 2000+', 'lovibond', 'comparators', '', String(product(root, 'comparator-2000-plus').description), '/images/products/comparator.svg', 'A colour disc comparator with sample tubes', 'Contact for pricing', 'discontinued', 'md-610-photometer', ''],
    ];
    const file = join(sheets, 'products.xlsx');
    await writeXlsxFile(text(rows), { sheet: 'Products' }).toFile(file);
    const before = readdirSync(join(root, 'pages-data/records/products')).map((f) => read(root, `pages-data/records/products/${f}`));

    const plan = await planImport(root, file);
    expect(plan.problems).toEqual([]);
    expect(plan.created.map((c) => c.id)).toEqual(['nt-4410']);
    expect(plan.updated.map((c) => [c.id, c.fields])).toEqual([['photometer-7500', [{ field: 'price', from: 'Contact for pricing', to: 'On request' }]]]);
    expect(plan.discontinued.map((c) => [c.id, c.fields])).toEqual([
      ['comparator-2000-plus', [{ field: 'status', to: 'discontinued' }, { field: 'replacedBy', to: 'md-610-photometer' }]],
    ]);
    expect(plan.unchanged).toBe(1);
    // A maker's 1000 px picture gets in: a warning (sharp at 1x), not an error.
    expect(plan.warnings.map((w) => [w.at, w.code])).toEqual([['products.xlsx:2:G (image)', 'picture-small']]);
    // The dry run wrote nothing.
    expect(readdirSync(join(root, 'pages-data/records/products')).map((f) => read(root, `pages-data/records/products/${f}`))).toEqual(before);
    expect(readdirSync(join(root, 'public/images/products')).some((f) => f.startsWith('nitrate-kit'))).toBe(false);

    const unchangedAt = statSync(join(root, 'pages-data/records/products/md-610-photometer.json')).mtimeMs;
    const oldText = read(root, 'pages-data/records/products/photometer-7500.json');
    applyImport(root, plan);
    // Only the price line of the updated record changed; the unchanged record was not touched.
    const newText = read(root, 'pages-data/records/products/photometer-7500.json');
    expect(newText.split('\n').filter((l, i) => l !== oldText.split('\n')[i])).toEqual(['  "price": "On request"']);
    expect(statSync(join(root, 'pages-data/records/products/md-610-photometer.json')).mtimeMs).toBe(unchangedAt);
    const created = product(root, 'nt-4410');
    expect(created).toMatchObject({ name: 'Nitrate Test Kit', brand: 'lovibond', model: '004410', specifications: [{ name: 'Method', value: 'Membrane filtration' }] });
    const src = (created.image as { src: string }).src;
    expect(src).toMatch(/^\/images\/products\/nitrate-kit-[0-9a-f]{10}\.jpg$/);
    // Stored without its metadata.
    const stored = await sharp(join(root, 'public', src)).metadata();
    expect([stored.width, stored.exif]).toEqual([1000, undefined]);
    expect(product(root, 'comparator-2000-plus')).toMatchObject({ status: 'discontinued', replacedBy: 'md-610-photometer' });
    expect((await loadContent(root)).problems).toEqual([]);

    // The same sheet again: nothing to do, no new picture.
    const again = await planImport(root, file);
    expect([again.created.length, again.updated.length, again.discontinued.length, again.unchanged, again.writes.size]).toEqual([0, 0, 0, 4, 0]);
  });

  it('reports each kind of cell problem at its cell, with validate\'s codes, and writes nothing', async () => {
    const { root, sheets } = copy();
    writeFileSync(join(sheets, 'not-a-picture.jpg'), 'hello, I am text');
    const rows = [
      ['id', 'name', 'brand', 'category', 'model', 'description', 'image', 'image alt', 'spec: Incubators', 'price'],
      ['kit-a', 'Kit A', 'Palintst', 'field-test-kits', 'A1', 'A kit for field tests of drinking water.', '/images/products/test-kit.svg', 'A kit', null, null],
      ['kit-b', 'Kit B', 'palintest', 'field-kits', 'B1', 'A kit for field tests of drinking water.', '/images/products/test-kit.svg', 'A kit', null, null],
      ['kit-c', 'Kit C', 'delagua', 'microbiology-kits', 'C1', 'A kit for field tests of drinking water.', '/images/products/test-kit.svg', 'A kit', 'two', null],
      ['kit-d', null, 'delagua', 'consumables', 'D1', 'A kit for field tests of drinking water.', 'not-a-picture.jpg', 'A kit', null, null],
      ['kit-e', 'Kit E', 'delagua', 'consumables', { date: '2024-03-01' }, 'A kit for field tests of drinking water.', '/images/products/test-kit.svg', 'A kit', null, { formula: '=CONCAT("Contact ","us")', value: 'Contact us' }],
      ['kit-f', 'Kit F', 'delagua', 'consumables', 'F1', 'A kit for field tests of drinking water.', '/images/products/test-kit.svg', 'A kit', null, { formula: '=B2' }],
    ];
    const file = join(sheets, 'problems.xlsx');
    writeFileSync(file, handXlsx(rows));
    const plan = await planImport(root, file);
    expect(plan.problems.map((p) => [p.at, p.code])).toEqual([
      ['problems.xlsx:2:C (brand)', 'unknown-brand-name'],
      ['problems.xlsx:3:D (category)', 'unknown-category-name'],
      ['problems.xlsx:4:I (spec: Incubators)', 'attribute-type'],
      ['problems.xlsx:5:B (name)', 'empty-cell'],
      ['problems.xlsx:5:G (image)', 'bad-file'],
      ['problems.xlsx:6:E (model)', 'date-cell'],
      ['problems.xlsx:7:J (price)', 'formula-without-value'],
    ]);
    expect(plan.problems[0]!.message).toBe('no brand "Palintst" on the site; did you mean "Palintest"?');
    expect(plan.problems[1]!.message).toBe('no category "field-kits" on the site');
    expect(plan.problems[5]!.message).toContain('(2024-03-01)');
    expect(plan.warnings.map((p) => [p.at, p.code])).toEqual([['problems.xlsx:6:J (price)', 'formula-cell']]);
    expect(plan.writes.size).toBe(0);
    expect(() => applyImport(root, plan)).toThrow(/nothing is written/);
    expect(readdirSync(join(root, 'pages-data/records/products')).filter((f) => f.startsWith('kit-'))).toEqual([]);
  });

  it('reads Excel\'s own values: numbers stored as text keep their leading zeros, a 20-digit number all its digits, a formula its value', async () => {
    const { root, sheets } = copy();
    const rows = [
      ['id', 'model', 'price'],
      ['potatest-plus', '000123', { formula: '="Contact for "&"pricing"', value: 'Contact for pricing' }],
      ['delagua-kit-consumables', { number: '12345678901234567890' }, null],
    ];
    writeFileSync(join(sheets, 'quirks.xlsx'), handXlsx(rows));
    const sheet = readSheet(readFileSync(join(sheets, 'quirks.xlsx')), 'quirks.xlsx');
    expect(sheet.rows[2]!.cells[1]).toMatchObject({ raw: '12345678901234567890' });
    const plan = await planImport(root, join(sheets, 'quirks.xlsx'));
    expect(plan.problems).toEqual([]);
    applyImport(root, plan);
    expect(product(root, 'potatest-plus')).toMatchObject({ model: '000123', price: 'Contact for pricing' });
    expect(product(root, 'delagua-kit-consumables').model).toBe('12345678901234567890');
    // An empty cell in a column the sheet has clears an optional field; the columns it lacks stay.
    expect(product(root, 'delagua-kit-consumables').price).toBeUndefined();
    expect(product(root, 'delagua-kit-consumables').name).toBe('DelAgua Kit Consumables');
  });

  it('reads a CSV with a BOM and semicolons, rows numbered as a spreadsheet shows them', async () => {
    const { root, sheets } = copy();
    writeFileSync(join(sheets, 'semi.csv'), '\uFEFFid;price;spec: Incubators\r\ndelagua-dual-incubator-kit;"Contact;us";3\r\npotatest-plus;;x\r\n');
    const plan = await planImport(root, join(sheets, 'semi.csv'));
    expect(plan.updated.map((c) => [c.id, c.fields])).toEqual([
      ['delagua-dual-incubator-kit', [{ field: 'price', from: 'Contact for pricing', to: 'Contact;us' }, { field: 'spec: Incubators', from: '2', to: '3' }]],
      ['potatest-plus', [{ field: 'spec: Incubators', to: 'x' }]],
    ]);
    expect(plan.problems.map((p) => [p.at, p.code])).toEqual([['semi.csv:3:C (spec: Incubators)', 'unknown-attribute']]);
  });
});

describe('export', () => {
  it('export, then import, changes nothing (XLSX and CSV), with texts a spreadsheet would run as formulas escaped in the CSV', async () => {
    const { root, sheets } = copy();
    const edit = (id: string, change: (p: Record<string, unknown>) => void) => {
      const p = product(root, id);
      change(p);
      writeFileSync(join(root, `pages-data/records/products/${id}.json`), JSON.stringify(p, null, 2) + '\n');
    };
    edit('potatest-plus', (p) => {
      p.model = '=HYPERLINK("http://x")';
      p.applications = ['-20 °C storage', ...(p.applications as string[])];
      (p.specifications as unknown[]).push('+/- 0.5 µm');
    });
    edit('comparator-2000-plus', (p) => Object.assign(p, { status: 'discontinued', replacedBy: 'md-610-photometer' }));
    const { content } = await loadContent(root);
    for (const format of ['xlsx', 'csv'] as const) {
      const file = join(sheets, `all.${format}`);
      writeFileSync(file, await catalogueSheet(content!, format));
      if (format === 'csv') {
        const csv = readFileSync(file, 'utf8');
        expect(csv.startsWith('\uFEFFid,pack of,code,pack,name,')).toBe(true);
        expect(csv).toContain(`'=HYPERLINK`);
        expect(csv).toContain(`'-20 °C storage`);
      }
      const plan = await planImport(root, file);
      expect([plan.problems, plan.created.length, plan.updated.length, plan.discontinued.length, plan.unchanged], format).toEqual([[], 0, 0, 0, 8]);
    }
  });

  it('the template has every column and no product, its choices on a second sheet', async () => {
    const { root, sheets } = copy();
    const { content } = await loadContent(root);
    const file = join(sheets, 'template.xlsx');
    writeFileSync(file, await catalogueSheet(content!, 'xlsx', true));
    const products = readSheet(readFileSync(file), 'template.xlsx');
    expect(products.names).toEqual(['Products', 'Columns']);
    expect(products.rows.length).toBe(1);
    expect(products.rows[0]!.cells.map((c) => c?.value)).toEqual(expect.arrayContaining(['id', 'image alt', 'replaced by', 'spec: Incubators', 'spec: Data transfer']));
    const columns = readSheet(readFileSync(file), 'template.xlsx', 'Columns');
    // Categories by their path, as the category column takes them (here each at the top), with their ids beside.
    expect(columns.rows.map((r) => r.cells[3]?.value).filter(Boolean)).toEqual(['category', ...[...content!.categories.values()].map((c) => c.name)]);
    expect(columns.rows.map((r) => r.cells[4]?.value).filter(Boolean)).toEqual(['category id', ...content!.categories.keys()]);
    expect(columns.rows.map((r) => r.cells[6]?.value)).toEqual(expect.arrayContaining(['palintest', 'lovibond', 'delagua']));
    // The brand and category cells offer those lists (data validation of the first sheet).
    const { unzipSync, strFromU8 } = await import('fflate');
    const sheet1 = strFromU8(unzipSync(readFileSync(file))['xl/worksheets/sheet1.xml']!);
    expect(sheet1).toMatch(/<dataValidation type="list"[^>]*sqref="F2:F\d+"><formula1>'Columns'!\$G\$2:\$G\$\d+<\/formula1>/);
    expect(sheet1).toMatch(/<dataValidation type="list"[^>]*sqref="G2:G\d+"><formula1>'Columns'!\$D\$2:\$D\$\d+<\/formula1>/);
  });
});

describe('packs, a category tree, new categories and brands (issue 49, D22-D24)', () => {
  /** A reagent in two packs with a value of their own, a beaker from a brand and a category path the site does not have yet. */
  function rangeSheet(root: string) {
    const categories = JSON.parse(read(root, 'pages-data/records/product-categories.json')) as { categories: { id: string; attributes?: unknown[] }[] };
    categories.categories.find((c) => c.id === 'reagents')!.attributes = [{ name: 'Tablets per pack', type: 'number', filter: true }];
    writeFileSync(join(root, 'pages-data/records/product-categories.json'), JSON.stringify(categories, null, 2) + '\n');
    const header = ['id', 'pack of', 'code', 'pack', 'name', 'brand', 'category', 'description', 'image', 'image alt', 'price', 'spec: Tablets per pack'];
    return [
      header,
      ['dpd-free-chlorine-tablets', '', '', '', 'DPD Free Chlorine Tablets', 'Palintest', 'Reagents', 'Photometer tablets for free chlorine in drinking and pool water.', '', '', '', ''],
      ['', 'dpd-free-chlorine-tablets', 'TST-DPD1-250', '250 tablets', '', '', '', '', '', '', '', '250'],
      ['', 'dpd-free-chlorine-tablets', 'TST-DPD1-500', '500 tablets', '', '', '', '', '', '', 'KES 4,800', '500'],
      ['griffin-beaker', '', '', '', 'Griffin Beaker, Borosilicate', 'Kavalier Glass', 'Labware > Glassware > Beakers', 'Low-form beaker of borosilicate glass with a spout and printed graduations.', '/images/products/test-kit.svg', 'A glass beaker with white graduations', '', ''],
      ['', 'griffin-beaker', 'TST-GB-050', '50 mL', '', '', '', '', '', '', '', ''],
      ['', 'griffin-beaker', 'TST-GB-250', '250 mL', '', '', '', '', '', '', '', ''],
      ['photometer-7500', '', '', '', 'Photometer 7500', 'palintest', 'Photometers', String(product(root, 'photometer-7500').description), '/images/products/photometer.svg', 'A handheld photometer with a sample vial beside it', 'Contact for pricing', ''],
    ];
  }

  it('a brand or category path the site does not have is a problem; with --create the dry run lists them, and the apply makes the categories under their parents and the brand a supplier', async () => {
    const { root, sheets } = copy();
    const file = join(sheets, 'range.xlsx');
    await writeXlsxFile(text(rangeSheet(root)), { sheet: 'Products' }).toFile(file);

    const refused = await planImport(root, file);
    expect(refused.problems.map((p) => [p.at, p.code])).toEqual([
      ['range.xlsx:5:F (brand)', 'unknown-brand-name'],
      ['range.xlsx:5:G (category)', 'unknown-category-name'],
    ]);
    expect([refused.newCategories, refused.newBrands, refused.writes.size]).toEqual([[], [], 0]);

    const plan = await planImport(root, file, { create: true });
    expect(plan.problems).toEqual([]);
    expect([plan.rows, plan.products, plan.packs]).toEqual([7, 3, 4]);
    expect(plan.newCategories).toEqual([
      { id: 'labware', path: 'Labware', row: 5 },
      { id: 'glassware', path: 'Labware > Glassware', row: 5 },
      { id: 'beakers', path: 'Labware > Glassware > Beakers', row: 5 },
    ]);
    expect(plan.newBrands).toEqual([{ id: 'kavalier-glass', name: 'Kavalier Glass', row: 5 }]);
    expect(plan.created.map((c) => c.id)).toEqual(['dpd-free-chlorine-tablets', 'griffin-beaker']);
    expect(plan.unchanged).toBe(1);
    // The product waiting for its photo is accepted (D24), and counted.
    expect(plan.warnings.map((w) => [w.at, w.code, w.message])).toEqual([['range.xlsx:2:I (image)', 'products-without-picture', '1 product has no picture yet: dpd-free-chlorine-tablets']]);
    const report = reportLines(plan, false).join('\n');
    expect(report).toContain('range.xlsx (sheet "Products"), our template: 7 rows, 3 products and 4 packs');
    expect(report).toContain('new categories:\n  Labware  (labware, row 5)\n  Labware > Glassware  (glassware, row 5)\n  Labware > Glassware > Beakers  (beakers, row 5)');
    expect(report).toContain('new brands (supplier records):\n  Kavalier Glass  (kavalier-glass, row 5)');
    expect(report).toContain('1 product has no picture yet');

    applyImport(root, plan);
    const { content, problems } = await loadContent(root);
    expect(problems).toEqual([]);
    expect(content!.products.get('dpd-free-chlorine-tablets')).toMatchObject({
      brand: 'palintest',
      category: 'reagents',
      packs: [
        { code: 'TST-DPD1-250', label: '250 tablets', specifications: [{ name: 'Tablets per pack', value: 250 }] },
        { code: 'TST-DPD1-500', label: '500 tablets', specifications: [{ name: 'Tablets per pack', value: 500 }], price: 'KES 4,800' },
      ],
    });
    expect(content!.products.get('dpd-free-chlorine-tablets')!.image).toBeUndefined();
    expect(content!.products.get('griffin-beaker')).toMatchObject({ brand: 'kavalier-glass', category: 'beakers', packs: [{ code: 'TST-GB-050', label: '50 mL' }, { code: 'TST-GB-250', label: '250 mL' }] });
    expect(['labware', 'glassware', 'beakers'].map((id) => content!.categories.get(id)?.parent)).toEqual([undefined, 'labware', 'glassware']);
    expect(content!.suppliers.get('kavalier-glass')).toEqual({ id: 'kavalier-glass', name: 'Kavalier Glass', certification: [], countries: [] });
    expect(product(root, 'photometer-7500').packs).toBeUndefined();

    // The same sheet again, now that they exist: nothing to do, nothing new.
    const again = await planImport(root, file, { create: true });
    expect([again.problems, again.created.length, again.updated.length, again.unchanged, again.newCategories, again.newBrands, again.writes.size]).toEqual([[], 0, 0, 3, [], [], 0]);
  });

  it('an export with packs and a tree of categories imports back changing nothing (XLSX and CSV): one row a pack, under its product, the category by its path', async () => {
    const { root, sheets } = copy();
    const first = join(sheets, 'range.xlsx');
    await writeXlsxFile(text(rangeSheet(root)), { sheet: 'Products' }).toFile(first);
    applyImport(root, await planImport(root, first, { create: true }));
    const { content } = await loadContent(root);
    for (const format of ['xlsx', 'csv'] as const) {
      const file = join(sheets, `export.${format}`);
      writeFileSync(file, await catalogueSheet(content!, format));
      const sheet = readSheet(readFileSync(file), file);
      const rows = sheet.rows.map((r) => Array.from(r.cells, (c) => (c?.value === undefined || c.value === null ? '' : String(c.value))));
      const beaker = rows.findIndex((r) => r[0] === 'griffin-beaker');
      expect(rows[beaker]!.slice(0, 7)).toEqual(['griffin-beaker', '', '', '', 'Griffin Beaker, Borosilicate', 'kavalier-glass', 'Labware > Glassware > Beakers']);
      expect(rows.slice(beaker + 1, beaker + 3).map((r) => r.slice(0, 4))).toEqual([
        ['', 'griffin-beaker', 'TST-GB-050', '50 mL'],
        ['', 'griffin-beaker', 'TST-GB-250', '250 mL'],
      ]);
      const plan = await planImport(root, file);
      expect([plan.problems, plan.created.length, plan.updated.length, plan.discontinued.length, plan.unchanged, plan.packs, plan.writes.size], format).toEqual([[], 0, 0, 0, 10, 4, 0]);
    }
  });

  it('a pack changed, added and dropped, and a pack\'s row in the wrong place, each shown at its cell', async () => {
    const { root, sheets } = copy();
    const first = join(sheets, 'range.xlsx');
    await writeXlsxFile(text(rangeSheet(root)), { sheet: 'Products' }).toFile(first);
    applyImport(root, await planImport(root, first, { create: true }));
    const rows = [
      ['id', 'pack of', 'code', 'pack', 'name', 'price'],
      ['dpd-free-chlorine-tablets', '', '', '', 'DPD Free Chlorine Tablets', ''],
      ['', 'dpd-free-chlorine-tablets', 'tst-dpd1-500', '500 tablets', '', 'KES 4,950'],
      ['', 'dpd-free-chlorine-tablets', 'TST-DPD1-1000', '1000 tablets', '', ''],
      ['griffin-beaker', '', 'TST-GB-100', '100 mL', 'Griffin Beaker, Borosilicate', ''],
      ['', 'no-such-product', 'TST-X-1', 'One', '', ''],
      ['', 'griffin-beaker', 'TST-GB-600', '', 'A name on a pack row', ''],
    ];
    const file = join(sheets, 'packs.xlsx');
    await writeXlsxFile(text(rows), { sheet: 'Products' }).toFile(file);
    const plan = await planImport(root, file);
    expect(plan.problems.map((p) => [p.at, p.code])).toEqual([
      ['packs.xlsx:5:C (code)', 'pack-cell-on-product-row'],
      ['packs.xlsx:5:D (pack)', 'pack-cell-on-product-row'],
      ['packs.xlsx:6:B (pack of)', 'pack-without-product'],
      ['packs.xlsx:7:D (pack)', 'empty-cell'],
      ['packs.xlsx:7:E (name)', 'product-cell-on-pack-row'],
    ]);
    expect(plan.problems[4]!.message).toBe('a pack\'s row gives no name: its product\'s row (row 5) does');
    // The packs of the first product: one kept by its code (whatever its case) with its own values, one dropped, one added.
    const dpd = plan.updated.find((c) => c.id === 'dpd-free-chlorine-tablets')!;
    expect(dpd.fields).toEqual([
      { field: 'pack tst-dpd1-500', from: '500 tablets | KES 4,800 | Tablets per pack 500', to: '500 tablets | KES 4,950 | Tablets per pack 500' },
      { field: 'pack TST-DPD1-1000', to: '1000 tablets' },
      { field: 'pack TST-DPD1-250', from: '250 tablets | Tablets per pack 250' },
    ]);
  });

  it('a category or brand a letter or two from one the site has stays a problem with --create (D23), and nothing is made', async () => {
    const { root, sheets } = copy();
    const rows = [
      ['id', 'name', 'brand', 'category', 'description'],
      ['chlorine-meter', 'Chlorine Meter', 'Lovibnd', 'Photometres', 'A pocket meter for free and total chlorine.'],
      ['pocket-ph-meter', 'Pocket pH Meter', 'Hanna Instruments', 'Water Testing > Photometres', 'A pocket meter for pH with a replaceable probe.'],
    ];
    const file = join(sheets, 'typos.csv');
    writeFileSync(file, rows.map((r) => r.join(',')).join('\n'));
    const plan = await planImport(root, file, { create: true });
    expect(plan.problems.map((p) => [p.at, p.code, p.message])).toEqual([
      ['typos.csv:2:C (brand)', 'near-name', '"Lovibnd" is no brand on the site, and too close to the brand "Lovibond" to be made a new one: did you mean "Lovibond"?'],
      ['typos.csv:2:D (category)', 'near-name', '"Photometres" is no category on the site, and too close to the category "Photometers" to be made a new one: did you mean "Photometers"?'],
      ['typos.csv:3:D (category)', 'near-name', '"Photometres" is no category on the site, and too close to the category "Photometers" to be made a new one: did you mean "Photometers"?'],
    ]);
    expect(plan.writes.size).toBe(0);

    // Unless the mapping file says which ones they mean, or lists them to be made.
    const meant = await planImport(root, file, { create: true, map: { categories: { Photometres: 'photometers' }, brands: { Lovibnd: 'lovibond' } } });
    expect([meant.problems, meant.newCategories, meant.created.map((c) => c.id)]).toEqual([[], [], ['chlorine-meter', 'pocket-ph-meter']]);
    expect(meant.created[0]!.fields).toEqual(expect.arrayContaining([{ field: 'brand', to: 'lovibond' }, { field: 'category', to: 'photometers' }]));
    const made = await planImport(root, file, { map: { create: { categories: ['Photometres'], brands: ['Lovibnd'] } } });
    expect([made.problems, made.newCategories.map((c) => c.path), made.newBrands.map((b) => b.name)]).toEqual([[], ['Photometres', 'Water Testing', 'Water Testing > Photometres'], ['Lovibnd']]);
  });
});
