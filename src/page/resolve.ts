import { blockDefinitions, type Block } from '../../schemas/blocks/index.ts';
import type { Records } from '../../schemas/blocks/define.ts';
import { categoryTree, type CategoryTree } from '../../schemas/category-tree.ts';
import { type Brand, type Collection, type Crumb, type Entry, isDiscontinued, type Listing, type ProductEntry } from '../../schemas/collections.ts';
import type { Image } from '../../schemas/primitives.ts';
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

/**
 * What is worked out once from the records: the category tree, each brand's products (discontinued ones
 * left out), the categories (with the products of the categories under them) and brands with products.
 */
interface Indexes {
  tree: CategoryTree;
  /** The categories with products of their own (not discontinued). */
  stocked: Set<string>;
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
    return { id, name: named.name, page: partner ? partnerAlias(id) : undefined, email: supplier?.contactInfo?.email ?? partner?.contactInfo?.email };
  };
  const index = (): Indexes => {
    let found = indexes.get(data);
    if (found) return found;
    const tree = categoryTree(data.categories);
    const byBrand = new Map<string, Product[]>();
    const byCategory = new Map<string, number>();
    const stocked = new Set<string>();
    for (const p of data.products.values()) {
      if (isDiscontinued(p)) continue;
      stocked.add(p.category);
      const list = byBrand.get(p.brand);
      if (list) list.push(p);
      else byBrand.set(p.brand, [p]);
      // Listed in its category and every one above it.
      for (const c of tree.path(p.category)) byCategory.set(c.id, (byCategory.get(c.id) ?? 0) + 1);
    }
    for (const [id, products] of byBrand) {
      const featured = data.suppliers.get(id)?.featured ?? [];
      const rank = (p: Product) => (featured.includes(p.id) ? featured.indexOf(p.id) : featured.length);
      products.sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : 1));
    }
    const listing = (collection: 'product-categories' | 'product-brands', id: string, name: string, count: number): Listing => ({ id, name, count, url: url(collection, id) ?? '' });
    const byName = (a: Listing, b: Listing) => a.name.localeCompare(b.name);
    const parentOf = (id: string) => get(data.categories, 'category')(id).parent;
    found = {
      tree,
      stocked,
      byBrand,
      listings: {
        'product-categories': [...byCategory]
          .map(([id, n]) => ({ ...listing('product-categories', id, tree.label(id), n), ...(parentOf(id) ? { parent: parentOf(id) } : {}) }))
          .sort(byName),
        'product-brands': [...byBrand].map(([id, ps]) => listing('product-brands', id, brand(id).name, ps.length)).sort(byName),
      },
    };
    indexes.set(data, found);
    return found;
  };
  const category = get(data.categories, 'category');
  // A product without a picture of its own shows its category's, or the nearest parent's (D24).
  const standIn = (p: Product): Image | undefined => (p.image ? undefined : index().tree.path(p.category).reverse().find((c) => c.image)?.image);
  return {
    partner: get(data.partners, 'partner'),
    supplier: get(data.suppliers, 'supplier'),
    product: get(data.products, 'product'),
    brand,
    category,
    productsOf: (id) => index().byBrand.get(id) ?? [],
    summary: (p) => ({
      id: p.id, name: p.name, brand: brand(p.brand).name, category: index().tree.label(p.category), model: p.model,
      ...(p.image ? { image: p.image } : { standIn: standIn(p) }), url: url('products', p.id) ?? '',
    }),
    standIn,
    tree: () => index().tree,
    listedCategories: (id) => index().tree.within(id).filter((c) => index().stocked.has(c)).map(category),
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
  const trail = [...above, ...categoryTrail(records, category.id), { name: product.name, url }];
  return { collection: 'products', product, brand: records.brand(product.brand), category, url, trail };
}

/**
 * The listings of a category's path, from the top of its tree down to it, as a breadcrumb shows them:
 * each with a listing (a category whose products are all discontinued has none) by its own name.
 */
export function categoryTrail(records: Records, id: string): Crumb[] {
  const listed = new Map(records.listings('product-categories').map((l) => [l.id, l.url]));
  return records.tree().path(id).flatMap((c) => (listed.has(c.id) ? [{ name: c.name, url: listed.get(c.id)! }] : []));
}
