// A lab supplier's range on the built site (issue 49, D22-D24), on one scratch copy built once for this
// file: products in packs with order codes, categories under departments, a product waiting for its
// photo. The specification names no pack or code: these are fixtures, never shipped (D16).
import type { Page } from '@playwright/test';
import { type Scratch, scratchProject, serveScratch } from '../support/scratch';
import { axeViolations, captureMail, expect, hydrated, press, recordLayoutShifts, test } from './fixtures';

const picture = { src: '/images/products/test-kit.svg', alt: 'A portable test kit with reagent bottles' };
const record = (fields: Record<string, unknown>) =>
  JSON.stringify({ $schema: '../../../schemas/product.schema.json', brand: 'palintest', description: 'Made up for a test of the catalogue, with a sentence of its own.', ...fields }, null, 2);

function lab(scratch: Scratch) {
  scratch.editJson<{ categories: unknown[] }>('pages-data/records/product-categories.json', (doc) => {
    doc.categories.push(
      { id: 'labware', name: 'Labware' },
      { id: 'glassware', name: 'Glassware', parent: 'labware', image: { src: '/images/products/reagents.svg', alt: 'Reagent bottles' } },
      { id: 'glass-beakers', name: 'Beakers', parent: 'glassware', attributes: [{ name: 'Volume', type: 'number', unit: 'mL', filter: true }] },
    );
  });
  scratch.write(
    'pages-data/records/products/test-chlorine-tablets.json',
    record({ name: 'Test Chlorine Tablets', category: 'reagents', image: picture, packs: [{ code: 'TST-DPD1-250', label: '250 tablets' }, { code: 'TST-DPD1-500', label: '500 tablets' }] }),
  );
  scratch.write(
    'pages-data/records/products/test-glass-beaker.json',
    record({
      name: 'Test Glass Beaker',
      category: 'glass-beakers',
      packs: [
        { code: 'TST-GB-050', label: 'Pack of 12, 50 mL', specifications: [{ name: 'Volume', value: 50, unit: 'mL' }] },
        { code: 'TST-GB-250', label: 'Pack of 12, 250 mL', specifications: [{ name: 'Volume', value: 250, unit: 'mL' }] },
      ],
    }),
  );
}

const structured = async (page: Page) => [JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!)].flat() as Record<string, unknown>[];

test.describe('a lab supplier\'s range', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let scratch: Scratch;
  let server: Awaited<ReturnType<typeof serveScratch>>;

  test.beforeAll(async () => {
    test.setTimeout(15 * 60_000);
    scratch = scratchProject('lab-range-');
    lab(scratch);
    scratch.npm('build');
    server = await serveScratch(scratch);
  });

  test.afterAll(async () => {
    await server?.stop();
    scratch?.remove();
  });

  test('a product in packs lists each with its order code, and describes itself as a ProductGroup', async ({ page, consoleErrors }) => {
    await page.goto(`${server.url}/products/test-chlorine-tablets`);
    const table = page.locator('#packs table');
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row', { name: /TST-DPD1-250/ })).toContainText('250 tablets');
    await expect(table.getByRole('row', { name: /TST-DPD1-500/ })).toContainText('500 tablets');
    const group = (await structured(page)).find((d) => d['@type'] === 'ProductGroup');
    expect(group).toMatchObject({ name: 'Palintest Test Chlorine Tablets', hasVariant: [{ '@type': 'Product', sku: 'TST-DPD1-250', size: '250 tablets' }, { sku: 'TST-DPD1-500', size: '500 tablets' }] });
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('a buyer finds the product by an order code, and asks for that pack by its code', async ({ page, isMobile, consoleErrors }) => {
    const mails = await captureMail(page);
    await page.goto(`${server.url}/contact`);
    await hydrated(page);
    await page.keyboard.press('/');
    await page.keyboard.type('tst-dpd1-5');
    const first = page.getByRole('dialog').getByRole('group', { name: 'Products' }).getByRole('button').first();
    await expect(first).toContainText('Test Chlorine Tablets');
    await expect(first).toContainText('500 tablets, order code TST-DPD1-500');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/products\/test-chlorine-tablets#packs$/);
    await hydrated(page);
    const row = page.locator('#packs').getByRole('row', { name: /TST-DPD1-500/ });
    await press(row.getByText('Add to quote list'), isMobile);
    await expect(row.getByText('In quote list')).toBeVisible();
    await expect(page.locator('header').getByRole('status')).toHaveText('Test Chlorine Tablets, 500 tablets added to your quote list: 1 product.');
    await page.goto(`${server.url}/quote`);
    await hydrated(page);
    await page.getByRole('spinbutton', { name: 'Quantity of Test Chlorine Tablets' }).fill('3');
    const form = page.getByRole('form', { name: 'Request a quote' });
    await form.getByLabel('Full Name', { exact: false }).fill('Achieng Otieno');
    await form.getByLabel('Email Address', { exact: false }).fill('lab@water.example');
    await press(form.getByRole('button', { name: 'Send by E-mail' }), isMobile);
    await expect.poll(() => mails.all()).toHaveLength(1);
    const body = new URL((await mails.all())[0]!).searchParams.get('body')!.split('\r\n');
    expect(body).toContain('1. TST-DPD1-500, Test Chlorine Tablets, 500 tablets × 3');
    expect(consoleErrors).toEqual([]);
  });

  test('a department lists the products of the categories under it, and its breadcrumb and a product\'s show the whole path', async ({ page, consoleErrors }) => {
    await page.goto(`${server.url}/products/category/labware`);
    await expect(page.getByRole('navigation', { name: 'Categories in this one' }).getByRole('link', { name: /^Glassware/ })).toHaveAttribute('href', '/products/category/glassware');
    await expect(page.locator('#products').getByRole('link', { name: 'Test Glass Beaker' })).toBeVisible();
    await page.goto(`${server.url}/products/test-glass-beaker`);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
    await expect(crumbs).toHaveText(['Home', 'Products', 'Labware', 'Glassware', 'Beakers', 'Test Glass Beaker']);
    await page.goto(`${server.url}/products`);
    const department = page.locator('.card').filter({ has: page.getByRole('link', { name: 'Labware', exact: true }) });
    await expect(department.getByRole('link', { name: 'Glassware' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a product waiting for its photo is drawn with its category\'s picture in a tile of the same box: nothing moves, nothing is broken', async ({ page, consoleErrors }) => {
    await page.addInitScript(recordLayoutShifts);
    const failed: string[] = [];
    page.on('response', (r) => r.status() >= 400 && failed.push(r.url()));
    await page.goto(`${server.url}/products/test-glass-beaker`);
    const tile = page.getByRole('img', { name: 'Test Glass Beaker: photo to follow' });
    await expect(tile).toBeVisible();
    const box = await tile.boundingBox();
    expect(Math.abs(box!.width / box!.height - 4 / 3)).toBeLessThan(0.02);
    await page.goto(`${server.url}/products/category/glass-beakers`);
    await expect(page.locator('#products').getByRole('img', { name: 'Test Glass Beaker: photo to follow' })).toBeVisible();
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => (window as unknown as { layoutShifts: { line: string }[] }).layoutShifts.map((s) => s.line))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(failed).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
