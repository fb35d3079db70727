// The catalogue at size (issue 22), on one scratch copy built once for this file: 1,000 generated
// products and one added as an author adds one, a single file. Served by the project's own server
// from the copy's dist/; compared with the project's own build (the real site, which `npm test` builds
// before these tests run).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import { addProducts, type Generated } from '../support/products';
import { type Scratch, scratchProject, serveScratch } from '../support/scratch';
import { expect, hydrated, test } from './fixtures';

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

  test.beforeAll(async () => {
    test.setTimeout(15 * 60_000);
    scratch = scratchProject('catalogue-');
    generated = addProducts(scratch, EXTRA);
    scratch.write('pages-data/records/products/nitrate-test-kit.json', JSON.stringify(ADDED, null, 2) + '\n');
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
    expect(Number(/\((\d+) blocks copied/.exec(built)?.[1])).toBeGreaterThan(EXTRA / 2);
    for (const { id } of generated.filter((_, i) => i % 10 === 9)) {
      const { html } = await render(`/products/${id}`, dist, { copies: false });
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
});
