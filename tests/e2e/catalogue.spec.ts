// The catalogue at size (issue 22), on one scratch copy built once for this file: 1,000 generated
// products, one added as an author adds one, a single file, and a sheet imported as a company imports
// its range (issue 37: a created, an updated and a discontinued product, values to filter by). Served by the project's own server
// from the copy's dist/; compared with the project's own build (the real site, which `npm test` builds
// before these tests run).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import { addProducts, type Generated } from '../support/products';
import { type Scratch, scratchProject, serveScratch } from '../support/scratch';
import { axeViolations, expect, hydrated, test } from './fixtures';

const EXTRA = 1000;
const ADDED = {
  $schema: '../../../schemas/product.schema.json',
  name: 'Nitrate Test Kit',
  brand: 'lovibond',
  category: 'field-test-kits',
  model: 'NT-4410',
  description: 'A test kit for nitrate in drinking water, with the reagents and tubes for a season of field checks.',
  image: { src: '/images/products/test-kit.svg', alt: 'A portable test kit with reagent bottles and sample tubes' },
  specifications: ['Tablet reagents', 'Colour chart'],
  applications: ['Boreholes', 'Rural water points'],
};

/** Three microbiology kits with 1, 3 and 4 incubators (the generated ones have 2), the MD 610's price changed, the Comparator 2000+ discontinued. */
function rangeSheet(scratch: Scratch): string {
  const record = (id: string) => JSON.parse(scratch.read(`pages-data/records/products/${id}.json`)) as { name: string; brand: string; category: string; description: string; image: { src: string; alt: string } };
  const row = (id: string, over: Partial<Record<'price' | 'status' | 'replaced by' | 'incubators', string>> = {}, base = record(id)) =>
    [id, base.name, base.brand, base.category, base.description, base.image.src, base.image.alt, over.price ?? 'Contact for pricing', over.status ?? 'active', over['replaced by'] ?? '', over.incubators ?? ''];
  const kit = record('delagua-dual-incubator-kit');
  const kits = [1, 3, 4].map((n) => row(`incubator-kit-${n}`, { incubators: String(n) }, { ...kit, name: `Incubator Kit ${n}` }));
  const rows = [
    ['id', 'name', 'brand', 'category', 'description', 'image', 'image alt', 'price', 'status', 'replaced by', 'spec: Incubators'],
    ...kits,
    row('md-610-photometer', { price: 'On request' }),
    row('comparator-2000-plus', { status: 'discontinued', 'replaced by': 'md-610-photometer' }),
  ];
  return rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n') + '\r\n';
}

/** The first-load JavaScript of a built page, gzip: its scripts and the chunks boot.js fetches (as `npm run size` counts). */
function firstLoadJs(dist: string, htmlFile: string): number {
  const html = readFileSync(join(dist, htmlFile), 'utf8');
  const listed = JSON.parse(/<script type="application\/json" id="app-chunks">(.*?)<\/script>/.exec(html)![1]!) as string[];
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]!);
  return [...new Set([...scripts, ...listed.filter((f) => f.endsWith('.js'))])].reduce((n, f) => n + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
}

test.describe('a catalogue of a thousand products @desktop', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let scratch: Scratch;
  let server: Awaited<ReturnType<typeof serveScratch>>;
  let generated: Generated[];
  let built: string;
  let imported: string;

  test.beforeAll(async () => {
    test.setTimeout(15 * 60_000);
    scratch = scratchProject('catalogue-');
    generated = addProducts(scratch, EXTRA);
    scratch.write('pages-data/records/products/nitrate-test-kit.json', JSON.stringify(ADDED, null, 2) + '\n');
    scratch.write('sheets/range.csv', rangeSheet(scratch));
    imported = scratch.npm('catalogue', ['import', 'sheets/range.csv', '--apply']);
    built = scratch.npm('build');
    server = await serveScratch(scratch);
  });

  test.afterAll(async () => {
    await server?.stop();
    scratch?.remove();
  });

  test('a product added as one file has its page, with its name as the h1 and its Product structured data, and a line in the sitemap', async ({ page, consoleErrors }) => {
    const res = await page.goto(`${server.url}/products/nitrate-test-kit`);
    expect(res?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveText('Nitrate Test Kit');
    await expect(page).toHaveTitle(/^Lovibond Nitrate Test Kit \|/);
    const ld = (await page.locator('script[type="application/ld+json"]').textContent())!;
    const product = [JSON.parse(ld)].flat().find((d: { '@type': string }) => d['@type'] === 'Product');
    expect(product).toMatchObject({ name: 'Lovibond Nitrate Test Kit', brand: { '@type': 'Brand', name: 'Lovibond' }, category: 'Field Test Kits', mpn: 'NT-4410' });
    await hydrated(page);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Field Test Kits' })).toHaveAttribute('href', '/products/category/field-test-kits');
    const sitemap = await (await page.request.get(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('/products/nitrate-test-kit</loc>');
    expect(sitemap.match(/<loc>/g)?.length).toBeGreaterThan(EXTRA);
    expect(consoleErrors).toEqual([]);
  });

  test('search finds it by its model number, and the same query downloads at most 100 KB gzip in all', async ({ page, consoleErrors }) => {
    const dist = join(scratch.dir, 'dist');
    const fetched: string[] = [];
    page.on('response', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto(`${server.url}/contact`);
    await hydrated(page);
    const before = fetched.length;
    await page.keyboard.press('/');
    await page.keyboard.type(ADDED.model);
    const result = page.getByRole('dialog').getByRole('group', { name: 'Products' }).getByRole('button', { name: /^Nitrate Test Kit/ });
    await expect(result).toBeVisible();

    // What search took: the code and styles of the dialog, the index and the search library that the
    // page had not loaded for itself (the chunks its HTML lists), whenever they were fetched (the
    // dialog's code is fetched when the page is idle), and the products' files the query read.
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
    const html = readFileSync(join(dist, 'contact/index.html'), 'utf8');
    const initial = new Set<string>(JSON.parse(/<script type="application\/json" id="app-chunks">(.*?)<\/script>/.exec(html)![1]!) as string[]);
    const search = new Set<string>();
    const visit = (into: Set<string>) => (key: string) => {
      const c = manifest[key]!;
      if (into.has(`/${c.file}`) || (into === search && initial.has(`/${c.file}`))) return;
      into.add(`/${c.file}`);
      c.css?.forEach((f) => into.add(`/${f}`));
      c.imports?.forEach(visit(into));
    };
    Object.keys(manifest).filter((k) => manifest[k]!.isEntry).forEach(visit(initial));
    const key = (id: string) => Object.keys(manifest).find((k) => k.replace(/^\0/, '') === id)!;
    for (const id of ['src/layout/SearchDialog.tsx', 'src/lib/search.ts']) visit(search)(key(id));
    const taken = new Set(fetched.filter((p) => search.has(p) || p.startsWith('/_data/search/')));
    expect(fetched.slice(before).filter((p) => p.startsWith('/_data/search/')).length).toBeGreaterThan(0);
    const bytes = [...taken].reduce((n, p) => n + gzipSync(readFileSync(join(dist, p)), { level: 9 }).length, 0);
    test.info().annotations.push({ type: 'search download', description: `${(bytes / 1024).toFixed(1)} KB gzip in ${taken.size} files` });
    expect(bytes, [...taken].join(' ')).toBeLessThanOrEqual(100 * 1024);

    // A generated product is found by its model number as well.
    const other = generated[EXTRA / 2]!;
    await page.getByRole('dialog').getByRole('textbox', { name: 'Search' }).fill(other.model);
    await expect(page.getByRole('dialog').getByRole('button', { name: new RegExp(`^${other.name}`) })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/products/${other.id}$`));
    await expect(page.locator('h1')).toHaveText(other.name);
    expect(consoleErrors).toEqual([]);
  });

  test('the first-load JavaScript of /, of a product\'s page and of a listing page is what it is on the real site, within 1 KB', async () => {
    const real = resolve(import.meta.dirname, '../../dist');
    const grown = join(scratch.dir, 'dist');
    const pairs: [string, string][] = [
      ['index.html', 'index.html'],
      ['products/bench-00500/index.html', 'products/photometer-7500/index.html'],
      ['products/category/photometers/3/index.html', 'products/category/photometers/index.html'],
    ];
    for (const [file, like] of pairs) {
      expect(Math.abs(firstLoadJs(grown, file) - firstLoadJs(real, like)), file).toBeLessThanOrEqual(1024);
    }
  });

  test('a product page whose blocks the build copied from other pages is the page drawn in full', async () => {
    // The prerenderer draws a block met on many pages once and copies it (src/entry-server.tsx).
    const { render } = (await import(pathToFileURL(join(scratch.dir, 'dist-ssr/entry-server.js')).href)) as typeof import('../../src/entry-server');
    const dist = join(scratch.dir, 'dist');
    const drawn = (html: string) => html.slice(html.indexOf('<header'), html.lastIndexOf('</footer>'));
    expect(Number(/(\d+) blocks copied/.exec(built)?.[1])).toBeGreaterThan(EXTRA / 2);
    for (const { id } of generated.filter((_, i) => i % 10 === 9)) {
      const document = JSON.parse(readFileSync(join(dist, `_data/pages/products/${id}.json`), 'utf8')) as Parameters<typeof render>[1];
      const { html } = await render(`/products/${id}`, document, { copies: false });
      expect(drawn(readFileSync(join(dist, `products/${id}/index.html`), 'utf8')), id).toBe(drawn(html));
    }
  });

  test('a listing lists every product of its category, a page at a time, each page a plain link from the one before', async ({ page }) => {
    await page.goto(`${server.url}/products/category/field-test-kits`);
    const seen = new Set<string>();
    for (let n = 1; ; n++) {
      const cards = page.locator('main .mantine-Card-root h3 a, main .mantine-Card-root h2 a');
      const count = await cards.count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(48);
      for (const href of await cards.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) seen.add(href);
      const next = page.getByRole('navigation', { name: 'Pages of this list' }).getByRole('link', { name: 'Next page' });
      if ((await next.count()) === 0) break;
      // Followed as a crawler follows it: the page it names, loaded whole (not the app's navigation,
      // whose next page may still be drawing when the cards are read).
      expect(await next.getAttribute('href')).toBe(`/products/category/field-test-kits/${n + 1}`);
      await page.goto(`${server.url}/products/category/field-test-kits/${n + 1}`);
    }
    expect(seen.has('/products/nitrate-test-kit')).toBe(true);
    const dir = join(scratch.dir, 'pages-data/records/products');
    const inCategory = readdirSync(dir).filter((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { category: string }).category === 'field-test-kits');
    expect(seen.size).toBe(inCategory.length);
  });

  test('an imported sheet: its new products have pages, the updated one shows its change, the discontinued one says so, links to its replacement and leaves the listings', async ({ page, consoleErrors }) => {
    expect(imported).toContain('Applied: 3 created, 1 updated, 1 discontinued');
    await page.goto(`${server.url}/products/incubator-kit-3`);
    await expect(page.locator('h1')).toHaveText('Incubator Kit 3');
    await expect(page.getByRole('row', { name: /Incubators/ })).toContainText('3');
    await page.goto(`${server.url}/products/md-610-photometer`);
    await expect(page.locator('.product-price')).toHaveText('On request');
    const gone = await page.goto(`${server.url}/products/comparator-2000-plus`);
    expect(gone?.status()).toBe(200);
    await hydrated(page);
    await expect(page.getByRole('note')).toContainText('Discontinued');
    await page.getByRole('note').getByRole('link', { name: 'Lovibond MD 610 Photometer' }).click();
    await expect(page).toHaveURL(/\/products\/md-610-photometer$/);
    // It links to the other products of its category; the listings and their filters leave it out.
    await page.goBack();
    await expect(page.getByRole('note').getByRole('link', { name: 'See the other comparators' })).toHaveAttribute('href', '/products/category/comparators');
    const lovibond = await (await page.request.get(`${server.url}/products/brand/lovibond`)).text();
    expect(lovibond).not.toContain('/products/comparator-2000-plus');
    const facets = await (await page.request.get(`${server.url}/_data/facets/comparators.json`)).text();
    expect(facets).toContain('"bench-');
    expect(facets).not.toContain('comparator-2000-plus');
    expect(consoleErrors).toEqual([]);
  });

  test('filters narrow a category listing by brand and by a number range, each choice with its count; the address reproduces them, and Back undoes them', async ({ page, consoleErrors }) => {
    const fetched: string[] = [];
    page.on('response', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto(`${server.url}/products/category/microbiology-kits`);
    await hydrated(page);
    const unfiltered = await page.getByText(/^Products 1 to 48 of \d+$/).textContent();
    expect(fetched.some((p) => p.startsWith('/_data/facets/'))).toBe(false);
    await page.getByRole('button', { name: 'Filter these products' }).click();
    const range = page.getByRole('group', { name: 'Incubators' });
    await range.getByLabel('From').fill('3');
    await range.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\?incubators=3\.\.$/);
    await expect(page.getByRole('status').filter({ hasText: 'match the filters' })).toHaveText(/^2 of \d+ products match the filters$/);
    const cards = page.locator('main .mantine-Card-root h2 a');
    await expect(cards).toHaveText(['Incubator Kit 3', 'Incubator Kit 4']);
    // A brand's count is of what the other filters leave.
    await expect(page.getByRole('group', { name: 'Brand' }).getByLabel(/DelAgua/)).toBeVisible();
    const delagua = await page.getByRole('group', { name: 'Brand' }).locator('label', { hasText: 'DelAgua' }).textContent();
    expect(delagua).toContain('(2)');
    expect(await axeViolations(page)).toEqual([]);

    // The address alone gives the same list, as a shared link or a bookmark does.
    await page.goto(`${server.url}/products/category/microbiology-kits?incubators=3..4`);
    await hydrated(page);
    await expect(cards).toHaveText(['Incubator Kit 3', 'Incubator Kit 4']);
    await page.getByRole('group', { name: 'Brand' }).getByLabel(/Lovibond/).check();
    await expect(page).toHaveURL(/brand=lovibond/);
    await page.goBack();
    await expect(cards).toHaveText(['Incubator Kit 3', 'Incubator Kit 4']);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByText(unfiltered!)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('filtering a listing downloads its category\'s facets file, 50 KB gzip or less, and nothing of the filters is in the prerendered page', async ({ page }) => {
    const dist = join(scratch.dir, 'dist');
    const facets = readdirSync(join(dist, '_data/facets'));
    const largest = Math.max(...facets.map((f) => gzipSync(readFileSync(join(dist, '_data/facets', f)), { level: 9 }).length));
    test.info().annotations.push({ type: 'largest facets file', description: `${(largest / 1024).toFixed(1)} KB gzip, ${EXTRA} + 12 products` });
    expect(largest).toBeLessThanOrEqual(50 * 1024);
    // Without scripts the listing is as it was: no filter, no compare check that would do nothing.
    const html = await (await page.request.get(`${server.url}/products/category/photometers`)).text();
    expect(html).not.toContain('Filter these products');
    expect(html).not.toMatch(/<input[^>]*type="checkbox"/);
  });

  test('compare: products picked on product pages and a listing\'s card show side by side, the differing rows marked; the address names them; one quote request asks for all of them', async ({ page, consoleErrors }) => {
    for (const id of ['md-610-photometer', 'photometer-7500']) {
      await page.goto(`${server.url}/products/${id}`);
      await hydrated(page);
      await page.getByRole('checkbox', { name: /Add to compare/ }).check();
    }
    await page.goto(`${server.url}/products/category/photometers`);
    await hydrated(page);
    const card = page.locator('main .mantine-Card-root').first();
    const name = (await card.locator('h2 a').textContent())!;
    await card.getByRole('checkbox', { name: /Compare/ }).check();
    await card.getByRole('link', { name: 'Compare 3 →' }).click();
    await expect(page).toHaveURL(/\/compare\?products=md-610-photometer%2Cphotometer-7500%2Cbench-\d+$/);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([/Lovibond MD 610 Photometer/, /Palintest Photometer 7500/, new RegExp(name)]);
    await expect(table.getByRole('row', { name: /^Brand differs/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /^Category/ })).not.toHaveClass(/differs/);
    await expect(table.getByRole('row', { name: /^Data transfer/ })).toContainText('Bluetooth');
    expect(await axeViolations(page)).toEqual([]);
    // The address names the products: opened in a new browser (a shared link), it shows them.
    const other = await page.context().browser()!.newPage();
    await other.goto(page.url());
    await expect(other.getByRole('table').getByRole('columnheader')).toHaveCount(3);
    await other.close();
    await page.getByRole('button', { name: 'Request a quote for these 3 products' }).click();
    await expect(page.getByRole('dialog').getByLabel('Details')).toHaveValue(/Lovibond MD 610 Photometer; Palintest Photometer 7500; /);
    expect(consoleErrors).toEqual([]);
  });

  test('a partner\'s page shows its products and links to all of them; a brand\'s listing links back to the partner\'s page', async ({ page }) => {
    await page.goto(`${server.url}/palintest`);
    await hydrated(page);
    const section = page.locator('#partner-products');
    await expect(section.getByRole('heading', { name: 'Palintest products' })).toBeVisible();
    await expect(section.locator('.mantine-Card-root')).toHaveCount(4);
    await section.getByRole('link', { name: /^All \d+ Palintest products$/ }).click();
    await expect(page).toHaveURL(/\/products\/brand\/palintest$/);
    await expect(page.locator('h1')).toHaveText('Palintest Products');
    await hydrated(page);
    await page.getByRole('link', { name: 'About Palintest, the partner we supply' }).click();
    await expect(page).toHaveURL(/\/palintest$/);
    // A supplier without a partner page has no such link; a partner without products (on the real site,
    // where Pyrex has none yet) shows no empty section.
    const delagua = await (await page.request.get(`${server.url}/products/brand/delagua`)).text();
    expect(delagua).not.toContain('the partner we supply');
    await page.goto('/pyrex');
    await expect(page.locator('h1')).toHaveText('Pyrex');
    await expect(page.locator('#partner-products')).toHaveCount(0);
  });

  test('a product page prints as a spec sheet: no menus or buttons, the company\'s contact details and the page\'s address', async ({ page }) => {
    await page.goto(`${server.url}/products/md-610-photometer`);
    await hydrated(page);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('header').first()).toBeHidden();
    await expect(page.getByRole('link', { name: 'Request Quote' })).toBeHidden();
    await expect(page.locator('.spec-table')).toBeVisible();
    const footer = page.locator('.print-footer');
    await expect(footer).toBeVisible();
    await expect(footer).toContainText('+254 700 000 101');
    await expect(footer).toContainText('/products/md-610-photometer');
  });
});
