import type { Page } from '@playwright/test';
import { drawnWhole, expect, hydrated, startUnderPausedClock, test } from './fixtures';

// When the browser asks to save data (issue 38 item 5), as Chromium's data saver does: the Save-Data
// header on every request, and navigator.connection.saveData, which Playwright cannot set (stubbed).
// The code and documents fetched ahead are warm-up.spec.ts's; these are the pictures.
const saveData = async (page: Page) => {
  await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
};

/** The pictures the page asks for from now on, by path. */
function pictureRequests(page: Page) {
  const paths: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'image') paths.push(new URL(r.url()).pathname);
  });
  return paths;
}

/** The page's lazy pictures in the content (not the header's logo): whether each is inside the window or below it, its src, and whether it takes its place. */
const lazyPictures = (page: Page) =>
  page.locator('main img:not([fetchpriority="high"])').evaluateAll((imgs) =>
    imgs.map((img) => {
      const box = img.getBoundingClientRect();
      // The height its width gives at the picture's own proportions (its width and height attributes).
      const proportionate = (box.width * Number(img.getAttribute('height'))) / Number(img.getAttribute('width'));
      return {
        inWindow: box.height > 0 && box.top < innerHeight && box.bottom > 0,
        // Not a slide the hero has not drawn yet (display: none): a picture the page lays out below the window.
        below: box.height > 0 && box.top >= innerHeight,
        src: img.getAttribute('src'),
        drawnAtItsSize: Math.abs(box.height - proportionate) < 1,
        alt: img.getAttribute('alt'),
      };
    }),
  );

/** Opens the home page inside the app, from another page, with the window at the top; gives the pictures it asked for on the way, by path. */
async function openHomeInsideTheApp(page: Page) {
  await page.goto('/contact');
  await hydrated(page);
  const requested = pictureRequests(page);
  await page.getByRole('link', { name: /, home$/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[aria-roledescription="carousel"] img[data-active]')).toBeVisible();
  // Until the rest of the page is drawn, the last picture on it is an early block's, and the one
  // scrolled to would not be the last once the rest is drawn.
  await drawnWhole(page);
  return requested;
}

/** The pictures the page shows inside the window, by path. */
const inWindow = (page: Page) =>
  page.locator('main img[src]').evaluateAll((imgs) =>
    imgs.filter((img) => {
      const box = img.getBoundingClientRect();
      return box.height > 0 && box.top < innerHeight && box.bottom > 0;
    }).map((img) => img.getAttribute('src')!),
  );

test('a page opened inside the app fetches a picture below the window only once it is scrolled into view', async ({ page }) => {
  await saveData(page);
  const requested = await openHomeInsideTheApp(page);
  // The pictures in the window arrive; those below it are not asked for, and keep their place.
  await expect.poll(async () => (await lazyPictures(page)).filter((p) => p.inWindow).every((p) => p.src)).toBe(true);
  const below = (await lazyPictures(page)).filter((p) => p.below);
  expect(below.length).toBeGreaterThan(3);
  for (const p of below) expect(p, p.alt ?? '').toMatchObject({ src: null, drawnAtItsSize: true });
  const shown = await inWindow(page);
  expect(requested.filter((path) => !shown.includes(path))).toEqual([]);

  const last = page.locator('main img').last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toHaveAttribute('src', /\/images\//);
  const src = (await last.getAttribute('src'))!;
  await expect.poll(() => requested.includes(src)).toBe(true);
});

/** Reports, as a console error the consoleErrors fixture collects, anything the page's Content-Security-Policy refuses. */
const reportPolicyViolations = (page: Page) =>
  page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Content-Security-Policy refused ${e.blockedURI} (${e.effectiveDirective})`)),
  );

/** The page's pictures below the window, by the path each would fetch (its own src, or the one the page keeps for it). */
const picturesBelow = (page: Page) =>
  page.locator('main img').evaluateAll((imgs) =>
    imgs.flatMap((img) => {
      const box = img.getBoundingClientRect();
      const path = img.getAttribute('src') ?? img.getAttribute('data-src');
      return box.height > 0 && box.top >= innerHeight && path ? [path] : [];
    }),
  );

test('the page the browser loads fetches a picture below the window only once it is scrolled into view', async ({ page, consoleErrors }) => {
  await saveData(page);
  await reportPolicyViolations(page);
  const requested = pictureRequests(page);
  await page.goto('/');
  await hydrated(page);
  // The pictures in the window arrive; those below it are not asked for, hold no address the browser
  // could fetch, and keep their place.
  await expect.poll(async () => (await lazyPictures(page)).filter((p) => p.inWindow).every((p) => p.src)).toBe(true);
  const below = (await lazyPictures(page)).filter((p) => p.below);
  expect(below.length).toBeGreaterThan(3);
  for (const p of below) expect(p, p.alt ?? '').toMatchObject({ src: null, drawnAtItsSize: true });
  const belowPaths = await picturesBelow(page);
  expect(belowPaths).toContain('/images/pages/about.svg');
  expect(requested.filter((path) => belowPaths.includes(path))).toEqual([]);

  // Scrolled into view, a picture is fetched once and drawn at its size; the hydrated page keeps it.
  const alt = (await page.locator('main img[data-src="/images/pages/about.svg"]').getAttribute('alt'))!;
  const about = page.locator('main').getByAltText(alt, { exact: true });
  await about.scrollIntoViewIfNeeded();
  await expect(about).toHaveAttribute('src', '/images/pages/about.svg');
  await expect.poll(() => about.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const box = (await about.boundingBox())!;
  expect(box.height).toBeCloseTo((box.width * Number(await about.getAttribute('height'))) / Number(await about.getAttribute('width')), 0);
  expect(requested.filter((path) => path === '/images/pages/about.svg')).toHaveLength(1);
  expect(consoleErrors).toEqual([]);
});

test('without Save-Data, the page the browser loads is as the server sent it', async ({ page, consoleErrors }) => {
  await reportPolicyViolations(page);
  const requested = pictureRequests(page);
  await page.goto('/');
  await hydrated(page);
  const below = (await lazyPictures(page)).filter((p) => p.below);
  expect(below.length).toBeGreaterThan(3);
  for (const p of below) expect(p.src, p.alt ?? '').toMatch(/^\/images\//);
  await expect(page.locator('main [data-src], main [data-srcset]')).toHaveCount(0);
  // The browser's own lazy loading fetches a picture just below the window ahead, as it always has.
  await expect.poll(async () => requested.filter((path) => below.some((p) => p.src === path)).length).toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});

test('without Save-Data, the browser fetches a picture just below the window ahead, as it always has', async ({ page }) => {
  const requested = await openHomeInsideTheApp(page);
  await expect.poll(async () => {
    const shown = await inWindow(page);
    return requested.filter((path) => !shown.includes(path)).length;
  }).toBeGreaterThan(0);
});

test('the home slides fetch no slide ahead of its turn', async ({ page }) => {
  await saveData(page);
  const slides: string[] = [];
  page.on('request', (r) => {
    const m = /\/images\/home\/(slide-\d)\.svg$/.exec(r.url());
    if (m) slides.push(m[1]!);
  });
  await page.clock.install({ time: new Date('2025-06-02T09:00:00') });
  await page.clock.pauseAt(new Date('2025-06-02T09:00:01'));
  await page.goto('/');
  await startUnderPausedClock(page);
  await hydrated(page);
  // Without Save-Data the next slide's picture is drawn once the page is live (hero.spec.ts), and the one
  // after a chosen slide. A click makes React finish what the last render left to do first, so after the
  // second click every slide drawn so far is in the page.
  const third = page.getByRole('button', { name: /^Slide 3 of 4/ });
  await third.click();
  await third.click();
  await expect(page.locator('.hero-slide-image[data-active]')).toHaveAttribute('src', '/images/home/slide-3.svg');
  await expect(page.locator('.hero-slide-image:not([data-waiting])')).toHaveCount(2);
  await expect.poll(() => slides).toEqual(['slide-1', 'slide-3']);
});
