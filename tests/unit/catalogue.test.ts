// The catalogue's pieces that the shipped eight products cannot show: listings longer than a page,
// a sitemap past the protocol's limit, the template's {tokens}, which route shows a record.
import { describe, expect, it } from 'vitest';
import { fillTokens, PAGE_SIZE, type ProductEntry } from '../../schemas/collections';
import type { Product } from '../../schemas/records';
import { routeOfRecord } from '../../schemas/routes';
import { sitemaps } from '../../src/node/build/prerender';
import { structuredData } from '../../src/node/build/structured-data';
import { entryPages, templatesOf } from '../../src/node/content/catalogue';
import { type Content, loadContent, resolvePage } from '../../src/node/content/load';

const { content } = await loadContent();
if (!content) throw new Error('content is invalid: run npm run validate');

/** The content with `n` more photometers (copies of the Photometer 7500), and the pages the templates make of it. */
function grown(n: number) {
  const base = content!.products.get('photometer-7500')!;
  const products = new Map(content!.products);
  for (let i = 1; i <= n; i++) {
    const id = `photometer-${String(i).padStart(4, '0')}`;
    products.set(id, { ...base, id, name: `Photometer ${i}` } satisfies Product);
  }
  const templates = templatesOf(content!.pages.values(), () => {
    throw new Error('the shipped templates have no problem');
  });
  const data = { ...content!, products };
  return { data, pages: entryPages(data, templates, (route) => content!.routes.get(route)?.doc.meta.title) };
}

describe('listings', () => {
  it(`list ${PAGE_SIZE} products a page, each page linked to the one before and after, the later ones titled with their number`, () => {
    const { data, pages } = grown(100); // 102 photometers: three pages
    const listing = pages.filter((p) => p.route.startsWith('/products/category/photometers'));
    expect(listing.map((p) => p.route)).toEqual(['/products/category/photometers', '/products/category/photometers/2', '/products/category/photometers/3']);
    expect(listing.map((p) => p.doc.meta.title)).toEqual(['Photometers', 'Photometers (page 2 of 3)', 'Photometers (page 3 of 3)']);
    const lists = listing.map((p) => resolvePage(data as Content, p).blocks.find((b) => b.block.type === 'product-list')!.props as { products: unknown[]; previous?: string; next?: string });
    expect(lists.map((l) => l.products.length)).toEqual([PAGE_SIZE, PAGE_SIZE, 102 - 2 * PAGE_SIZE]);
    expect(lists.map((l) => [l.previous, l.next])).toEqual([
      [undefined, '/products/category/photometers/2'],
      ['/products/category/photometers', '/products/category/photometers/3'],
      ['/products/category/photometers/2', undefined],
    ]);
    // Every product is on one page of its category, once.
    const listed = lists.flatMap((l) => l.products as { id: string }[]).map((p) => p.id);
    expect(new Set(listed).size).toBe(102);
  });

  it('a brand lists the products its supplier features first', () => {
    const { pages } = grown(0);
    const palintest = pages.find((p) => p.route === '/products/brand/palintest')!;
    const entry = palintest.entry as { products: { id: string }[] };
    expect(entry.products.map((p) => p.id)).toEqual(content.suppliers.get('palintest')!.featured);
  });
});

describe('the sitemap', () => {
  it('is one file up to the limit, and past it an index of files that list every page once', () => {
    const one = sitemaps('https://x.example', content);
    expect(Object.keys(one)).toEqual(['sitemap.xml']);
    const all = [...one['sitemap.xml']!.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const split = sitemaps('https://x.example', content, 30);
    expect(Object.keys(split).sort()).toEqual(['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml', 'sitemap.xml']);
    expect(split['sitemap.xml']).toContain('<sitemapindex');
    expect([...split['sitemap.xml']!.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(['https://x.example/sitemap-1.xml', 'https://x.example/sitemap-2.xml', 'https://x.example/sitemap-3.xml']);
    const listed = ['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml'].flatMap((f) => [...split[f]!.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    expect(listed).toEqual(all);
    expect(all).toContain('https://x.example/products/photometer-7500');
  });
});

describe('templates', () => {
  it("fill their {tokens} from the entry, and drop a list item a token leaves empty", () => {
    expect(fillTokens({ title: '{fullName}', keywords: ['{fullName} Kenya', '{model}'], n: 2 }, { fullName: 'Palintest Photometer 7500', model: '' })).toEqual({
      title: 'Palintest Photometer 7500',
      keywords: ['Palintest Photometer 7500 Kenya'],
      n: 2,
    });
  });

  it("say which route shows a record: a product's file its page", () => {
    expect(routeOfRecord('records/products/photometer-7500.json', { products: '/products/[id]' })).toBe('/products/photometer-7500');
    expect(routeOfRecord('records/products/photometer-7500.json', { products: '/catalogue/[id]' })).toBe('/catalogue/photometer-7500');
    expect(routeOfRecord('records/partners.json', { products: '/products/[id]' })).toBeUndefined();
  });
});

describe('a product page', () => {
  const productPage = (data: Content, id: string) => data.routes.get(`/products/${id}`)!;

  it("shows its brand's first few other products and no count of them, so that a new product changes no other product's page", () => {
    const related = ({ data, pages }: ReturnType<typeof grown>) =>
      new Map(
        pages
          .filter((p) => p.entry && 'product' in p.entry)
          .map((p) => [p.route, resolvePage(data as Content, p).blocks.find((b) => b.block.type === 'product-related')!.props]),
      );
    const before = related(grown(20));
    const featured = content.suppliers.get(content.products.get('photometer-7500')!.brand)!.featured!;
    const shown = (route: string) => (before.get(route) as { products: { id: string }[] }).products.map((p) => p.id);
    expect(shown('/products/photometer-0005').slice(0, featured.length)).toEqual(featured);
    expect(shown(`/products/${featured[0]}`)).not.toContain(featured[0]);
    const after = related(grown(21));
    expect(after.size).toBe(before.size + 1);
    expect([...before].filter(([route, props]) => JSON.stringify(after.get(route)) !== JSON.stringify(props))).toEqual([]);
  });
  const detail = (data: Content, id: string) =>
    resolvePage(data, productPage(data, id)).blocks.find((b) => b.block.type === 'product-detail')!.props as { table: { name: string; value: string }[]; lines: string[]; discontinued: boolean; replacement?: { name: string; url: string } };

  it('shows its specification values as a table in its category\'s order, its other specifications as lines, and gives them to search engines as additionalProperty', () => {
    const kit = detail(content, 'delagua-dual-incubator-kit');
    expect(kit.table).toEqual([
      { name: 'Method', value: 'Membrane filtration' },
      { name: 'Incubators', value: '2' },
      { name: 'Power', value: 'Rechargeable battery, for use away from mains power' },
    ]);
    expect(kit.lines).toContain('Turbidity tube');
    const base = content.products.get('delagua-dual-incubator-kit')!;
    const withUnit = { ...base, specifications: [{ name: 'Incubators', value: 2 }, { name: 'Readability', value: 0.1, unit: 'mg' }, { name: 'Colour', value: 'Blue' }] };
    const page = productPage(content, base.id);
    const json = structuredData(content.site, content, resolvePage(content, page), { ...(page.entry as ProductEntry), product: withUnit });
    expect(json.find((j) => j['@type'] === 'Product')!.additionalProperty).toEqual([
      { '@type': 'PropertyValue', name: 'Incubators', value: 2 },
      { '@type': 'PropertyValue', name: 'Readability', value: 0.1, unitText: 'mg', unitCode: 'MGM' },
      { '@type': 'PropertyValue', name: 'Colour', value: 'Blue' },
    ]);
  });

  it('of a discontinued product stays, says so and links to its replacement; the listings leave it out', () => {
    const products = new Map(content.products);
    products.set('comparator-2000-plus', { ...products.get('comparator-2000-plus')!, status: 'discontinued', replacedBy: 'md-610-photometer' });
    const templates = templatesOf(content.pages.values(), () => undefined);
    const data = { ...content, products };
    const pages = entryPages(data, templates, (route) => content.routes.get(route)?.doc.meta.title);
    const routes = new Map([...content.routes].filter(([, p]) => !p.entry).concat(pages.map((p) => [p.route, p])));
    const grownContent = { ...data, routes } as Content;
    expect(routes.has('/products/comparator-2000-plus')).toBe(true);
    expect(detail(grownContent, 'comparator-2000-plus')).toMatchObject({ discontinued: true, replacement: { name: 'Lovibond MD 610 Photometer', url: '/products/md-610-photometer' } });
    // Comparators had only this one: its listing goes; Lovibond's lists its other product.
    expect(routes.has('/products/category/comparators')).toBe(false);
    const lovibond = pages.find((p) => p.route === '/products/brand/lovibond')!.entry as { products: { id: string }[] };
    expect(lovibond.products.map((p) => p.id)).toEqual(['md-610-photometer']);
  });
});

describe('specification values', () => {
  it('are found by the site search, as the free-text specifications are', async () => {
    const { searchEntries } = await import('../../src/node/build/search-index');
    const md610 = searchEntries(content).find((e) => e.url === '/products/md-610-photometer')!;
    expect(md610.items).toEqual(expect.arrayContaining(['Data transfer: Bluetooth', 'Reagent formats: Tablet, powder and liquid']));
  });

  it('/products narrows its categories by brand: each brand\'s count in each category', () => {
    const page = content.routes.get('/products')!;
    const index = resolvePage(content, page).blocks.find((b) => b.block.type === 'catalogue-index' && b.block.list === 'product-categories')!.props as { brands: { id: string; counts: Record<string, number> }[] };
    expect(index.brands.find((b) => b.id === 'palintest')!.counts).toEqual({ photometers: 1, 'pool-testing': 1, reagents: 1 });
    expect(index.brands.find((b) => b.id === 'delagua')!.counts).toEqual({ consumables: 1, 'microbiology-kits': 1 });
  });
});
