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

test('the first frame of a page opened by a link fills the window: its footer never shows above blocks still to come', async ({ page, isMobile }) => {
  // A tall window, which the new page's first two blocks do not fill.
  await page.setViewportSize({ width: isMobile ? 412 : 1366, height: 3200 });
  await page.goto('/services/water-testing');
  const whole = await blockCount(page);
  await page.goto('/services');
  await hydrated(page);
  const link = page.locator('main a[href="/services/water-testing"]').first();
  await link.scrollIntoViewIfNeeded();
  // What each frame shows of the new page, read as it is about to be painted.
  await page.evaluate(() => {
    const frames: { blocks: number; footerSeen: boolean }[] = [];
    (window as unknown as { frames: typeof frames }).frames = frames;
    const before = document.querySelector('h1');
    const frame = () => {
      const h1 = document.querySelector('h1');
      if (h1 && h1 !== before) {
        const footer = document.querySelector('footer')!.getBoundingClientRect().top + scrollY;
        frames.push({ blocks: document.querySelectorAll('#main > *').length, footerSeen: footer < innerHeight });
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await press(link, isMobile);
  await expect.poll(() => blockCount(page)).toBe(whole);
  await page.evaluate(() => new Promise(requestAnimationFrame));
  const frames = await page.evaluate(() => (window as unknown as { frames: { blocks: number; footerSeen: boolean }[] }).frames);
  expect(frames.length).toBeGreaterThan(0);
  expect(frames.filter((f) => f.footerSeen && f.blocks < whole)).toEqual([]);
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

test('only a link to the page itself is marked as the current page, before and after the app runs, and after a move inside it', async ({ page, isMobile }) => {
  const current = () => page.locator('[aria-current="page"]').evaluateAll((els) => els.map((e) => (e as HTMLAnchorElement).getAttribute('href') ?? e.textContent));
  await page.goto('/products/photometer-7500');
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  // The pages above it in the breadcrumb are links, not the current page; the last crumb is.
  await expect(breadcrumb.getByRole('link', { name: 'Products' })).not.toHaveAttribute('aria-current');
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Photometer 7500');
  expect((await current()).filter((h) => h !== null && h.startsWith('/') && h !== '/products/photometer-7500')).toEqual([]);
  await hydrated(page);
  expect((await current()).filter((h) => h !== null && h.startsWith('/') && h !== '/products/photometer-7500')).toEqual([]);
  await press(breadcrumb.getByRole('link', { name: 'Photometers' }), isMobile);
  await expect(page).toHaveURL(/\/products\/category\/photometers$/);
  await expect(page.locator('h1')).toHaveText('Photometers');
  expect((await current()).filter((h) => h !== null && h.startsWith('/') && h !== '/products/category/photometers')).toEqual([]);
});
