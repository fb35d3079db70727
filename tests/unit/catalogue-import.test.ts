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
      ['problems.xlsx:2:C (brand)', 'unknown-brand'],
      ['problems.xlsx:3:D (category)', 'unknown-category'],
      ['problems.xlsx:4:I (spec: Incubators)', 'attribute-type'],
      ['problems.xlsx:5:B (name)', 'empty-cell'],
      ['problems.xlsx:5:G (image)', 'bad-file'],
      ['problems.xlsx:6:E (model)', 'date-cell'],
      ['problems.xlsx:7:J (price)', 'formula-without-value'],
    ]);
    expect(plan.problems[0]!.message).toBe('unknown brand "palintst": not a partner or supplier id; did you mean "palintest"?');
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
        expect(csv.startsWith('\uFEFFid,name,')).toBe(true);
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
    expect(columns.rows.map((r) => r.cells[3]?.value).filter(Boolean)).toEqual(['category', ...content!.categories.keys()]);
    expect(columns.rows.map((r) => r.cells[6]?.value)).toEqual(expect.arrayContaining(['palintest', 'lovibond', 'delagua']));
    // The brand and category cells offer those lists (data validation of the first sheet).
    const { unzipSync, strFromU8 } = await import('fflate');
    const sheet1 = strFromU8(unzipSync(readFileSync(file))['xl/worksheets/sheet1.xml']!);
    expect(sheet1).toMatch(/<dataValidation type="list"[^>]*sqref="C2:C\d+"><formula1>'Columns'!\$G\$2:\$G\$\d+<\/formula1>/);
    expect(sheet1).toMatch(/<dataValidation type="list"[^>]*sqref="D2:D\d+"><formula1>'Columns'!\$D\$2:\$D\$\d+<\/formula1>/);
  });
});
