// The studio's Import products with a sheet of another shape (issue 49 item 3), under `npm run dev` in a
// scratch copy: the Columns step shows each column with its first values and a proposed field; the
// author changes one, checks again with those columns, applies, and the mapping is kept beside the records.
import { type DevServer, startDevServer, warmStudio } from '../support/dev-server';
import { type Scratch, scratchProject } from '../support/scratch';
import { expect, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

let scratch: Scratch;
let dev: DevServer;

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(600_000); // starting the dev server on a busy machine can take minutes: this only catches a hang
  scratch = scratchProject('studio-import-');
  dev = await startDevServer(scratch);
  await warmStudio(dev, browser);
});

test.afterAll(async () => {
  await dev?.stop();
  scratch?.remove();
});

const PRICES = ['Product Name,Manufacturer,Group,Description,Remarks', 'Turbidity Tubes,Palintest,field-test-kits,A pair of tubes for turbidity by eye.,Fragile'].join('\r\n');

test('a sheet of another shape: each column with its first values and a field, checked again by the author\'s columns, applied and kept', async ({ page, consoleErrors }) => {
  test.setTimeout(180_000);
  await page.goto(`${dev.url}/__studio?view=import`);
  await page.locator('input[type="file"]').first().setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(PRICES) });
  await page.getByRole('button', { name: 'Check import' }).click();
  const remarks = page.getByRole('combobox', { name: 'What "Remarks" holds' });
  await expect(remarks).toHaveValue('skip', { timeout: 60_000 });
  await expect(page.getByRole('combobox', { name: 'What "Manufacturer" holds' })).toHaveValue('brand');
  await expect(page.getByRole('row', { name: /Remarks/ })).toContainText('Fragile');
  await expect(page.getByRole('button', { name: 'Apply import' })).toBeDisabled();

  await remarks.selectOption('specifications');
  await page.getByRole('button', { name: 'Check with these columns' }).click();
  await expect(page.getByText('Ready to apply. Nothing is written yet.')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByText(/^Applied: \d+ files? written\.$/)).toBeVisible({ timeout: 60_000 });
  expect(JSON.parse(scratch.read('pages-data/records/products/turbidity-tubes.json'))).toMatchObject({ brand: 'palintest', category: 'field-test-kits', specifications: ['Fragile'] });
  expect(JSON.parse(scratch.read('pages-data/records/import-maps/prices.json'))).toMatchObject({ columns: { 'Product Name': 'name', Manufacturer: 'brand', Group: 'category', Description: 'description', Remarks: 'specifications' } });
  expect(consoleErrors).toEqual([]);
});

test('a sheet naming a category path and a brand the site lacks: a problem each, until "Create new categories and brands" lists them to make', async ({ page, consoleErrors }) => {
  test.setTimeout(180_000);
  const sheet = ['id,name,brand,category,description', 'turbidity-meter,Turbidity Meter,Hach,Water Testing > Turbidity,A meter for turbidity in drinking water.'].join('\r\n');
  await page.goto(`${dev.url}/__studio?view=import`);
  await page.locator('input[type="file"]').first().setInputFiles({ name: 'new.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
  await page.getByRole('button', { name: 'Check import' }).click();
  await expect(page.getByText(/^2 problems: fix them/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Apply import' })).toBeDisabled();

  await page.getByRole('checkbox', { name: 'Create new categories and brands' }).check();
  await page.getByRole('button', { name: 'Check import' }).click();
  await expect(page.getByText('Ready to apply. Nothing is written yet.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'New categories (2)' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Water Testing > Turbidity' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New brands (supplier records) (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByText(/^Applied: \d+ files? written\.$/)).toBeVisible({ timeout: 60_000 });
  const categories = JSON.parse(scratch.read('pages-data/records/product-categories.json')) as { categories: { name: string }[] };
  expect(categories.categories.map((c) => c.name)).toEqual(expect.arrayContaining(['Water Testing', 'Turbidity']));
  expect(scratch.read('pages-data/records/suppliers.json')).toContain('"Hach"');
  expect(consoleErrors).toEqual([]);
});
