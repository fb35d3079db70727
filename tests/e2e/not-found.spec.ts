import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

// The not-found page (section 2, section 4, section 8).
const helpBox = (page: Page) => page.getByRole('alert').filter({ hasText: 'Looking for water testing?' });
const OLD_LINKS = /old link ending in \.html/;

async function open(page: Page, path: string) {
  const logged: string[] = [];
  page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
  const res = await page.goto(path);
  expect(res?.status()).toBe(404);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect.poll(() => logged.some((l) => l.includes('non-existent route') && l.includes(path))).toBe(true);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
}

test('a large 404, the message, Return to Home, a contact link and the Popular Pages list', async ({ page, consoleErrors }) => {
  await open(page, '/no/such/page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  expect(await page.getByText('404', { exact: true }).evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(96);
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  await expect(page.locator('main').getByRole('link', { name: /contact us/i }).first()).toHaveAttribute('href', '/contact');
  const popular = page.getByRole('navigation', { name: 'Popular Pages' }).getByRole('link');
  expect(await popular.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
    '/services', '/industries', '/contact', '/services/water-testing', '/services/scientific-equipment', '/services/chemicals-reagents',
  ]);
  await expect(helpBox(page)).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

for (const path of ['/palintest-kits', '/products/Water-Filters']) {
  test(`the water-testing help box for ${path}, without the old-links note`, async ({ page }) => {
    await open(page, path);
    await expect(helpBox(page)).toBeVisible();
    const links = helpBox(page).getByRole('link');
    await expect(links).toHaveCount(4);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(Array(4).fill('/services/water-testing'));
    await expect(helpBox(page)).not.toContainText(OLD_LINKS);
  });
}

test('an old .html address that no longer exists answers 404 with the help box and the old-links note', async ({ page }) => {
  await open(page, '/products/lab-kits.html');
  await expect(helpBox(page)).toBeVisible();
  await expect(helpBox(page)).toContainText(OLD_LINKS);
  await helpBox(page).getByRole('link', { name: 'Water Testing Overview' }).click();
  await expect(page).toHaveURL(/\/services\/water-testing$/);
});

test('Go Back returns to the previous page; Return to Home goes home', async ({ page, isMobile }) => {
  await page.goto('/industries');
  await hydrated(page);
  await open(page, '/industries/space');
  const back = page.getByRole('button', { name: 'Go Back' });
  if (isMobile) await back.tap();
  else await back.click();
  await expect(page).toHaveURL(/\/industries$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
  await page.goForward();
  await hydrated(page);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
});
