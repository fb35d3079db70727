import type { Locator, Page } from '@playwright/test';
import { captureMail, expect, hydrated, press, test } from './fixtures';

// The supplier grid and product view on /services/water-testing (section 2, section 4, section 9).
const section = (page: Page) => page.locator('#partners');
const cards = (page: Page) => section(page).locator('.mantine-Card-root');
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
const viewProducts = (page: Page, supplier: string) => section(page).getByRole('button', { name: new RegExp(`^View products \\(\\d+\\) from ${supplier}$`) });

async function rows(l: Locator): Promise<number> {
  const tops = await l.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  return new Set(tops).size;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/services/water-testing');
  await hydrated(page);
});

test('the grid shows the four suppliers, two per row from medium width, one on a phone', async ({ page, isMobile }) => {
  await expect(section(page).getByRole('heading', { name: 'Trusted Water Testing Partners' })).toBeVisible();
  await expect(cards(page)).toHaveCount(4);
  expect(await rows(cards(page))).toBe(isMobile ? 4 : 2);
  await expect(viewProducts(page, 'Palintest')).toHaveText('View products (3)');
  await expect(viewProducts(page, 'Wagtech')).toHaveText('View products (1)');
});

test('a supplier card shows at most 3 specialties and 2 certifications, then +N more, and two lines of description', async ({ page }) => {
  const palintest = card(page, 'Palintest');
  await expect(palintest.locator('.mantine-Badge-root')).toHaveText(['Photometers', 'Tablet reagents', 'Pool and spa testing', 'ISO 9001', 'CE-marked instruments']);
  await expect(palintest.getByText('+2 more')).toBeVisible();
  await expect(palintest.getByText('+1 more')).toHaveCount(0);
  const lovibond = card(page, 'Lovibond');
  await expect(lovibond.locator('.mantine-Badge-root')).toHaveCount(5);
  await expect(lovibond.getByText('+1 more')).toHaveCount(1); // 4 specialties, 2 certifications
  // Every description is clamped to 2 lines; DelAgua's is long enough to be cut at both widths.
  for (const name of ['Palintest', 'Lovibond', 'DelAgua', 'Wagtech']) {
    const description = card(page, name).locator('.mantine-Title-root + p');
    const box = await description.evaluate((el) => ({ height: el.clientHeight, line: parseFloat(getComputedStyle(el).lineHeight), cut: el.scrollHeight > el.clientHeight + 1 }));
    expect(box.height).toBeLessThanOrEqual(2 * box.line + 1);
    if (name === 'DelAgua') expect(box.cut).toBe(true);
  }
});

test("'view products' swaps the grid for the product view; close brings the grid back with focus on the button", async ({ page, isMobile, consoleErrors }) => {
  await press(viewProducts(page, 'Palintest'), isMobile);
  await expect(cards(page).filter({ hasText: 'Since 1947' })).toHaveCount(0);
  const view = section(page).locator('.product-view');
  await expect(view.getByRole('heading', { name: 'Palintest', level: 3 })).toBeFocused();
  await expect(view.getByRole('img', { name: 'Palintest logo' })).toBeVisible();
  await expect(view.getByText('3 products available')).toBeVisible();
  const products = view.locator('.mantine-Card-root').filter({ has: page.getByRole('button', { name: 'Details' }) });
  await expect(products).toHaveCount(3);
  expect(await rows(products)).toBe(isMobile ? 3 : 1);

  await press(view.getByRole('button', { name: 'Close products and show all suppliers' }), isMobile);
  await expect(view).toHaveCount(0);
  await expect(cards(page)).toHaveCount(4);
  await expect(viewProducts(page, 'Palintest')).toBeFocused();
  expect(consoleErrors).toEqual([]);
});

test('keyboard: Enter opens the product view, its close button brings the grid back', async ({ page }) => {
  await viewProducts(page, 'Lovibond').focus();
  await page.keyboard.press('Enter');
  const view = section(page).locator('.product-view');
  await expect(view.getByRole('heading', { name: 'Lovibond', level: 3 })).toBeFocused();
  await expect(view.getByText('2 products available')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(view.getByRole('button', { name: 'Close products and show all suppliers' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(viewProducts(page, 'Lovibond')).toBeFocused();
});

test('product cards: category, 3 key features then +N more features, 3 applications then +N, price, Sheet only with a datasheet', async ({ page, isMobile }) => {
  await press(viewProducts(page, 'Palintest'), isMobile);
  const view = section(page).locator('.product-view');
  const product = (name: string) => view.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name, exact: true }) });

  const photometer = product('Photometer 7500');
  await expect(photometer.getByText('Photometers', { exact: true })).toBeVisible();
  await expect(photometer.getByText('Key Features')).toBeVisible();
  // Its specification values first, as "Name: value" lines (issue 37), then its specifications in words.
  await expect(photometer.getByRole('listitem')).toHaveText(['Reagent formats: Palintest tablets', 'Power: Battery', 'Pre-programmed Palintest test methods']);
  await expect(photometer.getByText('+4 more features')).toBeVisible();
  await expect(photometer.locator('.mantine-Badge-root')).toHaveText(['Photometers', 'Drinking-water treatment', 'Wastewater monitoring', 'Boiler and cooling water']);
  await expect(photometer.getByText('+2', { exact: true })).toBeVisible();
  await expect(photometer.getByText('Contact for pricing')).toBeVisible();
  const sheet = photometer.getByRole('link', { name: 'Sheet' });
  await expect(sheet).toHaveAttribute('href', '/datasheets/photometer-7500.pdf');
  await expect(sheet).toHaveAttribute('target', '_blank');
  await expect(sheet).toHaveAttribute('rel', 'noopener noreferrer');

  await expect(product('Pooltest 9 Bluetooth').getByRole('link', { name: 'Sheet' })).toHaveCount(0);
  const tablets = product('DPD Tablet Reagents');
  await expect(tablets.getByRole('listitem')).toHaveCount(3);
  await expect(tablets.getByText(/more features/)).toHaveCount(0);
  await expect(tablets.getByText(/^\+\d+$/)).toHaveCount(0);

  await press(view.getByRole('button', { name: 'Close products and show all suppliers' }), isMobile);
  await press(viewProducts(page, 'Wagtech'), isMobile);
  const potatest = section(page).locator('.product-view .mantine-Card-root').first();
  await expect(potatest).toContainText('Potatest+');
  await expect(potatest.getByText('Contact for pricing')).toHaveCount(0);
  await expect(potatest.getByText('+2 more features')).toBeVisible();
  await expect(potatest.getByText('+1', { exact: true })).toBeVisible();
});

test('Details opens a dialog with everything, Request Quote and Datasheet; it closes and focus returns', async ({ page, isMobile }) => {
  const mails = await captureMail(page);
  await press(viewProducts(page, 'Palintest'), isMobile);
  const photometer = section(page).locator('.product-view .mantine-Card-root').filter({ hasText: 'Photometer 7500' });
  const details = photometer.getByRole('button', { name: 'Details' });
  await press(details, isMobile);
  const dialog = page.getByRole('dialog', { name: 'Photometer 7500' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'A handheld photometer with a sample vial beside it' })).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(7);
  await expect(dialog.getByText('Bluetooth data transfer on the Bluetooth model')).toBeVisible();
  for (const app of ['Drinking-water treatment', 'Wastewater monitoring', 'Boiler and cooling water', 'Environmental surveys', 'Swimming pools']) await expect(dialog.getByText(app, { exact: true })).toBeVisible();
  const datasheet = dialog.getByRole('link', { name: 'Datasheet' });
  await expect(datasheet).toHaveAttribute('href', '/datasheets/photometer-7500.pdf');
  await expect(datasheet).toHaveAttribute('target', '_blank');
  await press(dialog.getByRole('link', { name: 'Request Quote' }), isMobile);
  expect(await mails.all()).toHaveLength(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(details).toBeFocused();
  // Each product's dialog is its own.
  await press(section(page).locator('.product-view .mantine-Card-root').filter({ hasText: 'Pooltest 9 Bluetooth' }).getByRole('button', { name: 'Details' }), isMobile);
  const pool = page.getByRole('dialog', { name: 'Pooltest 9 Bluetooth' });
  await expect(pool).toBeVisible();
  await expect(pool.getByRole('link', { name: 'Datasheet' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(1);
});

test("a product's Request Quote writes to the supplier: 'Quote Request: {product} - {supplier}'", async ({ page, isMobile }) => {
  const mails = await captureMail(page);
  await press(viewProducts(page, 'DelAgua'), isMobile);
  const kit = section(page).locator('.product-view .mantine-Card-root').filter({ hasText: 'DelAgua Dual Incubator Water Testing Kit' });
  await press(kit.getByRole('link', { name: 'Request Quote' }), isMobile);
  const sent = await mails.all();
  expect(sent).toHaveLength(1);
  const url = new URL(sent[0]!);
  expect(url.pathname).toBe('info@acacia-scientific.example');
  expect(url.searchParams.get('subject')).toBe('Quote Request: DelAgua Dual Incubator Water Testing Kit - DelAgua');
  const body = url.searchParams.get('body')!.split('\r\n');
  expect(body).toContain('Product: DelAgua Dual Incubator Water Testing Kit');
  expect(body).toContain('Category: Microbiology Kits');
  expect(body.find((l) => l.startsWith('Description: '))).toMatch(/^Description: .{20,}/);
  expect(body.join('\n')).toMatch(/pricing, availability and delivery/);
  expect(body.at(-1)).toBe('Best regards,');
});

test('the contact panel lists what to ask about, with the e-mail and Visit Website buttons', async ({ page, isMobile }) => {
  await press(viewProducts(page, 'Lovibond'), isMobile);
  const view = section(page).locator('.product-view');
  for (const topic of ['Custom configurations', 'Bulk pricing', 'Technical support and training', 'Demonstrations']) await expect(view.getByText(topic)).toBeVisible();
  await expect(view.getByRole('link', { name: /^Email Lovibond/ })).toHaveAttribute('href', 'mailto:info@acacia-scientific.example');
  const site = view.getByRole('link', { name: 'Visit Website' });
  await expect(site).toHaveAttribute('href', 'https://www.lovibond.com');
  await expect(site).toHaveAttribute('target', '_blank');
  await expect(site).toHaveAttribute('rel', 'noopener noreferrer');
});
