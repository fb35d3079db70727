import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { SiteDocument } from '../../schemas/site';
import { axeViolations, expect, hydrated, test } from './fixtures';

// Pages a visitor has read open offline (issue 38 item 3): the site's service worker (src/sw/sw.js)
// keeps what the visitor opened. The other specs block it (playwright.config.ts); these let it run.
test.use({ serviceWorkers: 'allow' });

const site = JSON.parse(readFileSync('pages-data/site.json', 'utf8')) as SiteDocument;

/**
 * Opens a page and waits until the worker has kept it and the code it ran (the first page asks the
 * worker to keep them once it takes over): a page kept without its code would never start offline.
 */
async function read(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await expect
    .poll(() =>
      page.evaluate(async (url) => {
        if (!navigator.serviceWorker.controller || !(await (await caches.open('pages-1')).match(url))) return 'page not kept';
        const kept = await caches.open('code-1');
        const files = performance.getEntriesByType('resource').map((e) => new URL(e.name));
        const code = files.filter((f) => f.origin === location.origin && f.pathname.startsWith('/assets/') && !f.pathname.startsWith('/assets/pictures/'));
        for (const f of code) if (!(await kept.match(f.href))) return `${f.pathname} not kept`;
        return 'kept';
      }, new URL(path, page.url()).href),
    )
    .toBe('kept');
}

test('a page read before opens offline, with a note saying when it was saved, and works', async ({ page, context }) => {
  await read(page, '/services/microscopy');
  await read(page, '/policies');
  await context.setOffline(true);
  await page.goto('/services/microscopy');
  await expect(page.locator('h1')).toContainText(/microscop/i);
  const note = page.getByRole('status').filter({ hasText: 'You are offline' });
  await expect(note).toContainText(`saved on this device on ${new Date().toLocaleDateString('en-KE', { dateStyle: 'long' })}`);
  // Its code was kept too: the app starts, and a link to another kept page opens inside it.
  await hydrated(page);
  await page.locator('footer').getByRole('link', { name: 'Policies', exact: true }).click();
  await expect(page).toHaveURL(/\/policies$/);
  await expect(page.locator('h1')).toContainText(/polic/i);
});

test('a page not read shows the offline page: the kept pages, the phones and WhatsApp', async ({ page, context }) => {
  await read(page, '/industries/healthcare');
  await context.setOffline(true);
  await page.goto('/industries/education');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  const kept = page.getByRole('link', { name: /Healthcare/ });
  await expect(kept).toHaveAttribute('href', '/industries/healthcare');
  for (const phone of site.phones) await expect(page.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone.replace(/[^\d+]/g, '')}`);
  await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', `https://wa.me/${site.whatsapp}`);
  expect(await axeViolations(page)).toEqual([]);
  // A link inside the app to a page not kept ends there too.
  await kept.click();
  await hydrated(page);
  await page.locator('footer').getByRole('link', { name: 'Contact Us' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
});

test('a kept page read while the network comes back says so, and leads to the current page', async ({ page, context }) => {
  await read(page, '/policies/ethical-policy');
  await context.setOffline(true);
  await page.goto('/policies/ethical-policy');
  await hydrated(page);
  const note = page.getByRole('status').filter({ hasText: 'saved on this device' });
  await expect(note.getByText('You are offline')).toBeVisible();
  await expect(note.getByText('You are back online')).toBeHidden();
  await context.setOffline(false);
  await expect(note.getByText('You are offline')).toBeHidden();
  await expect(note.getByText('You are back online')).toBeVisible();
  await note.getByRole('link', { name: 'load the current page' }).click();
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.getByText('saved on this device')).toHaveCount(0);
});

test('the offline page names a kept page as its title reads, "&" and all', async ({ page, context }) => {
  await read(page, '/services/glassware-consumables');
  await context.setOffline(true);
  await page.goto('/industries/education');
  await expect(page.getByRole('link', { name: /^Glassware & Consumables/ })).toHaveAttribute('href', '/services/glassware-consumables');
  await expect(page.locator('body')).not.toContainText('&amp;');
});

test('online again, pages come from the network, not the kept copy', async ({ page, context }) => {
  await read(page, '/terms-of-service');
  await context.setOffline(true);
  await page.goto('/terms-of-service');
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await context.setOffline(false);
  await page.goto('/terms-of-service');
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.getByText('You are offline')).toHaveCount(0);
});

test('the worker is served so that no cache keeps an old one, and its file names no build file', async ({ request }) => {
  const res = await request.get('/sw.js');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-cache');
  expect(res.headers()['content-type']).toMatch(/javascript/);
  expect(await res.text()).not.toMatch(/\/assets\/[\w-]+\.(js|css)/);
});

