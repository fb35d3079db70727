// A lab supplier's range, on fixtures in a scratch copy (the specification names no pack or code, D22):
// products in packs with order codes, categories under departments (D23), and products waiting for a
// photo (D24), as the site's pages, filters, search and structured data show them.
import { afterAll, describe, expect, it } from 'vitest';
import type { ListingPageEntry, ProductEntry } from '../../schemas/collections';
import type { BlockPropsOf } from '../../schemas/blocks';
import { searchData } from '../../src/node/build/search-index';
import { facetFiles } from '../../src/node/build/facets';
import { structuredData } from '../../src/node/build/structured-data';
import { loadContent, resolvePage } from '../../src/node/content/load';
import { createSearch, partsInMemory } from '../../src/lib/search';
import type { FacetFile } from '../../src/lib/facets';
import { scratchProject } from '../support/scratch';

const scratch = scratchProject('lab-range-');
afterAll(() => scratch.remove());

const picture = { src: '/images/products/test-kit.svg', alt: 'A portable test kit with reagent bottles' };
const product = (fields: Record<string, unknown>) => JSON.stringify({ $schema: '../../../schemas/product.schema.json', brand: 'palintest', description: 'Made up for a test of the catalogue.', ...fields }, null, 2);
scratch.editJson<{ categories: unknown[] }>('pages-data/records/product-categories.json', (doc) => {
  const volume = { name: 'Volume', type: 'number', unit: 'mL', filter: true };
  doc.categories.push(
    { id: 'labware', name: 'Labware', image: { src: '/images/products/reagents.svg', alt: 'Reagent bottles' } },
    { id: 'glassware', name: 'Glassware', parent: 'labware' },
    { id: 'plasticware', name: 'Plasticware', parent: 'labware' },
    { id: 'glass-beakers', name: 'Beakers', parent: 'glassware', attributes: [volume, { name: 'Glass', type: 'choice', choices: ['Borosilicate 3.3', 'Soda-lime'], filter: true }] },
    { id: 'plastic-beakers', name: 'Beakers', parent: 'plasticware', attributes: [volume] },
  );
});
scratch.write(
  'pages-data/records/products/test-glass-beaker.json',
  product({
    name: 'Test Glass Beaker',
    category: 'glass-beakers',
    image: picture,
    specifications: [{ name: 'Glass', value: 'Borosilicate 3.3' }],
    packs: [
      { code: 'TST-GB-050', label: 'Pack of 12, 50 mL', specifications: [{ name: 'Volume', value: 50, unit: 'mL' }] },
      { code: 'TST-GB-250', label: 'Pack of 12, 250 mL', specifications: [{ name: 'Volume', value: 250, unit: 'mL' }] },
    ],
  }),
);
scratch.write('pages-data/records/products/test-plastic-beaker.json', product({ name: 'Test Plastic Beaker', category: 'plastic-beakers', specifications: [{ name: 'Volume', value: 100, unit: 'mL' }] }));
scratch.write(
  'pages-data/records/products/test-tablets.json',
  product({ name: 'Test Chlorine Tablets', category: 'reagents', image: picture, packs: [{ code: 'TST-DPD1-250', label: '250 tablets' }, { code: 'TST-DPD1-500', label: '500 tablets' }] }),
);

const { content, problems, warnings } = await loadContent(scratch.dir);
if (!content) throw new Error(`the fixtures are invalid:\n${problems.map((p) => `${p.file}:${p.line} ${p.path} ${p.message}`).join('\n')}`);
const page = (route: string) => {
  const p = content.routes.get(route);
  if (!p) throw new Error(`no page at ${route}`);
  return p;
};
const block = <T extends 'product-detail' | 'product-list' | 'catalogue-index'>(route: string, type: T) =>
  resolvePage(content, page(route)).blocks.find((b) => b.block.type === type)!.props as BlockPropsOf<T>;

describe('categories as a tree (D23)', () => {
  it('a department lists the products of every category under it, and leads to the categories right under it', () => {
    const listing = page('/products/category/labware').entry as ListingPageEntry;
    expect(listing.products.map((p) => p.id).sort()).toEqual(['test-glass-beaker', 'test-plastic-beaker']);
    expect(block('/products/category/labware', 'product-list').below.map((c) => c.url)).toEqual(['/products/category/glassware', '/products/category/plasticware']);
  });

  it('a product\'s and a listing\'s breadcrumb is the whole path; a name that repeats is shown by its path', () => {
    expect((page('/products/test-glass-beaker').entry as ProductEntry).trail.map((c) => c.name)).toEqual(['Home', 'Products', 'Labware', 'Glassware', 'Beakers', 'Test Glass Beaker']);
    expect((page('/products/category/plastic-beakers').entry as ListingPageEntry).trail.map((c) => c.name)).toEqual(['Home', 'Products', 'Labware', 'Plasticware', 'Beakers']);
    const names = block('/products', 'catalogue-index').listings.map((l) => l.name);
    expect(names).toContain('Labware > Glassware > Beakers');
    expect(names).toContain('Labware > Plasticware > Beakers');
    expect(names).toContain('Glassware');
    expect(page('/products/category/glass-beakers').doc.meta.title).toBe('Labware > Glassware > Beakers');
  });

  it('a department\'s filters are the attributes all its products\' categories share, and a product matches a value any of its packs has', () => {
    const file = JSON.parse(facetFiles(content).get('/_data/facets/labware.json')!) as FacetFile;
    expect(file.attributes.map((a) => a.name)).toEqual(['Volume']);
    const glass = file.products.find((p) => p[0] === 'test-glass-beaker')!;
    expect(glass[6]).toEqual([[50, 250]]);
    expect(file.categories[glass[7]]).toBe('Labware > Glassware > Beakers');
    const own = JSON.parse(facetFiles(content).get('/_data/facets/glass-beakers.json')!) as FacetFile;
    expect(own.attributes.map((a) => a.name)).toEqual(['Volume', 'Glass']);
  });
});

describe('packs with order codes (D22)', () => {
  it('the product page\'s table shows each pack\'s code and label, and only the values that differ between packs', () => {
    const { packs, table } = block('/products/test-glass-beaker', 'product-detail');
    expect(packs.columns).toEqual(['Volume']);
    expect(packs.rows.map((r) => [r.code, r.label, ...r.values])).toEqual([
      ['TST-GB-050', 'Pack of 12, 50 mL', '50 mL'],
      ['TST-GB-250', 'Pack of 12, 250 mL', '250 mL'],
    ]);
    expect(table).toEqual([{ name: 'Volume', value: '50 mL, 250 mL' }, { name: 'Glass', value: 'Borosilicate 3.3' }]);
  });

  it('search finds a product by a pack\'s order code, whole, without its dashes or by its first three characters, first and with the pack named', async () => {
    const data = searchData(content);
    const search = await createSearch(data.index, partsInMemory(data));
    for (const query of ['TST-DPD1-500', 'tstdpd1500', 'tst-dpd1 500']) {
      const [first] = await search(query);
      expect(first).toMatchObject({ url: '/products/test-tablets#packs', kind: 'Product' });
      expect(first!.description).toContain('500 tablets, order code TST-DPD1-500');
    }
    const start = (await search('tst')).slice(0, 4).map((h) => h.description);
    expect(start.filter((d) => /order code TST-/.test(d))).toHaveLength(4);
    expect((await search('TST-GB')).map((h) => h.url)).toEqual(expect.arrayContaining(['/products/test-glass-beaker#packs']));
  });

  it('the structured data of a product in packs is a ProductGroup with a variant per pack, its code as sku', () => {
    const p = page('/products/test-glass-beaker');
    const group = structuredData(content.site, content, resolvePage(content, p), p.entry).find((d) => d['@type'] === 'ProductGroup')!;
    expect(group.hasVariant).toEqual([
      expect.objectContaining({ '@type': 'Product', sku: 'TST-GB-050', size: 'Pack of 12, 50 mL', additionalProperty: expect.arrayContaining([expect.objectContaining({ name: 'Volume', value: 50, unitCode: 'MLT' })]) }),
      expect.objectContaining({ '@type': 'Product', sku: 'TST-GB-250', size: 'Pack of 12, 250 mL' }),
    ]);
    // A product without packs stays a Product.
    const plain = page('/products/test-plastic-beaker');
    expect(structuredData(content.site, content, resolvePage(content, plain), plain.entry).some((d) => d['@type'] === 'Product')).toBe(true);
  });
});

describe('a product waiting for its photo (D24)', () => {
  it('is shown with its nearest category\'s picture as a stand-in, and counted in a warning', () => {
    const { standIn } = block('/products/test-plastic-beaker', 'product-detail');
    expect(standIn?.src).toBe('/images/products/reagents.svg');
    const card = (page('/products/category/plasticware').entry as ListingPageEntry).products[0]!;
    expect(card).toMatchObject({ id: 'test-plastic-beaker', standIn: { src: '/images/products/reagents.svg' } });
    expect(card.image).toBeUndefined();
    expect(resolvePage(content, page('/products/test-plastic-beaker')).pictures['/images/products/reagents.svg']).toBeDefined();
    expect(warnings.filter((w) => w.code === 'products-without-picture').map((w) => w.message)).toEqual(['1 product has no picture yet: test-plastic-beaker']);
  });
});
