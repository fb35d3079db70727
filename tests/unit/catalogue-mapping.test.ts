// Any other sheet (issue 49 item 3): the dry run proposes what each column holds, by its header and its
// values; the author confirms it in a mapping file (--write-map, then --map), which the apply keeps
// beside the records, so that the next sheet of the same headers needs no step. On a scratch copy,
// through the command line.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { proposeMapping } from '../../src/node/catalogue/header';
import type { ImportMap } from '../../src/node/catalogue/mapping';
import { readSheet } from '../../src/node/catalogue/sheet';
import { loadContent } from '../../src/node/content/load';
import { scratchProject } from '../support/scratch';

const scratch = scratchProject('import-map-');
afterAll(() => scratch.remove());

/** A distributor's price list as its ERP exports it: a row per item, the items of one product under one name. */
const ROWS = [
  ['Product Name', 'Cat. No.', 'Manufacturer', 'Category', 'Pack Size', 'Price (KES)', 'Incubators', 'Description', 'Notes'],
  ['Chlorine Test Tablets (DPD 3)', 'TST-DPD3-100', 'Palintest', 'Reagents', '100 tablets', '2,350', '', 'Tablets for total chlorine by the DPD method on a photometer.', 'Reorder at 20'],
  ['Chlorine Test Tablets (DPD 3)', 'TST-DPD3-500', 'Palintest', 'Reagents', '500 tablets', '9,900', '', 'Tablets for total chlorine by the DPD method on a photometer.', ''],
  ['Field Coliform Kit', 'TST-FCK-2', 'DelAgua', 'Photometres', 'Kit with 2 incubators', '245,000', '2', 'Portable kit for faecal coliforms by membrane filtration.', 'Made to order'],
];
const csv = (rows: string[][]) => rows.map((r) => r.map((c) => (/[",]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',')).join('\r\n');
const PRICE_LIST = csv(ROWS);

// Each test runs the command line several times: its limit only catches a hang (a busy machine took 157 s).
describe('a sheet of another shape, by a mapping', { timeout: 600_000 }, () => {
  it('the dry run proposes a field for each column by its header and its values, or skip', () => {
    const sheet = readSheet(Buffer.from(`${PRICE_LIST}\r\n`), 'prices.csv');
    const [head, ...body] = sheet.rows;
    const photo = readSheet(Buffer.from('Item,Link\r\nA,https://shop.example/a.jpg\r\nB,b.png\r\n'), 'photo.csv');
    const site = { categories: new Set(['reagents', 'photometers']), brands: new Set(['palintest', 'delagua']), attributes: [{ name: 'Incubators' }] };
    expect(proposeMapping(head!, body, site).map((c) => [c.header, c.field, c.by])).toEqual([
      ['Product Name', 'name', 'header'],
      ['Cat. No.', 'code', 'header'],
      ['Manufacturer', 'brand', 'header'],
      ['Category', 'category', 'header'],
      ['Pack Size', 'pack', 'header'],
      ['Price (KES)', 'price', 'header'],
      ['Incubators', 'spec: Incubators', 'header'],
      ['Description', 'description', 'header'],
      ['Notes', 'skip', 'none'],
    ]);
    // Told by its values: a picture's address; a catalogue number without a pack size is the product's model number.
    expect(proposeMapping(photo.rows[0]!, photo.rows.slice(1), site).map((c) => [c.header, c.field, c.by])).toEqual([
      ['Item', 'name', 'header'],
      ['Link', 'image', 'values'],
    ]);
    const codes = readSheet(Buffer.from('Title,Cat. No.\r\nBeaker,BK-100\r\n'), 'codes.csv');
    expect(proposeMapping(codes.rows[0]!, codes.rows.slice(1), site).map((c) => c.field)).toEqual(['name', 'model']);
  });

  it('--write-map writes the proposal, --map imports by it (names meaning categories too), the apply keeps it, and the next sheet of the same headers needs no step', () => {
    const sheet = join(scratch.dir, 'price-list.csv');
    const mapFile = join(scratch.dir, 'price-list-map.json');
    writeFileSync(sheet, PRICE_LIST);

    // Without a mapping: the proposal, and one problem asking to confirm it; nothing written.
    const unconfirmed = runImport([sheet]);
    expect(unconfirmed.status).toBe(1);
    expect(unconfirmed.out).toContain('price-list.csv, a sheet read by its mapping: 3 rows, 2 products and 3 packs');
    expect(unconfirmed.out).toContain('columns, as proposed (confirm them: --write-map <file>, edit it, then --map <file>):');
    expect(unconfirmed.out).toContain('  B  Cat. No. → code  (by its header)  e.g. "TST-DPD3-100", "TST-DPD3-500", "TST-FCK-2"');
    expect(unconfirmed.out).toContain('price-list.csv:1:1  this sheet is not our template, nor a WooCommerce or Shopify export: what its 9 columns hold is proposed below, to confirm');

    const written = runImport([sheet, '--write-map', mapFile]);
    expect(written.status).toBe(0);
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as ImportMap & { $schema: string };
    expect(map.$schema).toBe('schemas/import-map.schema.json');
    expect(map.columns).toEqual({ 'Product Name': 'name', 'Cat. No.': 'code', Manufacturer: 'brand', Category: 'category', 'Pack Size': 'pack', 'Price (KES)': 'price', Incubators: 'spec: Incubators', Description: 'description', Notes: 'skip' });

    // The author's edits: the sheet's "Photometres" means the microbiology kits here.
    map.categories = { Photometres: 'microbiology-kits' };
    writeFileSync(mapFile, JSON.stringify(map, null, 2));
    const applied = runImport([sheet, '--map', mapFile, '--apply']);
    expect(applied.status, applied.out).toBe(0);
    expect(applied.out).toContain('columns, by the mapping given:');
    expect(applied.out).toContain('Applied: 2 created, 0 updated, 0 discontinued, 0 unchanged');
    const product = (id: string) => JSON.parse(scratch.read(`pages-data/records/products/${id}.json`)) as Record<string, unknown>;
    expect(product('chlorine-test-tablets-dpd-3')).toMatchObject({
      name: 'Chlorine Test Tablets (DPD 3)',
      brand: 'palintest',
      category: 'reagents',
      description: 'Tablets for total chlorine by the DPD method on a photometer.',
      packs: [
        { code: 'TST-DPD3-100', label: '100 tablets', price: '2,350' },
        { code: 'TST-DPD3-500', label: '500 tablets', price: '9,900' },
      ],
    });
    expect(product('field-coliform-kit')).toMatchObject({ brand: 'delagua', category: 'microbiology-kits', specifications: [{ name: 'Incubators', value: 2 }], packs: [{ code: 'TST-FCK-2', label: 'Kit with 2 incubators', price: '245,000' }] });

    // Kept beside the records, valid, for the next sheet of these headers.
    const kept = JSON.parse(scratch.read('pages-data/records/import-maps/price-list.json')) as ImportMap & { $schema: string };
    expect(kept).toMatchObject({ $schema: '../../../schemas/import-map.schema.json', headers: ROWS[0], columns: map.columns, categories: { Photometres: 'microbiology-kits' } });
    expect(scratch.npm('validate')).toContain('all valid');

    // Next month's list, its columns in another order, a price changed: read by the kept mapping, no step.
    const next = join(scratch.dir, 'price-list-march.csv');
    writeFileSync(next, csv(ROWS.map(([name, code, ...rest]) => [code!, name!, ...rest.map((c) => (c === '9,900' ? '10,400' : c))])));
    const again = runImport([next]);
    expect(again.status, again.out).toBe(0);
    expect(again.out).toContain('columns, by the mapping kept in pages-data/records/import-maps/price-list.json:');
    expect(again.out).toContain('Dry run: 0 created, 1 updated, 0 discontinued, 1 unchanged');
    expect(again.out).toContain('pack TST-DPD3-500: "500 tablets | 9,900" → "500 tablets | 10,400"');
  });

  it('a mapping that leaves a column unsaid, or names an unknown field, is refused at once', async () => {
    const sheet = join(scratch.dir, 'short.csv');
    writeFileSync(sheet, 'Product Name,Manufacturer,Category,Description,Comment\r\nTest Rack,Palintest,Reagents,A rack for twelve test tubes.,none\r\n');
    const mapFile = join(scratch.dir, 'short-map.json');
    writeFileSync(mapFile, JSON.stringify({ columns: { 'Product Name': 'name', Manufacturer: 'brand', Category: 'category', Description: 'descripton' } }));
    const bad = runImport([sheet, '--map', mapFile]);
    expect(bad.status).toBe(1);
    expect(bad.out).toContain('short-map.json: not a mapping file');
    expect(bad.out).toContain('columns.Description:');
    writeFileSync(mapFile, JSON.stringify({ columns: { 'Product Name': 'name', Manufacturer: 'brand', Category: 'category', Description: 'description' } }));
    const unsaid = runImport([sheet, '--map', mapFile]);
    expect(unsaid.status).toBe(1);
    expect(unsaid.out).toContain('short.csv:1:E (Comment)  the mapping does not say what the column "Comment" holds');
    expect((await loadContent(scratch.dir)).content!.products.has('test-rack')).toBe(false);
  });
});

/** `npm run catalogue -- import` in the scratch copy: its exit status and all it printed. */
function runImport(args: string[]): { status: number; out: string } {
  try {
    return { status: 0, out: scratch.npm('catalogue', ['import', ...args]) };
  } catch (err) {
    const out = (err as Error).message;
    return { status: Number(/\(exit (\d+)\)/.exec(out)?.[1] ?? 1), out };
  }
}
