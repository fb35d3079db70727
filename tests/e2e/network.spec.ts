import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { SiteDocument } from '../../schemas/site';
import { captureMail, expect, hydrated, press, test } from './fixtures';

const site = JSON.parse(readFileSync('pages-data/site.json', 'utf8')) as SiteDocument;

// A bad network (issue 7). Every test runs with other hosts unreachable (fixtures.ts); these add
// the site's own code failing to arrive, in part or in whole.

/**
 * Makes the fetches of one of the site's on-demand chunks fail, from before the page loads (the page
 * fetches them ahead once it is idle, and that attempt fails too); returns the way to bring the network
 * back. Once back, the chunk's own URL keeps failing, as in a browser that remembers a failed import
 * and never asks for that URL again (Chromium does; whatwg/html#6768): only a retry at another URL
 * gets through.
 */
async function unreachable(page: Page, chunk: string) {
  let back = false;
  await page.route(
    (url) => url.pathname.startsWith(`/assets/${chunk}-`) && url.pathname.endsWith('.js'),
    (r) => (back && new URL(r.request().url()).search ? r.continue() : r.abort('internetdisconnected')),
  );
  return () => {
    back = true;
  };
}

/** The message of the next alert the page shows, accepted. */
const nextAlert = (page: Page) => new Promise<string>((resolve) => page.once('dialog', (d) => void d.accept().then(() => resolve(d.message()))));

test('the map frame cannot load: the address and a link to the map stay readable and usable under it', async ({ page }) => {
  await page.goto('/contact');
  await hydrated(page);
  const map = page.locator('figure.map');
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('iframe')).toHaveAttribute('src', site.map.embedUrl);
  await expect(map.locator('figcaption')).toContainText(`${site.address.building}, ${site.address.street}, ${site.address.city}`);
  const link = map.getByRole('link', { name: 'Open in Google Maps' });
  await expect(link).toHaveAttribute('href', site.map.linkUrl);
  await expect(link).toHaveAttribute('target', '_blank');
  await link.click({ trial: true }); // nothing, the failed frame included, covers it
});

test('when the dialog code cannot be fetched, Request Quote opens the mail program instead', async ({ page, isMobile }) => {
  const mails = await captureMail(page);
  await unreachable(page, 'OverlayHost');
  await page.goto('/policies');
  await hydrated(page);
  await press(page.locator('footer').getByRole('button', { name: 'Request Quote' }), isMobile);
  await expect.poll(() => mails.all()).toHaveLength(1);
  const mail = new URL((await mails.all())[0]!);
  expect(mail.pathname).toBe(site.mailboxes.contact);
  expect(mail.searchParams.get('subject')).toMatch(/^Quote Request from /);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("a product's Details says it could not be loaded, and works once the network is back", async ({ page, isMobile }) => {
  const back = await unreachable(page, 'OverlayHost');
  await page.goto('/services/water-testing');
  await hydrated(page);
  await press(page.locator('#partners').getByRole('button', { name: /^View products \(\d+\) from Palintest$/ }), isMobile);
  const details = page.locator('.product-view .mantine-Card-root').filter({ hasText: 'Photometer 7500' }).getByRole('button', { name: 'Details' });
  const alert = nextAlert(page);
  await press(details, isMobile);
  expect(await alert).toMatch(/could not be loaded.*check your connection/i);
  back();
  await press(details, isMobile);
  await expect(page.getByRole('dialog', { name: 'Photometer 7500' })).toBeVisible();
});

test('search says it could not be loaded, and opens once the network is back', async ({ page, isMobile }) => {
  const back = await unreachable(page, 'SearchDialog');
  await page.goto('/industries');
  await hydrated(page);
  const trigger = page.getByRole('button', { name: 'Search the site' });
  const alert = nextAlert(page);
  await press(trigger, isMobile);
  expect(await alert).toMatch(/could not be loaded/);
  back();
  await press(trigger, isMobile);
  await expect(page.getByRole('dialog', { name: 'Search the site' })).toBeVisible();
});

test('the menu button says the menu could not be loaded, and opens it once the network is back @phone', async ({ page }) => {
  const back = await unreachable(page, 'MobileMenu');
  await page.goto('/services');
  await hydrated(page);
  const burger = page.getByRole('button', { name: 'Open menu' });
  const alert = nextAlert(page);
  await burger.tap();
  expect(await alert).toMatch(/could not be loaded/);
  back();
  await burger.tap();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
});

test('when the notices cannot be fetched, the contact form still says its message went to the mail program, and keeps it', async ({ page, isMobile }) => {
  const mails = await captureMail(page);
  await unreachable(page, 'OverlayHost');
  await page.goto('/contact');
  await hydrated(page);
  const form = page.locator('#message').getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Full Name', { exact: false }).fill('Amina');
  await form.getByLabel('Email Address', { exact: false }).fill('amina@lab.example');
  await form.getByLabel('Message', { exact: false }).fill('Two photometers, please.');
  const alert = nextAlert(page);
  await press(form.getByRole('button', { name: 'Send Message' }), isMobile);
  const said = await alert;
  expect(said).toContain('Your mail app should open with your message: press Send there.');
  expect(said).toContain(site.mailboxes.contact);
  expect(said).toContain(site.phones[0]);
  expect(said).not.toMatch(/sent/i);
  expect(await mails.all()).toHaveLength(1);
  await expect(form.getByLabel('Message', { exact: false })).toHaveValue('Two photometers, please.');
});

test("a page whose document cannot be fetched when its link is followed is loaded from the server instead, and reads in full", async ({ page, isMobile, consoleErrors }) => {
  await page.goto('/services');
  await hydrated(page);
  await page.route('**/_data/pages/services/water-testing.json', (r) => r.abort('internetdisconnected'));
  const documentLoaded = page.waitForEvent('load');
  await press(page.locator('main').getByRole('link', { name: /water testing/i }).first(), isMobile);
  // The browser loaded it as a document (the prerendered page), rather than the app showing an error.
  await documentLoaded;
  expect(await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.name)).toMatch(/\/services\/water-testing$/);
  await expect(page.locator('h1')).toContainText(/water/i);
  await expect(page.locator('#partners').getByRole('heading', { name: 'Palintest', exact: true })).toBeVisible();
  await expect(page.getByText('This page could not be shown')).toHaveCount(0);
  // Only the failed fetches themselves are reported.
  expect(consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED|_data\/pages\/services\/water-testing\.json/.test(e))).toEqual([]);
});

test('with none of its scripts arriving, a page still reads in full and its links still lead on', async ({ page, isMobile }) => {
  await page.route('**/assets/*.js', (r) => r.abort('internetdisconnected'));
  await page.goto('/services');
  await expect(page.locator('h1')).toHaveText('Our Products & Services');
  const water = page.locator('main').getByRole('link', { name: /water testing/i }).first();
  await expect(water).toBeVisible();
  await press(water, isMobile);
  await expect(page).toHaveURL(/\/services\/water-testing$/);
  await expect(page.locator('h1')).toContainText(/water/i);
  await expect(page.locator('#partners').getByRole('heading', { name: 'Palintest', exact: true })).toBeVisible();
  await press(page.locator('footer').getByRole('link', { name: 'Privacy Policy' }), isMobile);
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.locator('h1')).toBeVisible();
});

test('the page is on screen before any of the app is fetched, so the two never share a slow line', async ({ page }) => {
  await page.goto('/services/water-testing');
  await hydrated(page);
  const { painted, fetched } = await page.evaluate(() => ({
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    fetched: performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/.+\.js$/.test(e.name) && !/\/boot-/.test(e.name))
      .map((e) => e.startTime),
  }));
  expect(painted).toBeDefined();
  expect(fetched.length).toBeGreaterThan(2);
  expect(Math.min(...fetched)).toBeGreaterThanOrEqual(painted!);
});
