import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

// Words that are in the search index and in no page the tests start from (a product specification
// shown only on /services/water-testing), so they show whether the index has been fetched.
const INDEX_ONLY_TEXT = 'Pre-programmed Palintest test methods';

const searchBox = (page: Page) => page.getByRole('dialog').getByRole('textbox', { name: 'Search' });
const result = (page: Page, name: string | RegExp) => page.getByRole('dialog').getByRole('button', { name });

/** Opens search with '/' and types a query. */
async function typeInSearch(page: Page, query: string) {
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type(query);
}

/** Marks the window, so a later check can tell a client-side navigation from a page load. */
async function markWindow(page: Page) {
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
}
const sameWindow = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker === 1);

test("'/' opens search from anywhere; a query and Enter open the first result in the app", async ({ page, consoleErrors }) => {
  await page.goto('/contact');
  await hydrated(page);
  await markWindow(page);
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('palin');
  await expect(result(page, /^Palintest/).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/palintest$/);
  await expect(page.locator('h1')).toContainText('Palintest');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await sameWindow(page)).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test('Ctrl+K opens search; Enter pressed straight after typing still opens the best result', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await hydrated(page);
  await page.keyboard.press('Control+K');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('vaccine fridge');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/services\/medical-refrigerators$/);
  await expect(page.locator('h1')).toHaveText('Medical Refrigerators and Freezers');
  expect(consoleErrors).toEqual([]);
});

test('arrow keys move through the results grouped by kind, and a section result scrolls to its section', async ({ page }) => {
  await page.goto('/policies');
  await hydrated(page);
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('fume hood');
  // The results of 'fume hoo' show until those of 'fume hood' come; arrows move through the last.
  await expect(page.locator('#site-search-results')).toHaveAttribute('aria-busy', 'false');
  const first = result(page, /^Fume Hoods and Containment/);
  await expect(first).toHaveAttribute('data-selected', 'true');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('group', { name: 'Products & services' }).getByRole('button').first()).toHaveAttribute('data-selected', 'true');
  await expect(dialog.getByRole('group', { name: 'Partners & brands' }).getByRole('button', { name: /^Labtron/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(first).not.toHaveAttribute('data-selected');
  await page.keyboard.press('ArrowUp');
  await expect(first).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/services\/safety-solutions#categories-fume-hoods-and-containment$/);
  await expect(page.locator('#categories-fume-hoods-and-containment')).toBeInViewport();
});

/** The sticky header's lower edge: what is scrolled to must show below it. */
const headerBottom = async (page: Page) => (await page.locator('header.site-header').boundingBox())!.height;

// Issue 52: Enter landed on the grid's first card (Spectrophotometers), two to five screens above the match.
for (const [query, url, title] of [
  ['centrifuge', '/services/laboratory-instruments#instruments-centrifuges', 'Centrifuges'],
  ['pH meter', '/services/laboratory-instruments#instruments-ph-meters', 'pH Meters'],
] as const) {
  test(`'${query}' and Enter land on the card that answers, shown below the header`, async ({ page }) => {
    await page.goto('/policies');
    await hydrated(page);
    await typeInSearch(page, query);
    await expect(result(page, new RegExp(`^${title}`)).first()).toHaveAttribute('data-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${url}$`));
    const heading = page.locator(`#${url.split('#')[1]}`).getByRole('heading', { name: title });
    await expect(heading).toBeInViewport();
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(await headerBottom(page));
  });
}

test('a result in a tab that is not shown opens that tab on it', async ({ page }) => {
  await page.goto('/policies');
  await hydrated(page);
  await typeInSearch(page, 'Containment & Storage');
  await expect(result(page, /^Containment & Storage/)).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/#products-safety-containment-storage$/);
  await expect(page.getByRole('tab', { name: 'Safety Equipment' })).toHaveAttribute('aria-selected', 'true');
  const section = page.locator('#products-safety-containment-storage');
  await expect(section.getByRole('heading', { name: 'Containment & Storage' })).toBeInViewport();
});

test('the same address opened afresh shows that tab too, once the page has started', async ({ page }) => {
  await page.goto('/#products-safety-containment-storage');
  await hydrated(page);
  await expect(page.getByRole('tab', { name: 'Safety Equipment' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('#products-safety-containment-storage').getByRole('heading')).toBeInViewport();
});

/** Opens /policies, then /contact inside the app: Back from /contact returns to /policies. */
async function twoPages(page: Page) {
  await page.goto('/policies');
  await hydrated(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.locator('h1')).toContainText('Contact');
}

test('Back closes search and stays on the page; the next Back goes to the page before', async ({ page }) => {
  await twoPages(page);
  await page.getByRole('button', { name: 'Search the site' }).click();
  await page.keyboard.type('palin');
  await expect(result(page, /^Palintest/).first()).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.locator('h1')).toContainText('Contact');
  await page.goBack();
  await expect(page).toHaveURL(/\/policies$/);
});

test('Back closes search on the first page of a visit too', async ({ page }) => {
  await page.goto('/contact');
  await hydrated(page);
  await page.getByRole('button', { name: 'Search the site' }).click();
  await expect(searchBox(page)).toBeFocused();
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/contact$/);
});

test('search has a close button, and closed by it leaves no step for Back', async ({ page, isMobile }) => {
  await twoPages(page);
  await page.getByRole('button', { name: 'Search the site' }).click();
  await expect(searchBox(page)).toBeFocused();
  const close = page.getByRole('dialog').getByRole('button', { name: 'Close search' });
  await (isMobile ? close.tap() : close.click());
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/policies$/);
});

test('Back from a page chosen in search returns to the page it was chosen on', async ({ page }) => {
  await twoPages(page);
  await typeInSearch(page, 'microscpe');
  await expect(result(page, /^Microscopy/).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/services\/microscopy$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/policies$/);
});

// A busy phone may take a while to draw the dialog after '/', even with its code fetched ahead (at
// idle): keys typed meanwhile arrive before the field has focus, and go into it once it has.
for (const code of ['fetched ahead', 'still on its way'] as const) {
  test(`keys typed straight after '/' all reach the search field, its code ${code}`, async ({ page }) => {
    let release = () => {};
    if (code === 'still on its way') {
      const held = new Promise<void>((done) => (release = done));
      await page.route(/\/assets\/SearchDialog-[^/]*\.js$/, async (route) => (await held, route.continue()));
    }
    await page.goto('/contact');
    await hydrated(page);
    if (code === 'fetched ahead') {
      await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/assets/SearchDialog-')))).toBe(true);
    }
    // The main thread is kept busy right after the '/' is handled, before the dialog can be drawn:
    // the keys typed meanwhile wait, then reach the page before its field has focus.
    await page.evaluate(() =>
      addEventListener('keydown', (e) => e.key === '/' && setTimeout(() => {
        const end = performance.now() + 400;
        while (performance.now() < end);
      }), { capture: true, once: true }),
    );
    await page.keyboard.press('/');
    await page.keyboard.type('photometer 7500');
    release();
    await expect(searchBox(page)).toBeFocused();
    await expect(searchBox(page)).toHaveValue('photometer 7500');
    await expect(result(page, /^Photometer 7500/)).toBeVisible();
  });
}

test("'/' typed into a form field stays in the field", async ({ page }) => {
  await page.goto('/contact');
  await hydrated(page);
  const name = page.getByRole('textbox', { name: /name/i }).first();
  await name.click();
  await page.keyboard.type('a/b');
  await expect(name).toHaveValue('a/b');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a query with no results says so and offers the contact page', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('xyzzyq');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('No results for “xyzzyq”');
  await dialog.getByRole('link', { name: 'ask us on the contact page' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the search button opens search (the way in on a phone); a typo still finds the page', async ({ page, consoleErrors }) => {
  await page.goto('/services');
  await hydrated(page);
  await page.getByRole('button', { name: 'Search the site' }).click();
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('microscpe');
  await expect(result(page, /^Microscopy/).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/services\/microscopy$/);
  await expect(page.locator('h1')).toHaveText('Microscopy');
  expect(consoleErrors).toEqual([]);
});

test('the index is not part of any page load; it is fetched when search opens', async ({ page }) => {
  // The handler only notes addresses (scripts, and the data files the app fetches: the page's document,
  // the products' parts of the index); the bodies are asked for here, each awaited, so none is still
  // being read when the test ends (a late body then rejects with "Test ended").
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (/\.(js|json)$/.test(new URL(r.url()).pathname)) scripts.push(r.url());
  });
  const bodies = (urls: string[]) => Promise.all(urls.map(async (url) => (await page.request.get(url)).text()));
  await page.goto('/');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const atLoad = [...scripts];
  expect(atLoad.length).toBeGreaterThan(0);
  expect((await bodies(atLoad)).some((s) => s.includes(INDEX_ONLY_TEXT))).toBe(false);

  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('photometer 7500');
  await expect(result(page, /^Photometer 7500/)).toBeVisible();
  await expect(result(page, /^Photometer 7500/)).toContainText('Palintest');
  expect((await bodies(scripts.filter((url) => !atLoad.includes(url)))).some((s) => s.includes(INDEX_ONLY_TEXT))).toBe(true);
});

test('Escape closes search and puts focus back on the search button', async ({ page }) => {
  await page.goto('/services');
  await hydrated(page);
  const trigger = page.getByRole('button', { name: 'Search the site' });
  await trigger.click();
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(trigger).toBeFocused();
});

test("a product's name finds its page, grouped with the products; Enter opens it in the app", async ({ page, consoleErrors }) => {
  await page.goto('/services');
  await hydrated(page);
  await markWindow(page);
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('md 610');
  const products = page.getByRole('dialog').getByRole('group', { name: 'Products' });
  await expect(products.getByRole('button', { name: /^MD 610 Photometer/ })).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/products\/md-610-photometer$/);
  await expect(page.locator('h1')).toHaveText('MD 610 Photometer');
  expect(await sameWindow(page)).toBe(true);
  expect(consoleErrors).toEqual([]);
});
