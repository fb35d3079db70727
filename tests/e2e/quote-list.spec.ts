import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { SiteDocument } from '../../schemas/site';
import { axeViolations, captureMail, expect, hydrated, press, test } from './fixtures';

// The quote list (D18): products collected from wherever the site shows them, kept on the device,
// sent as one request. No endpoint is configured in pages-data/site.json: the request goes by e-mail
// or WhatsApp (tests/e2e/form-endpoint.spec.ts sends it to an endpoint).
const site = JSON.parse(readFileSync('pages-data/site.json', 'utf8')) as SiteDocument;

const quoteLink = (page: Page) => page.locator('header').getByRole('link', { name: /^Quote list/ });
const announced = (page: Page) => page.locator('header').getByRole('status');

/** Adds three products from three kinds of places: a listing's card, the supplier view, a product's page. */
async function addThree(page: Page, isMobile: boolean) {
  await page.goto('/products/brand/lovibond');
  await hydrated(page);
  const card = page.locator('.card').filter({ hasText: 'MD 610 Photometer' });
  await press(card.getByRole('button', { name: 'Add to quote list' }), isMobile);
  await expect(card.getByRole('link', { name: 'In quote list' })).toBeVisible();
  await expect(announced(page)).toHaveText('MD 610 Photometer added to your quote list: 1 product.');
  await expect(quoteLink(page)).toHaveAccessibleName('Quote list, 1 product');

  await page.goto('/services/water-testing');
  await hydrated(page);
  await press(page.getByRole('button', { name: /^View products \(\d+\) from Palintest$/ }), isMobile);
  const photometer = page.locator('.product-view .mantine-Card-root').filter({ hasText: 'Photometer 7500' });
  await press(photometer.getByRole('button', { name: 'Add to quote list' }), isMobile);
  await expect(announced(page)).toHaveText('Photometer 7500 added to your quote list: 2 products.');

  await page.goto('/products/potatest-plus');
  await hydrated(page);
  await press(page.locator('main').getByRole('button', { name: 'Add to quote list' }), isMobile);
  await expect(announced(page)).toHaveText('Potatest+ added to your quote list: 3 products.');
  await expect(quoteLink(page)).toContainText('3');
}

async function fillDetails(page: Page) {
  const form = page.getByRole('form', { name: 'Request a quote' });
  await form.getByLabel('Full Name', { exact: false }).fill('Wanjiru Kamau');
  await form.getByLabel('Email Address', { exact: false }).fill('lab@school.example');
  await form.getByLabel('Company/Institution').fill('Nakuru Girls High School');
  return form;
}

test('three products from three kinds of places go as one request by e-mail, kept across a reload until the buyer says it went', async ({ page, isMobile, consoleErrors }) => {
  const mails = await captureMail(page);
  await addThree(page, isMobile);
  await page.reload();
  await hydrated(page);
  await expect(quoteLink(page)).toContainText('3');
  await press(quoteLink(page), isMobile);
  await expect(page).toHaveURL(new RegExp(`${site.pages.quote}$`));
  const items = page.getByRole('listitem').filter({ has: page.getByRole('textbox', { name: /^Note on/ }) });
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('MD 610 Photometer');
  await expect(items.nth(0)).toContainText('Lovibond');
  await page.getByRole('spinbutton', { name: 'Quantity of Photometer 7500' }).fill('2');
  await page.getByRole('textbox', { name: 'Note on Potatest+' }).fill('With spare reagents');
  const form = await fillDetails(page);
  await form.getByLabel('Details').fill('Delivery to Nakuru');
  await press(form.getByRole('button', { name: 'Send by E-mail' }), isMobile);
  await expect.poll(() => mails.all()).toHaveLength(1);
  const mail = new URL((await mails.all())[0]!);
  expect(mail.pathname).toBe(site.mailboxes.contact);
  expect(mail.searchParams.get('subject')).toBe('Quote Request from Wanjiru Kamau (3 products)');
  const body = mail.searchParams.get('body')!.split('\r\n');
  expect(body).toEqual(
    expect.arrayContaining([
      'Name: Wanjiru Kamau',
      'Company: Nakuru Girls High School',
      '1. 1 × MD 610 Photometer (Lovibond)',
      '2. 2 × Photometer 7500 (Palintest)',
      '3. 1 × Potatest+ (Wagtech) – With spare reagents',
      'Details: Delivery to Nakuru',
    ]),
  );
  // Handed to the mail program, not sent: the list stays until the buyer says it went.
  const notice = page.getByRole('alert').filter({ hasText: 'Over to your mail app' });
  await expect(notice).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(items).toHaveCount(3);
  await expect(page.getByRole('spinbutton', { name: 'Quantity of Photometer 7500' })).toHaveValue('2');
  await (await fillDetails(page)).getByRole('button', { name: 'Send by E-mail' }).click();
  await press(notice.getByRole('button', { name: 'I sent it: empty my list' }), isMobile);
  await expect(items).toHaveCount(0);
  await expect(page.getByText('Your list is empty.')).toBeVisible();
  await expect(quoteLink(page)).toHaveAccessibleName('Quote list');
  expect(consoleErrors).toEqual([]);
});

test('WhatsApp gets the same list, written into the chat', async ({ page, context, isMobile }) => {
  await addThree(page, isMobile);
  await page.goto(site.pages.quote);
  await hydrated(page);
  await fillDetails(page);
  // It opens in a new tab (whose request the tests' network refuses: its address is what counts).
  const chat = context.waitForEvent('request', (r) => r.url().startsWith('https://wa.me/'));
  await press(page.getByRole('link', { name: 'Send on WhatsApp' }), isMobile);
  const url = new URL((await chat).url());
  expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${site.whatsapp}`);
  const text = url.searchParams.get('text')!;
  for (const line of ['1. 1 × MD 610 Photometer (Lovibond)', '2. 1 × Photometer 7500 (Palintest)', '3. 1 × Potatest+ (Wagtech)', 'Wanjiru Kamau, Nakuru Girls High School, lab@school.example']) expect(text).toContain(line);
  await expect(page.getByRole('alert').filter({ hasText: 'Over to WhatsApp' })).toBeVisible();
});

test('a request too long for a mail link is offered to copy instead, with the address to send it to', async ({ page, isMobile }) => {
  const mails = await captureMail(page);
  await addThree(page, isMobile);
  await page.goto(site.pages.quote);
  await hydrated(page);
  const note = 'Please quote the full kit with every accessory, spare part, calibration standard and consumable for two years of daily use, with delivery and installation. '.repeat(3);
  for (const name of ['MD 610 Photometer', 'Photometer 7500', 'Potatest+']) await page.getByRole('textbox', { name: `Note on ${name}` }).fill(note);
  await press((await fillDetails(page)).getByRole('button', { name: 'Send by E-mail' }), isMobile);
  const notice = page.getByRole('alert').filter({ hasText: 'Too long for a mail link' });
  await expect(notice).toContainText('mail apps take about 1,800');
  await expect(notice.getByRole('link', { name: site.mailboxes.contact })).toHaveAttribute('href', /^mailto:/);
  await expect(notice.getByRole('button', { name: 'Copy request' })).toBeVisible();
  expect(await mails.all()).toEqual([]);
});

test('another tab sees the list change, and the list works from the keyboard @desktop', async ({ page, context }) => {
  await page.goto('/products/category/photometers');
  await hydrated(page);
  const other = await context.newPage();
  await other.goto(site.pages.quote);
  await hydrated(other);
  await expect(other.getByText('Your list is empty.')).toBeVisible();
  // Keyboard: the Add link takes Enter, like any link.
  await page.locator('.card').filter({ hasText: 'Photometer 7500' }).getByRole('button', { name: 'Add to quote list' }).focus();
  await page.keyboard.press('Enter');
  await expect(quoteLink(page)).toContainText('1');
  await expect(quoteLink(other)).toContainText('1');
  await expect(other.getByRole('link', { name: 'Photometer 7500' })).toBeVisible();
  const quantity = other.getByRole('spinbutton', { name: 'Quantity of Photometer 7500' });
  await quantity.focus();
  await other.keyboard.press('ArrowUp');
  await expect(quantity).toHaveValue('2');
  await other.keyboard.press('Tab');
  await other.keyboard.type('Bluetooth model');
  await other.keyboard.press('Tab');
  await expect(other.getByRole('button', { name: 'Remove Photometer 7500' })).toBeFocused();
  await other.reload();
  await hydrated(other);
  await expect(other.getByRole('spinbutton', { name: 'Quantity of Photometer 7500' })).toHaveValue('2');
  await expect(other.getByRole('textbox', { name: 'Note on Photometer 7500' })).toHaveValue('Bluetooth model');
  await other.getByRole('button', { name: 'Remove Photometer 7500' }).focus();
  await other.keyboard.press('Enter');
  await expect(other.getByText('Your list is empty.')).toBeVisible();
  await expect(other.locator('header').getByRole('status')).toHaveText('Photometer 7500 removed: 0 products on your quote list.');
  await expect(quoteLink(page)).toHaveAccessibleName('Quote list');
});

test('a product added by its link before the app ran is on the list once the app runs on the quote page, and out of Details', async ({ page }) => {
  await page.goto(`${site.pages.quote}?${new URLSearchParams({ add: '/products/comparator-2000-plus', name: 'Comparator 2000+' })}`);
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Comparator 2000+' })).toBeVisible();
  // The page wrote it into Details before the app ran (no-scripts.spec.ts); on the list, it is not asked for twice.
  await expect(page.getByRole('form', { name: 'Request a quote' }).getByLabel('Details')).toHaveValue('');
  await expect(page).toHaveURL(new RegExp(`${site.pages.quote}$`));
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('listitem').filter({ hasText: 'Comparator 2000+' })).toHaveCount(1);
});

test('axe finds nothing on the quote list, empty and with products', async ({ page, isMobile }) => {
  await page.goto(site.pages.quote);
  await hydrated(page);
  await expect(page.getByText('Your list is empty.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await addThree(page, isMobile);
  await page.goto(site.pages.quote);
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Potatest+' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
