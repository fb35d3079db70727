import type { Page } from '@playwright/test';
import { expect, hydrated, press, test } from './fixtures';

// Code a first tap would wait for (the dialogs, search, the phone menu, the next page's blocks) is
// fetched once the page is idle (src/ui/on-demand.ts whenIdle), unless the browser asks to save data.

const fetched = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));

/** Resolves after the browser has had a few idle periods. */
const idleFor = (page: Page, periods: number) =>
  page.evaluate((n) => new Promise<void>((done) => {
    const next = (left: number) => (left === 0 ? done() : requestIdleCallback(() => next(left - 1)));
    next(n);
  }), periods);

test('once the page is idle, the dialogs, search and the menu open with the network gone', async ({ page, isMobile }) => {
  await page.goto('/');
  await hydrated(page);
  const ahead = isMobile ? ['OverlayHost', 'SearchDialog', 'MobileMenu'] : ['OverlayHost', 'SearchDialog'];
  await expect
    .poll(async () => {
      const paths = await fetched(page);
      return ahead.filter((c) => !paths.some((p) => p.startsWith(`/assets/${c}-`)));
    })
    .toEqual([]);
  await page.route('**/assets/**', (r) => r.abort('internetdisconnected'));

  await press(page.getByRole('button', { name: 'Request Quote' }).first(), isMobile);
  await expect(page.getByRole('dialog', { name: 'Request a Quote' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await press(page.getByRole('button', { name: 'Search the site' }), isMobile);
  await expect(page.getByRole('dialog', { name: 'Search the site' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  }
});

test('once the page is idle, a page of other blocks opens inside the app with the site\'s code unreachable: only its document is fetched', async ({ page, isMobile }) => {
  await page.goto('/');
  await hydrated(page);
  // The home page has no policy text; the privacy policy is mostly that.
  await expect.poll(async () => (await fetched(page)).some((p) => p.startsWith('/assets/PolicyText-'))).toBe(true);
  await page.route('**/assets/*.js', (r) => r.abort('internetdisconnected'));
  await page.evaluate(() => Object.assign(window, { samePage: true }));

  await press(page.locator('footer').getByRole('link', { name: 'Privacy Policy' }), isMobile);
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Privacy');
  await expect(page.locator('main')).toContainText('personal');
  // Shown by the app, not loaded again from the server (its fallback when a page's code cannot be fetched).
  expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
});

test('a desktop visitor is not sent the phone menu ahead @desktop', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await expect.poll(async () => (await fetched(page)).some((p) => p.startsWith('/assets/OverlayHost-'))).toBe(true);
  await idleFor(page, 10);
  expect((await fetched(page)).filter((p) => p.startsWith('/assets/MobileMenu-'))).toEqual([]);
});

test('when the browser asks to save data, nothing is fetched ahead, and a tap still opens the dialog', async ({ page, isMobile }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
  await page.goto('/');
  await hydrated(page);
  await idleFor(page, 10);
  // Nor when a pointer rests on a link, a dialog's button or search (a desktop's hover): only what is followed.
  if (!isMobile) {
    await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).hover();
    await page.locator('footer').getByRole('button', { name: 'Request Quote' }).hover();
    await page.getByRole('button', { name: 'Search the site' }).hover();
    await idleFor(page, 5);
  }
  expect((await fetched(page)).filter((p) => /^\/assets\/(OverlayHost|SearchDialog|MobileMenu|PolicyText)-/.test(p) || /^\/_data\/pages\/.+\.json$/.test(p))).toEqual([]);
  await press(page.getByRole('button', { name: 'Request Quote' }).first(), isMobile);
  await expect(page.getByRole('dialog', { name: 'Request a Quote' })).toBeVisible();
});
