import type { Page, Route } from '@playwright/test';
import { expect, recordLayoutShifts, test } from './fixtures';

// The first screen in one round trip (issue 38 item 7): a page brings the styles it uses in its own
// HTML; the site's style sheet is fetched by boot.js once the page is on screen, and the app starts
// once it has arrived; without scripts the page links it in a <noscript> at the end of its body.

const ROUTES = ['/', '/services/water-testing', '/products/photometer-7500'];
const SHEETS = /\/assets\/[^/]+\.css$/;

/** Where the first screen's headings, buttons, links, fields and pictures are drawn (those in the window). */
const firstScreen = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, a, button, input, img, svg')]
      .map((el, i) => {
        const r = el.getBoundingClientRect();
        return { i, el: `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`, x: r.x, y: r.y, width: r.width, height: r.height };
      })
      .filter((b) => b.width > 0 && b.height > 0 && b.y < innerHeight && b.y + b.height > 0),
  );

for (const route of ROUTES) {
  test(`${route} is drawn before its style sheets arrive, and nothing on its first screen moves when they do`, async ({ page }) => {
    await page.addInitScript(recordLayoutShifts);
    // The app's chunks are held too (not boot.js, which fetches the sheet): what the app changes as it
    // starts is not what this measures.
    await page.route(/\/assets\/(?!boot-)[^/]+\.js$/, () => {});
    const held: Route[] = [];
    await page.route(SHEETS, (r) => void held.push(r));
    await page.goto(route, { waitUntil: 'commit' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    const before = await firstScreen(page);
    expect(before.some((b) => b.el.startsWith('h1'))).toBe(true);
    expect(await page.evaluate(() => [...document.styleSheets].filter((s) => s.href).length)).toBe(0);

    await page.unroute(SHEETS);
    for (const r of held) await r.continue();
    await page.waitForFunction(() => [...document.styleSheets].some((s) => s.href && s.cssRules.length > 0));
    expect(await firstScreen(page)).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { layoutShifts: unknown[] }).layoutShifts)).toEqual([]);
  });
}

test('without scripts a page ends fully styled', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  for (const route of ROUTES) {
    await page.goto(route);
    const sheets = await page.evaluate(() => [...document.querySelectorAll('link[rel=stylesheet]')].map((l) => (l as HTMLLinkElement).sheet?.cssRules.length ?? 0));
    expect(sheets.length).toBeGreaterThan(0);
    for (const rules of sheets) expect(rules).toBeGreaterThan(0);
    // The header stays at the top of the window, the buttons are Mantine's.
    await expect(page.locator('.site-header')).toHaveCSS('position', 'sticky');
    await expect(page.locator('.mantine-Button-root').first()).not.toHaveCSS('border-radius', '0px');
  }
  await context.close();
});
