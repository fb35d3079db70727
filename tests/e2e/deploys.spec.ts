import type { Page } from '@playwright/test';
import { drawnWhole, expect, hydrated, press, test } from './fixtures';

// A new deploy never leaves a visitor on a page whose code is gone (issue 38 item 3): a tab opened before
// the deploy, following a link inside the app, meets a page document of the new build, or finds one of its
// own build's chunks gone from the server. The browser then loads the page afresh (src/router.tsx).

/** Marks the loaded document: the mark is gone once the browser loads another. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { loadedBefore: true }));
const marked = (page: Page) => page.evaluate(() => (window as { loadedBefore?: boolean }).loadedBefore === true);
/** Waits until the browser has loaded another document (a wait that outlives the navigation, unlike an evaluate). */
const loadedAfresh = (page: Page) => page.waitForFunction(() => !(window as { loadedBefore?: boolean }).loadedBefore);

/** Records in the tab's session whether the app ever showed its "could not be shown" error (the record outlives a full load). */
const watchForErrorPage = (page: Page) =>
  page.evaluate(() => {
    new MutationObserver(() => {
      if (document.querySelector('.page-not-shown')) sessionStorage.setItem('saw-error-page', 'yes');
    }).observe(document.body, { childList: true, subtree: true });
  });

/** Counts the browser's loads of an address as a document (not the app's fetches of its page document). */
function documentLoads(page: Page, path: string) {
  let n = 0;
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame() && new URL(r.url()).pathname === path) n++;
  });
  return () => n;
}

test('a page whose document names another build, followed inside the app, is loaded afresh with its own code, once', async ({ page, isMobile }) => {
  await page.goto('/industries');
  await hydrated(page);
  await mark(page);

  // The control: a page of the same build is drawn by the app, no load.
  await page.locator('footer').getByRole('link', { name: 'Contact Us', exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.locator('h1')).toBeVisible();
  expect(await marked(page)).toBe(true);
  // Until then the footer below moves, and a pointer put on its link may be moved off before the link preloads.
  await drawnWhole(page);

  // The next page's document as a later deploy serves it. Routed for the full load too: the page the browser
  // then loads is shown as it came (its document not checked again), never loaded a second time.
  const build = await page.evaluate(() => document.querySelector<HTMLElement>('script[data-build]')?.dataset.build);
  expect(build).toMatch(/^[0-9a-f]{32}$/);
  await page.route('**/_data/pages/policies.json', async (route) => {
    const res = await route.fetch();
    const doc = (await res.json()) as { build?: string };
    expect(doc.build).toBe(build);
    await route.fulfill({ response: res, json: { ...doc, build: 'a-later-deploy' } });
  });
  const loads = documentLoads(page, '/policies');
  const link = page.locator('footer').getByRole('link', { name: 'Policies', exact: true });
  if (!isMobile) {
    // A pointer resting on the link fetches its document ahead: following it still checks the build.
    const preloaded = page.waitForResponse('**/_data/pages/policies.json');
    await link.hover();
    await preloaded;
    expect(await marked(page)).toBe(true);
  }
  // A finger going down fetches it too, and the navigation takes that fetch's answer: the same.
  await press(link, isMobile);
  await expect(page).toHaveURL(/\/policies$/);
  await expect(page.locator('h1')).toContainText(/polic/i);
  await loadedAfresh(page);
  await hydrated(page);
  expect(loads()).toBe(1);
});

test("a page whose code is gone from the server (the running build's chunk answers 404), followed inside the app, is loaded afresh instead of an error", async ({ page, request, isMobile }) => {
  // The chunks the policies page starts that the industries page does not: gone, as after a deploy.
  const chunks = async (path: string) => JSON.parse(/<script type="application\/json" id="app-chunks">(.*?)<\/script>/.exec(await (await request.get(path)).text())![1]!) as string[];
  const onIndustries = new Set(await chunks('/industries'));
  const gone = (await chunks('/policies')).filter((c) => c.endsWith('.js') && !onIndustries.has(c));
  expect(gone.length).toBeGreaterThan(0);
  await page.route((url) => gone.includes(url.pathname), (route) => route.fulfill({ status: 404, body: 'gone' }));

  await page.goto('/industries');
  await hydrated(page);
  await mark(page);
  await watchForErrorPage(page);
  const loads = documentLoads(page, '/policies');
  await press(page.locator('footer').getByRole('link', { name: 'Policies', exact: true }), isMobile);
  await expect(page).toHaveURL(/\/policies$/);
  await loadedAfresh(page);
  // The prerendered page reads in full (its own scripts fail here too, so it stays as the server sent it).
  await expect(page.locator('h1')).toContainText(/polic/i);
  await expect(page.getByText('This page could not be shown')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('saw-error-page'))).toBeNull();
  expect(loads()).toBe(1);
});
