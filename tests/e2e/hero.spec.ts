import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, hydrated, recordLayoutShifts, startUnderPausedClock, test } from './fixtures';

// The home hero (section 4, section 9): 4 slides, 5000 ms each, dots, pauses, image fallback.
const TITLES = [
  'Laboratory Equipment for Kenyan Laboratories',
  'Water Testing in the Laboratory and in the Field',
  'Chemicals & Reagents for Every Method',
  'Microscopy & Life Sciences',
];

const carousel = (page: Page) => page.locator('[aria-roledescription="carousel"]');
const dot = (page: Page, n: number) => page.getByRole('button', { name: new RegExp(`^Slide ${n} of 4`) });

/** The slide a visitor sees: its title, and the dot marked current. */
async function expectSlide(page: Page, n: number) {
  await expect(carousel(page).locator('.hero-slide-copy > [data-active]')).toContainText(TITLES[n - 1]!);
  await expect(carousel(page).locator('.hero-slide-copy > :not([data-active])')).toHaveCount(3);
  for (const hidden of await carousel(page).locator('.hero-slide-copy > :not([data-active])').all()) await expect(hidden).toBeHidden();
  await expect(dot(page, n)).toHaveAttribute('aria-current', 'true');
  await expect(carousel(page).locator('img[data-active]')).toHaveAttribute('src', `/images/home/slide-${n}.svg`);
}

/** Opens home with the page's clock stopped: time moves only when the test runs it on. */
async function openHome(page: Page) {
  await page.clock.install({ time: new Date('2025-06-02T09:00:00') });
  await page.clock.pauseAt(new Date('2025-06-02T09:00:01'));
  await page.goto('/');
  await startUnderPausedClock(page);
  await hydrated(page);
  await expectSlide(page, 1);
}

test('advances every 5 seconds through the 4 slides and starts again, moving nothing on the page', async ({ page, consoleErrors }) => {
  await page.addInitScript(recordLayoutShifts);
  await openHome(page);
  await expect(carousel(page).getByRole('button', { name: /^Slide \d of 4/ })).toHaveCount(4);
  await page.clock.runFor(4900);
  await expectSlide(page, 1);
  await page.clock.runFor(100);
  await expectSlide(page, 2);
  await page.clock.runFor(5000);
  await expectSlide(page, 3);
  await page.clock.runFor(5000);
  await expectSlide(page, 4);
  await page.clock.runFor(5000);
  await expectSlide(page, 1);
  // A slide with a longer text must not push the page down (a layout shift every 5 seconds).
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { value: number; line: string }[] }).layoutShifts);
  expect(shifts.reduce((sum, s) => sum + s.value, 0), shifts.map((s) => s.line).join('\n')).toBeLessThan(0.001);
  expect(consoleErrors).toEqual([]);
});

test('a dot jumps to its slide; rotation waits while the dot has focus, then goes on from there', async ({ page }) => {
  await openHome(page);
  await dot(page, 3).click();
  await expectSlide(page, 3);
  await page.clock.runFor(15_000);
  await expectSlide(page, 3);
  // Pointer and focus leave the carousel.
  await page.mouse.move(5, 5);
  await page.locator('#about').getByRole('heading').first().click();
  await page.clock.runFor(5000);
  await expectSlide(page, 4);
});

test('a tap on a dot jumps to its slide @phone', async ({ page }) => {
  await openHome(page);
  await dot(page, 2).tap();
  await expectSlide(page, 2);
  await dot(page, 4).tap();
  await expectSlide(page, 4);
});

test('keyboard: dots are buttons in the Tab order, Enter picks one, and focus pauses the rotation', async ({ page }) => {
  await openHome(page);
  await dot(page, 1).focus();
  await page.keyboard.press('Tab');
  await expect(dot(page, 2)).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expectSlide(page, 3);
  await page.clock.runFor(12_000);
  await expectSlide(page, 3);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(carousel(page).locator(':focus')).toHaveCount(0);
  await page.clock.runFor(5000);
  await expectSlide(page, 4);
});

test('pauses while the pointer is over it @desktop', async ({ page }) => {
  await openHome(page);
  await carousel(page).hover();
  await page.clock.runFor(12_000);
  await expectSlide(page, 1);
  await page.mouse.move(5, 5);
  await page.clock.runFor(5000);
  await expectSlide(page, 2);
});

test('does not rotate for a visitor who prefers reduced motion, but the dots still work', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openHome(page);
  await page.clock.runFor(20_000);
  await expectSlide(page, 1);
  await dot(page, 2).click();
  await expectSlide(page, 2);
});

test('a slide picture that fails to load, even before the page has hydrated, is replaced silently', async ({ page }) => {
  const failed: string[] = [];
  page.on('requestfailed', (r) => failed.push(new URL(r.url()).pathname));
  await page.route('**/images/home/slide-1.svg', (r) => r.abort());
  await page.route('**/images/home/slide-2.svg', (r) => r.abort());
  // Hold the scripts back so the first picture has failed before React can listen for it.
  await page.route('**/assets/*.js', async (r) => {
    await new Promise((res) => setTimeout(res, 1500));
    await r.continue();
  });
  await page.goto('/');
  await expect.poll(() => failed).toContain('/images/home/slide-1.svg');
  await hydrated(page);
  const imgs = carousel(page).locator('img');
  await expect(imgs.nth(0)).toHaveAttribute('src', '/images/placeholder.svg');
  // The next slide's picture, fetched once the page is live, fails after hydration.
  await expect(imgs.nth(1)).toHaveAttribute('src', '/images/placeholder.svg');
  await expect(imgs.nth(2)).toHaveAttribute('src', '/images/home/slide-3.svg');
  await expect(imgs.nth(0)).toHaveJSProperty('naturalWidth', 600);
  // Silent: the visitor sees the slide's text, no error message.
  await expect(carousel(page).locator('.hero-slide-copy > [data-active]')).toContainText(TITLES[0]!);
  // A script asked for late is still held: let it go before the page closes under it.
  await page.unrouteAll({ behavior: 'wait' });
});

test('fetches the first slide\'s picture with the page, the next one\'s once the page is live, and each later one a slide ahead', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => {
    const m = /\/images\/home\/(slide-\d)\.svg$/.exec(r.url());
    if (m) fetched.push(m[1]!);
  });
  await openHome(page);
  await expect.poll(() => fetched).toEqual(['slide-1', 'slide-2']);
  await page.clock.runFor(5000);
  await expectSlide(page, 2);
  await expect.poll(() => fetched).toEqual(['slide-1', 'slide-2', 'slide-3']);
  // Not drawn yet, the fourth is not fetched.
  await expect(carousel(page).locator('img').nth(3)).toBeHidden();
});

test('turning the slides moves nothing on the page: the hero is as tall as its longest slide', async ({ page }) => {
  await page.addInitScript(recordLayoutShifts);
  await openHome(page);
  for (const n of [2, 3, 4, 1]) {
    await page.clock.runFor(5000);
    await expectSlide(page, n);
  }
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { line: string }[] }).layoutShifts.map((s) => s.line));
  expect(shifts).toEqual([]);
});

/** WCAG's relative luminance of an sRGB colour. */
const luminance = ([r, g, b]: number[]) => {
  const lin = (v: number) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
};

/**
 * The contrast of each line of the shown slide's copy with the lightest pixel drawn behind it (the copy
 * is light on dark): the text is made transparent, the area it covers is photographed, and its lightest
 * pixel taken, so the overlay and the picture under it are measured as drawn.
 */
async function copyContrast(page: Page): Promise<{ text: string; ratio: number }[]> {
  const lines = carousel(page).locator('h1, .hero-slide-copy > [data-active] > p');
  const measured = [];
  for (const line of await lines.all()) {
    const colour = (await line.evaluate((el) => getComputedStyle(el).color)).match(/\d+/g)!.map(Number);
    await line.evaluate((el) => el.style.setProperty('color', 'transparent'));
    const shot = await page.screenshot({ clip: (await line.boundingBox())!, animations: 'disabled' });
    await line.evaluate((el) => el.style.removeProperty('color'));
    const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let lightest = 0;
    for (let i = 0; i < data.length; i += info.channels) lightest = Math.max(lightest, luminance([data[i]!, data[i + 1]!, data[i + 2]!]));
    measured.push({ text: (await line.textContent())!.slice(0, 30), ratio: Math.round(((luminance(colour) + 0.05) / (lightest + 0.05)) * 100) / 100 });
  }
  return measured;
}

for (const [width, tag] of [[360, '@phone'], [412, '@phone'], [768, '@desktop'], [1024, '@desktop'], [1366, '@desktop'], [1920, '@desktop']] as const) {
  test(`at ${width} px every slide's copy reads at 4.5:1 or more over its picture ${tag}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openHome(page);
    for (const n of [1, 2, 3, 4]) {
      await dot(page, n).click();
      await expectSlide(page, n);
      await expect(carousel(page).locator('img[data-active]')).toHaveJSProperty('complete', true);
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const low = (await copyContrast(page)).filter((m) => m.ratio < 4.5);
      expect(low, `slide ${n}`).toEqual([]);
    }
  });
}
