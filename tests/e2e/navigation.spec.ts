import type { Page } from '@playwright/test';
import { expect, hydrated, press, test } from './fixtures';

// Following a link inside the app draws the top of the next page first and the rest just after
// (src/page/PageView.tsx); what a visitor sees must not suffer for it.

const blockCount = (page: Page) => page.locator('#main > *').count();

test('a link inside the app opens the next page at its top, and all of it follows', async ({ page, isMobile }) => {
  await page.goto('/services/water-testing');
  const whole = await blockCount(page);
  await page.goto('/services');
  await hydrated(page);
  await page.mouse.wheel(0, 600);
  await press(page.locator('main a[href="/services/water-testing"]').first(), isMobile);
  await expect(page).toHaveURL(/\/services\/water-testing$/);
  await expect(page.locator('h1')).toBeInViewport();
  await expect.poll(() => blockCount(page)).toBe(whole);
  await expect(page.locator('#partners').getByRole('heading', { name: 'Palintest', exact: true })).toBeAttached();
  await expect(page.locator('main .cta-banner').last()).toBeAttached();
  expect(await page.evaluate(() => scrollY)).toBe(0);
});

test('Back returns a visitor to the place they left on a long page', async ({ page, isMobile }) => {
  await page.goto('/services/water-testing');
  await hydrated(page);
  // A slow phone: were the page drawn in two steps here too, the browser would scroll within its top.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const link = page.locator('footer').getByRole('link', { name: 'Privacy Policy' });
  await link.scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => scrollY);
  expect(left).toBeGreaterThan(1500);
  await press(link, isMobile);
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.locator('h1')).toBeInViewport();
  await page.goBack();
  await expect(page).toHaveURL(/\/services\/water-testing$/);
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(left);
  await expect(link).toBeInViewport();
});
