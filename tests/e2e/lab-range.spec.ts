// A lab supplier's range on the built site (issue 49, D22-D24), as a company would bring it in: on one
// scratch copy, a WooCommerce export and a Shopify export of a made-up lab range (tests/fixtures/
// woocommerce-lab.csv, shopify-lab.csv) imported by the command line, a dry run and then --apply with
// --create, their pictures from the test's own server (tests/support/shop-pictures.ts, --local-pictures);
// then the copy built once for this file and served. The specification names no pack or code: these
// are fixtures, never shipped (D16).
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { devices, type Page } from '@playwright/test';
import { type Scratch, scratchProject, serveScratch } from '../support/scratch';
import { shopPictures } from '../support/shop-pictures';
import { axeViolations, captureMail, expect, hydrated, press, recordLayoutShifts, test } from './fixtures';

/**
 * `npm run catalogue -- import <fixture> --create --local-pictures [...more]` in the scratch copy, its
 * report. Run without blocking: the pictures' server answers from this very process meanwhile.
 */
async function importSheet(scratch: Scratch, shop: Awaited<ReturnType<typeof shopPictures>>, fixture: string, more: string[] = []): Promise<string> {
  const file = join(scratch.dir, fixture);
  writeFileSync(file, shop.sheet(fixture));
  const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'catalogue', '--', 'import', file, '--create', '--local-pictures', ...more], { cwd: scratch.dir, encoding: 'utf8' }).catch((err: { stdout?: string; stderr?: string }) => {
    throw new Error(`the import of ${fixture} failed:\n${err.stdout ?? ''}${err.stderr ?? ''}`);
  });
  return stdout;
}

// The phone without its browser type, which is the project's own: a describe may not change it.
const { defaultBrowserType: _, ...phone } = devices['Pixel 7'];
const widths = [
  ['desktop', { viewport: { width: 1366, height: 900 } }],
  ['phone', phone],
] as const;

const structured = async (page: Page) => [JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!)].flat() as Record<string, unknown>[];

test.describe('a lab supplier\'s range', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let scratch: Scratch;
  let server: Awaited<ReturnType<typeof serveScratch>>;

  test.beforeAll(async () => {
    test.setTimeout(15 * 60_000);
    scratch = scratchProject('lab-range-');
    const shop = await shopPictures();
    try {
      // The dry run lists the categories and brands it would make and writes nothing; the apply makes them.
      const dry = await importSheet(scratch, shop, 'woocommerce-lab.csv');
      expect(dry).toContain('woocommerce-lab.csv, a WooCommerce export: 15 rows, 6 products and 7 packs');
      expect(dry).toMatch(/new categories[^]*Water Testing > Reagents/);
      expect(existsSync(join(scratch.dir, 'pages-data/records/products/free-chlorine-reagent-tablets-dpd-1.json'))).toBe(false);
      expect(await importSheet(scratch, shop, 'woocommerce-lab.csv', ['--apply'])).toContain('Applied: 5 created');
      expect(await importSheet(scratch, shop, 'shopify-lab.csv')).toContain('shopify-lab.csv, a Shopify export');
      expect(await importSheet(scratch, shop, 'shopify-lab.csv', ['--apply'])).toContain('Applied: 4 created');
    } finally {
      await shop.close();
    }
    scratch.npm('build');
    server = await serveScratch(scratch);
  });

  test.afterAll(async () => {
    await server?.stop();
    scratch?.remove();
  });

  // Both widths in this one project, after one import and build: each project would make its own.
  for (const [width, device] of widths) {
    test.describe(width, () => {
      test.use(device);

      test('a product in packs lists each with its order code, and describes itself as a ProductGroup', async ({ page, consoleErrors }) => {
        await page.goto(`${server.url}/products/free-chlorine-reagent-tablets-dpd-1`);
        const table = page.locator('#packs table');
        await expect(table.getByRole('row')).toHaveCount(3);
        await expect(table.getByRole('row', { name: /TST-DPD1-050/ })).toContainText('50 tablets');
        await expect(table.getByRole('row', { name: /TST-DPD1-250/ })).toContainText('250 tablets');
        // Each row's button says which pack it adds, to a screen reader going from control to control.
        await expect(table.locator('.quote-add').nth(0)).toHaveAccessibleName('Add to quote list: TST-DPD1-050, 50 tablets');
        await expect(table.locator('.quote-add').nth(1)).toHaveAccessibleName('Add to quote list: TST-DPD1-250, 250 tablets');
        const group = (await structured(page)).find((d) => d['@type'] === 'ProductGroup');
        expect(group).toMatchObject({ name: expect.stringContaining('Free Chlorine Reagent Tablets (DPD 1)'), hasVariant: [{ '@type': 'Product', sku: 'TST-DPD1-050', size: '50 tablets' }, { sku: 'TST-DPD1-250', size: '250 tablets' }] });
        await hydrated(page);
        expect(await axeViolations(page)).toEqual([]);
        // The Shopify export's variants are packs too, their options the labels.
        await page.goto(`${server.url}/products/nitrile-examination-gloves`);
        await expect(page.locator('#packs table').getByRole('row', { name: /SW-NG-L100/ })).toContainText('Large, Box of 100');
        expect(consoleErrors).toEqual([]);
      });

      test('without scripts, a pack\'s Add to quote list leads to the quote page, which writes the pack into Details by its code', async ({ page, isMobile }) => {
        await page.route(/\/assets\/[^?]*\.js(\?|$)/, (r) => r.abort('blockedbyclient'));
        await page.goto(`${server.url}/products/free-chlorine-reagent-tablets-dpd-1`);
        await press(page.locator('#packs').getByRole('row', { name: /TST-DPD1-250/ }).getByRole('link', { name: 'Add to quote list' }), isMobile);
        await expect(page).toHaveURL(/\/quote\?add=.*code=TST-DPD1-250/);
        await expect(page.getByRole('form', { name: 'Request a quote' }).getByLabel('Details')).toHaveValue(`TST-DPD1-250, Free Chlorine Reagent Tablets (DPD 1), 250 tablets × 1: ${server.url}/products/free-chlorine-reagent-tablets-dpd-1`);
      });

      if (width === 'desktop') test('once the app runs, a pack\'s Add to quote list is a button that Space and Enter press', async ({ page, consoleErrors }) => {
        await page.goto(`${server.url}/products/free-chlorine-reagent-tablets-dpd-1`);
        await hydrated(page);
        for (const [code, key] of [['TST-DPD1-050', 'Space'], ['TST-DPD1-250', 'Enter']] as const) {
          const row = page.locator('#packs').getByRole('row', { name: new RegExp(code) });
          const add = row.getByRole('button', { name: 'Add to quote list' });
          await expect(add).not.toHaveAttribute('aria-haspopup');
          await add.focus();
          const before = await page.evaluate(() => scrollY);
          await page.keyboard.press(key);
          await expect(row.getByRole('link', { name: 'In quote list' })).toBeVisible();
          expect(await page.evaluate(() => scrollY), `${key} does not scroll the page`).toBe(before);
        }
        expect(await axeViolations(page, '#packs')).toEqual([]);
        expect(consoleErrors).toEqual([]);
      });

      test('a buyer finds the product by an order code, and asks for that pack by its code', async ({ page, isMobile, consoleErrors }) => {
        const mails = await captureMail(page);
        await page.goto(`${server.url}/contact`);
        await hydrated(page);
        await page.keyboard.press('/');
        await page.keyboard.type('tst-dpd1-2');
        const first = page.getByRole('dialog').getByRole('group', { name: 'Products' }).getByRole('button').first();
        await expect(first).toContainText('Free Chlorine Reagent Tablets (DPD 1)');
        await expect(first).toContainText('250 tablets, order code TST-DPD1-250');
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/products\/free-chlorine-reagent-tablets-dpd-1#packs$/);
        await hydrated(page);
        const row = page.locator('#packs').getByRole('row', { name: /TST-DPD1-250/ });
        await press(row.getByText('Add to quote list'), isMobile);
        await expect(row.getByText('In quote list')).toBeVisible();
        await expect(page.locator('header').getByRole('status')).toHaveText('Free Chlorine Reagent Tablets (DPD 1), 250 tablets added to your quote list: 1 product.');
        await page.goto(`${server.url}/quote`);
        await hydrated(page);
        await page.getByRole('spinbutton', { name: 'Quantity of Free Chlorine Reagent Tablets (DPD 1)' }).fill('3');
        const form = page.getByRole('form', { name: 'Request a quote' });
        await form.getByLabel('Full Name', { exact: false }).fill('Achieng Otieno');
        await form.getByLabel('Email Address', { exact: false }).fill('lab@water.example');
        await press(form.getByRole('button', { name: 'Send by E-mail' }), isMobile);
        await expect.poll(() => mails.all()).toHaveLength(1);
        const body = new URL((await mails.all())[0]!).searchParams.get('body')!.split('\r\n');
        expect(body).toContain('1. TST-DPD1-250, Free Chlorine Reagent Tablets (DPD 1), 250 tablets × 3');
        expect(consoleErrors).toEqual([]);
      });

      test('a department lists the products of the categories under it, and its breadcrumb and a product\'s show the whole path', async ({ page, consoleErrors }) => {
        await page.goto(`${server.url}/products/category/glassware`);
        await expect(page.getByRole('navigation', { name: 'Categories in this one' }).getByRole('link', { name: /^Beakers/ })).toHaveAttribute('href', '/products/category/beakers');
        await expect(page.locator('#products').getByRole('link', { name: 'Griffin Beaker, Low Form', exact: true })).toBeVisible();
        await page.goto(`${server.url}/products/griffin-beaker-low-form`);
        const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
        await expect(crumbs).toHaveText(['Home', 'Products', 'Glassware', 'Beakers', 'Griffin Beaker, Low Form']);
        await page.goto(`${server.url}/products`);
        const department = page.locator('.card').filter({ has: page.getByRole('link', { name: 'Laboratory Equipment', exact: true }) });
        await expect(department.getByRole('link', { name: 'Stirrers' })).toBeVisible();
        expect(consoleErrors).toEqual([]);
      });

      test('a product waiting for its photo is drawn as a tile of the same box: nothing moves, nothing is broken', async ({ page, consoleErrors }) => {
        await page.addInitScript(recordLayoutShifts);
        const failed: string[] = [];
        page.on('response', (r) => r.status() >= 400 && failed.push(r.url()));
        await page.goto(`${server.url}/products/total-hardness-test-strips`);
        const tile = page.getByRole('img', { name: 'Total Hardness Test Strips: photo to follow' });
        await expect(tile).toBeVisible();
        const box = await tile.boundingBox();
        expect(Math.abs(box!.width / box!.height - 4 / 3)).toBeLessThan(0.02);
        await hydrated(page);
        expect(await axeViolations(page)).toEqual([]);
        await page.goto(`${server.url}/products/category/test-strips`);
        await expect(page.locator('#products').getByRole('img', { name: 'Total Hardness Test Strips: photo to follow' })).toBeVisible();
        await hydrated(page);
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        expect(await page.evaluate(() => (window as unknown as { layoutShifts: { line: string }[] }).layoutShifts.map((s) => s.line))).toEqual([]);
        expect(await axeViolations(page)).toEqual([]);
        expect(failed).toEqual([]);
        expect(consoleErrors).toEqual([]);
      });
    });
  }
});
