import { blockDefinitions, type Block } from '../../schemas/blocks/index.ts';
import type { Records } from '../../schemas/blocks/define.ts';
import { type Brand, type Collection, type Crumb, type Entry, isDiscontinued, type Listing, type ProductEntry } from '../../schemas/collections.ts';
import { entryRoute, partnerAlias } from '../../schemas/routes.ts';
import type { Partner, Product, ProductCategory, Supplier } from '../../schemas/records.ts';
import type { RenderedBlock } from './types.ts';

/** A block as its component receives it: the block, and the records its definition resolves. */
export const renderBlock = (block: Block, records: Records): RenderedBlock =>
  ({ block, props: blockDefinitions[block.type].resolve(block as never, records) }) as RenderedBlock;

/** The shared records as loaded (src/node/content/load.ts), or as the studio holds them. */
export interface RecordData {
  partners: ReadonlyMap<string, Partner>;
  suppliers: ReadonlyMap<string, Supplier>;
  /** Every product, by id, in the order of their ids. */
  products: ReadonlyMap<string, Product>;
  categories: ReadonlyMap<string, ProductCategory>;
  /** The route of each collection's template page: /products/[id]. */
  templates: Partial<Record<Collection, string>>;
}

/** What is worked out once from the records: each brand's products (discontinued ones left out), the categories and brands with products. */
interface Indexes {
  byBrand: Map<string, Product[]>;
  listings: Record<'product-categories' | 'product-brands', Listing[]>;
}
const indexes = new WeakMap<RecordData, Indexes>();

/** The records by id, as the block definitions read them; an unknown id throws (the validator lets none through). */
export function recordsOf(data: RecordData, entry?: Entry): Records {
  const get = <T,>(map: ReadonlyMap<string, T>, what: string) => (id: string): T => {
    const record = map.get(id);
    if (!record) throw new Error(`no ${what} "${id}" (the validator lets no unknown id through)`);
    return record;
  };
  const url = (collection: Collection, id: string) => {
    const template = data.templates[collection];
    return template === undefined ? undefined : entryRoute(template, id);
  };
  const brand = (id: string): Brand => {
    const partner = data.partners.get(id);
    const supplier = data.suppliers.get(id);
    const named = partner ?? supplier;
    if (!named) throw new Error(`no brand "${id}" (the validator lets no unknown id through)`);
    return { id, name: named.name, page: partner ? partnerAlias(id) : undefined, email: supplier?.contactInfo.email ?? partner?.contactInfo?.email };
  };
  const index = (): Indexes => {
    let found = indexes.get(data);
    if (found) return found;
    const byBrand = new Map<string, Product[]>();
    const byCategory = new Map<string, number>();
    for (const p of data.products.values()) {
      if (isDiscontinued(p)) continue;
      const list = byBrand.get(p.brand);
      if (list) list.push(p);
      else byBrand.set(p.brand, [p]);
      byCategory.set(p.category, (byCategory.get(p.category) ?? 0) + 1);
    }
    for (const [id, products] of byBrand) {
      const featured = data.suppliers.get(id)?.featured ?? [];
      const rank = (p: Product) => (featured.includes(p.id) ? featured.indexOf(p.id) : featured.length);
      products.sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : 1));
    }
    const listing = (collection: 'product-categories' | 'product-brands', id: string, name: string, count: number): Listing => ({ id, name, count, url: url(collection, id) ?? '' });
    const byName = (a: Listing, b: Listing) => a.name.localeCompare(b.name);
    found = {
      byBrand,
      listings: {
        'product-categories': [...byCategory].map(([id, n]) => listing('product-categories', id, get(data.categories, 'category')(id).name, n)).sort(byName),
        'product-brands': [...byBrand].map(([id, ps]) => listing('product-brands', id, brand(id).name, ps.length)).sort(byName),
      },
    };
    indexes.set(data, found);
    return found;
  };
  const category = get(data.categories, 'category');
  return {
    partner: get(data.partners, 'partner'),
    supplier: get(data.suppliers, 'supplier'),
    product: get(data.products, 'product'),
    brand,
    category,
    productsOf: (id) => index().byBrand.get(id) ?? [],
    summary: (p) => ({ id: p.id, name: p.name, brand: brand(p.brand).name, category: category(p.category).name, model: p.model, image: p.image, url: url('products', p.id) ?? '' }),
    listings: (collection) => index().listings[collection],
    url,
    ...(entry ? { entry } : {}),
  };
}

/**
 * A product's entry, what its page's blocks show: the product with its brand and category, its page's
 * address under the template's route, and its breadcrumb (the pages above the template, its category's
 * listing where there is one, itself).
 */
export function productEntry(records: Records, templateRoute: string, product: Product, above: readonly Crumb[]): ProductEntry {
  const url = entryRoute(templateRoute, product.id);
  const category = records.category(product.category);
  // Its category's listing, where it has one: a category whose products are all discontinued has none.
  const listed = records.listings('product-categories').find((l) => l.id === category.id)?.url;
  const trail = [...above, ...(listed ? [{ name: category.name, url: listed }] : []), { name: product.name, url }];
  return { collection: 'products', product, brand: records.brand(product.brand), category, url, trail };
}
