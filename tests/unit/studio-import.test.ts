// The studio's Import products (issue 37, item 4), through its API on a copy of the project: the sheet
// and a picture uploaded, checked (nothing written), then applied by the import's own rules; the
// uploads waiting are held to a quota and deleted once applied or left for IMPORT_HOURS (issue 52,
// item 9).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_HOURS } from '../../src/node/studio/import';
import type { StudioImport } from '../../src/studio/api';
import { startStudioApi, studioProject } from '../support/studio-api';
import { handXlsx } from '../support/xlsx';

let root: string;
let uploads: string;
let api: Awaited<ReturnType<typeof startStudioApi>>;
/** Small enough for a test to fill. */
const QUOTA = 100_000;
beforeAll(async () => {
  root = studioProject('studio-import-', ['pages-data', 'public'], ['schemas']);
  uploads = mkdtempSync(join(tmpdir(), 'studio-import-uploads-'));
  api = await startStudioApi(root, { uploads: { dir: uploads, quota: QUOTA } });
});
afterAll(() => {
  api.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(uploads, { recursive: true, force: true });
});

const headers = (type: string) => ({ 'Content-Type': type, Origin: api.base });
const upload = (session: string, name: string, body: Buffer) => fetch(`${api.base}/__studio/api/import/file?session=${session}&name=${encodeURIComponent(name)}`, { method: 'POST', headers: headers('application/octet-stream'), body: new Uint8Array(body) });
const call = async (what: 'check' | 'apply', body: unknown) => {
  const res = await fetch(`${api.base}/__studio/api/import/${what}`, { method: 'POST', headers: headers('application/json'), body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as StudioImport & { error?: string } };
};

describe('the studio\'s Import products', () => {
  it('checks a sheet and its picture without writing, shows each problem\'s cell, and applies by the same rules', async () => {
    const session = 'abcdef123456';
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#58a' } }).jpeg().toBuffer();
    const rows = [
      ['id', 'name', 'brand', 'category', 'description', 'image', 'image alt'],
      ['chlorine-kit', 'Chlorine Kit', 'palintest', 'field-test-kits', 'A kit for free and total chlorine at the tap.', 'chlorine.jpg', 'A chlorine test kit'],
      ['pool-kit', 'Pool Kit', 'Palintst', 'pool-testing', 'A kit for pool water balance and chlorine.', 'chlorine.jpg', 'A pool test kit'],
    ];
    expect((await upload(session, 'range.xlsx', handXlsx(rows))).status).toBe(200);
    expect((await upload(session, 'chlorine.jpg', photo)).status).toBe(200);
    const checked = await call('check', { session, sheet: 'range.xlsx' });
    expect(checked.status).toBe(200);
    expect(checked.body.problems.map((p) => [p.at, p.code])).toEqual([['range.xlsx:3:C (brand)', 'unknown-brand-name']]);
    // The cell's row as the sheet has it, for the view to show.
    expect(checked.body.cells.header[2]).toBe('brand');
    expect(checked.body.cells.rows[3]![2]).toBe('Palintst');
    expect(checked.body.applied).toBe(false);
    // With a problem, apply writes nothing.
    expect((await call('apply', { session, sheet: 'range.xlsx' })).body.applied).toBe(false);
    expect(() => readFileSync(join(root, 'pages-data/records/products/chlorine-kit.json'))).toThrow();

    rows[2]![2] = 'palintest';
    await upload(session, 'range.xlsx', handXlsx(rows));
    const applied = await call('apply', { session, sheet: 'range.xlsx' });
    expect(applied.body.problems).toEqual([]);
    expect(applied.body.applied).toBe(true);
    expect(applied.body.created.map((c) => c.id)).toEqual(['chlorine-kit', 'pool-kit']);
    const kit = JSON.parse(readFileSync(join(root, 'pages-data/records/products/chlorine-kit.json'), 'utf8')) as { image: { src: string } };
    expect(readFileSync(join(root, 'public', kit.image.src)).length).toBeGreaterThan(0);
    // Applied: its uploads are deleted.
    expect(existsSync(join(uploads, session))).toBe(false);
  });

  it(`holds what waits to ${QUOTA} bytes, a file sent again counted once, and deletes an import left for ${IMPORT_HOURS} hours`, async () => {
    const twoFifths = () => Buffer.alloc(QUOTA * 0.4, 'a');
    expect((await upload('first12345', 'a.csv', twoFifths())).status).toBe(200);
    expect((await upload('second1234', 'b.csv', twoFifths())).status).toBe(200);
    expect((await upload('second1234', 'b.csv', twoFifths())).status).toBe(200);
    const over = await upload('third12345', 'c.csv', twoFifths());
    expect(over.status).toBe(413);
    expect(((await over.json()) as { error: string }).error).toMatch(/^Your files waiting to be imported would come to 1 MB, more than the 1 MB one person may have waiting/);
    expect(existsSync(join(uploads, 'third12345'))).toBe(false);
    // The first import, untouched for a day and an hour, goes with the next upload, and makes room.
    const old = new Date(Date.now() - (IMPORT_HOURS + 1) * 3_600_000);
    utimesSync(join(uploads, 'first12345'), old, old);
    expect((await upload('third12345', 'c.csv', twoFifths())).status).toBe(200);
    expect(readdirSync(uploads).sort()).toEqual(['second1234', 'third12345']);
  });

  it('a sheet of another shape gets the mapping step: each column, its first values and a proposed field; checked again with the author\'s columns, applied, and kept', async () => {
    const session = 'mapping12345';
    const sheet = ['Product Name,Manufacturer,Group,Description,Remarks', 'Turbidity Tubes,Palintest,field-test-kits,A pair of tubes for turbidity by eye.,Fragile'].join('\r\n');
    expect((await upload(session, 'prices.csv', Buffer.from(sheet))).status).toBe(200);
    const proposed = await call('check', { session, sheet: 'prices.csv' });
    expect(proposed.body.problems.map((p) => p.code)).toEqual(['mapping-to-confirm']);
    expect(proposed.body.mapping!.confirmed).toBe(false);
    expect(proposed.body.mapping!.choices.map((c) => [c.header, c.field, c.samples])).toEqual([
      ['Product Name', 'name', ['Turbidity Tubes']],
      ['Manufacturer', 'brand', ['Palintest']],
      ['Group', 'category', ['field-test-kits']],
      ['Description', 'description', ['A pair of tubes for turbidity by eye.']],
      ['Remarks', 'skip', ['Fragile']],
    ]);
    expect(proposed.body.mapping!.fields).toEqual(expect.arrayContaining(['name', 'code', 'pack', 'skip']));
    // A field that is none is refused at once, naming the column.
    const wrong = await call('check', { session, sheet: 'prices.csv', columns: { 'Product Name': 'nmae' } });
    expect([wrong.status, wrong.body.error]).toEqual([400, expect.stringContaining('Product Name')]);
    // The author's columns: the remarks are the product's specifications here.
    const columns = { 'Product Name': 'name', Manufacturer: 'brand', Group: 'category', Description: 'description', Remarks: 'specifications' };
    const confirmed = await call('check', { session, sheet: 'prices.csv', columns });
    expect([confirmed.body.problems, confirmed.body.mapping!.confirmed, confirmed.body.created.map((c) => c.id)]).toEqual([[], true, ['turbidity-tubes']]);
    const applied = await call('apply', { session, sheet: 'prices.csv', columns });
    expect(applied.body.applied).toBe(true);
    expect(JSON.parse(readFileSync(join(root, 'pages-data/records/products/turbidity-tubes.json'), 'utf8'))).toMatchObject({ brand: 'palintest', category: 'field-test-kits', specifications: ['Fragile'] });
    expect(JSON.parse(readFileSync(join(root, 'pages-data/records/import-maps/prices.json'), 'utf8'))).toMatchObject({ columns });
  });

  it('makes the categories and brands a sheet names that the site lacks only when asked, never a near-miss of one it has', async () => {
    const session = 'create123456';
    const rows = [
      ['id', 'name', 'brand', 'category', 'description'],
      ['turbidity-meter', 'Turbidity Meter', 'Hach', 'Water Testing > Turbidity', 'A meter for turbidity in drinking water.'],
      ['dpd-strips', 'DPD Strips', 'Lovibond', 'Photometres', 'Strips for free chlorine by colour.'],
    ];
    expect((await upload(session, 'new.xlsx', handXlsx(rows))).status).toBe(200);
    const asIs = await call('check', { session, sheet: 'new.xlsx' });
    expect(asIs.body.problems.map((p) => p.code).sort()).toEqual(['unknown-brand-name', 'unknown-category-name', 'unknown-category-name']);
    expect([asIs.body.newCategories, asIs.body.newBrands]).toEqual([[], []]);
    // Asked to create: the new path and brand are listed, the near-miss of Photometers stays a problem.
    const made = await call('check', { session, sheet: 'new.xlsx', create: true });
    expect(made.body.problems.map((p) => [p.at, p.code])).toEqual([['new.xlsx:3:D (category)', 'near-name']]);
    expect(made.body.newCategories.map((c) => c.path)).toEqual(['Water Testing', 'Water Testing > Turbidity']);
    expect(made.body.newBrands.map((b) => [b.name, b.row])).toEqual([['Hach', 2]]);
    expect((await call('check', { session, sheet: 'new.xlsx', create: 'yes' })).status).toBe(400);

    rows[2]![3] = 'Photometers';
    await upload(session, 'new.xlsx', handXlsx(rows));
    const applied = await call('apply', { session, sheet: 'new.xlsx', create: true });
    expect([applied.body.problems, applied.body.applied]).toEqual([[], true]);
    const categories = JSON.parse(readFileSync(join(root, 'pages-data/records/product-categories.json'), 'utf8')) as { categories: { id: string; name: string; parent?: string }[] };
    const turbidity = categories.categories.find((c) => c.name === 'Turbidity')!;
    expect(categories.categories.find((c) => c.id === turbidity.parent)?.name).toBe('Water Testing');
    const suppliers = JSON.parse(readFileSync(join(root, 'pages-data/records/suppliers.json'), 'utf8')) as { suppliers: { name: string }[] };
    expect(suppliers.suppliers.map((b) => b.name)).toContain('Hach');
  });

  it('refuses a session or file name that could leave its folder, and a write from another site', async () => {
    expect((await upload('../../etc', 'x.csv', Buffer.from('id\n'))).status).toBe(400);
    expect((await call('check', { session: 'abcdef123456', sheet: '../../pages-data/site.json' })).body.problems[0]?.code).toBe('unreadable-sheet');
    const res = await fetch(`${api.base}/__studio/api/import/check`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' }, body: '{}' });
    expect(res.status).toBe(403);
  });
});
