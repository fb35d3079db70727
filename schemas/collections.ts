// The catalogue's collections and the pages made from them. A template page (pages-data/products/[id].json
// with "collection": "products") gives every entry of its collection a page of its own at its route with
// the entry's id in place of [id]; the listing collections (categories, brands) give each entry as many
// pages as it takes to list its products PAGE_SIZE at a time. No zod here: the browser imports it.
import type { Image } from './primitives.ts';
import type { Attribute, Pack, Product, ProductCategory, SpecValue } from './records.ts';
import { withUnit } from './units.ts';

export const collections = ['products', 'product-categories', 'product-brands'] as const;
export type Collection = (typeof collections)[number];

/** The most products one listing page shows; the next ones are on its page 2, 3 and on. */
export const PAGE_SIZE = 48;

/** What each collection's entries are, for a template's blocks. */
export const collectionKinds = { products: 'product', 'product-categories': 'listing', 'product-brands': 'listing' } as const satisfies Record<Collection, string>;
export type EntryKind = (typeof collectionKinds)[Collection];

/** A maker products are sold under: a partner (with a page of its own) or a supplier. */
export interface Brand {
  id: string;
  name: string;
  /** Its partner page, where it has one (/palintest). */
  page?: string | undefined;
  /** Where a product's quote request goes: the brand's own contact address, where the records give one. */
  email?: string | undefined;
}

/** A product as a card shows it: enough to recognise it and follow the link to its page. */
export interface ProductSummary {
  id: string;
  name: string;
  brand: string;
  category: string;
  model?: string | undefined;
  /** Its own picture; absent while it waits for one (D24). */
  image?: Image | undefined;
  /** What its tile shows while it has no picture: its category's (or the nearest parent's) picture, where there is one. */
  standIn?: Image | undefined;
  /** Its page. */
  url: string;
}

/** A category or brand with products, and where they are listed. */
export interface Listing {
  id: string;
  /** As menus and search name it: a category by its path where its name repeats ("Glassware > Beakers"). */
  name: string;
  /** How many products it lists: a category's, those of every category under it too. */
  count: number;
  url: string;
  /** A category's parent, where it has one (with products). */
  parent?: string | undefined;
}

/** The record a page made from a template shows. */
export type Entry = ({ collection: 'products'; product: Product; brand: Brand; category: ProductCategory; url: string } | ListingEntry) & {
  /** The pages above it, then itself: its breadcrumb and its BreadcrumbList. */
  trail: Crumb[];
};

export interface Crumb {
  name: string;
  url: string;
}

/** One page of a category's or a brand's products. */
export interface ListingEntry {
  collection: 'product-categories' | 'product-brands';
  id: string;
  name: string;
  /** How many products it has in all, over all its pages. */
  total: number;
  /** This page's number (1 for the first) and how many pages it has. */
  page: number;
  pages: number;
  /** The products this page lists. */
  products: ProductSummary[];
  /** The route of each of its pages, by number from 1. */
  pageUrls: string[];
}
export type ProductEntry = Extract<Entry, { collection: 'products' }>;
export type ListingPageEntry = Extract<Entry, { collection: ListingEntry['collection'] }>;

/** A product's name with its brand in front, unless the name starts with it already ("Palintest Photometer 7500"). */
export const brandedName = (product: { name: string }, brand: { name: string }) =>
  product.name.toLowerCase().startsWith(brand.name.toLowerCase()) ? product.name : `${brand.name} ${product.name}`;

export const isSpecValue = (s: string | SpecValue): s is SpecValue => typeof s !== 'string';

/** A pack's value of an attribute: its own, else the product's (a pack gives only the values that are its own). */
export function packValue(product: Pick<Product, 'specifications'>, pack: Pick<Pack, 'specifications'>, name: string): SpecValue | undefined {
  return pack.specifications?.find((v) => v.name === name) ?? product.specifications.find((v): v is SpecValue => isSpecValue(v) && v.name === name);
}

/** Every value a product takes of an attribute, over its packs (or its own, without packs), each once, in order. */
export function valuesOf(product: Pick<Product, 'specifications' | 'packs'>, name: string): SpecValue[] {
  const all = product.packs?.length ? product.packs.map((p) => packValue(product, p, name)) : [product.specifications.find((v): v is SpecValue => isSpecValue(v) && v.name === name)];
  const out: SpecValue[] = [];
  for (const v of all) if (v && !out.some((o) => o.value === v.value && o.unit === v.unit)) out.push(v);
  return out;
}

/** The attribute names a product or its packs give values of, in its category's order (any other after them). */
function attributeNames(product: Pick<Product, 'specifications' | 'packs'>, category: Pick<ProductCategory, 'attributes'>): string[] {
  const given = new Set([...product.specifications.filter(isSpecValue), ...(product.packs ?? []).flatMap((p) => p.specifications ?? [])].map((v) => v.name));
  const order = (category.attributes ?? []).map((a) => a.name).filter((n) => given.has(n));
  return [...order, ...[...given].filter((n) => !order.includes(n))];
}

/**
 * A product's packs as its page's table shows them (D22): each with its code and label, and a column for
 * each attribute whose value differs between its packs. The same for every product without packs: none.
 */
export function packTable(product: Pick<Product, 'specifications' | 'packs'>, category: Pick<ProductCategory, 'attributes'>) {
  const packs = product.packs ?? [];
  const columns = attributeNames(product, category).filter((name) => valuesOf(product, name).length > 1);
  return {
    columns,
    rows: packs.map((p) => ({
      code: p.code,
      label: p.label,
      ...(p.price ? { price: p.price } : {}),
      ...(p.image ? { image: p.image } : {}),
      values: columns.map((name) => {
        const v = packValue(product, p, name);
        return v ? withUnit(v.value, v.unit) : '';
      }),
    })),
  };
}

/**
 * A product's specification values as rows of a table, in the order its category lists its
 * attributes (any other after them): each with its value and unit as one text; a value that differs
 * between its packs, as each of them ("25 g, 100 g, 500 g").
 */
export function specTable(product: Pick<Product, 'specifications' | 'packs'>, category: Pick<ProductCategory, 'attributes'>): { name: string; value: string }[] {
  return attributeNames(product, category).map((name) => ({ name, value: valuesOf(product, name).map((v) => withUnit(v.value, v.unit)).join(', ') }));
}

/**
 * What a listing of products of these categories can be narrowed by: the filterable attributes every
 * one of them has alike (name, type and unit), in the first's order (D23: a department's listing
 * offers what all its products' categories share).
 */
export function sharedFilters(categories: readonly Pick<ProductCategory, 'attributes'>[]): Attribute[] {
  const same = (a: Attribute, b: Attribute) => a.name === b.name && a.type === b.type && a.unit === b.unit && b.filter === true;
  const [first, ...rest] = categories;
  return (first?.attributes ?? []).filter((a) => a.filter && rest.every((c) => c.attributes?.some((b) => same(a, b))));
}

/** Every order code of a product, its packs' (D22). */
export const codesOf = (product: Pick<Product, 'packs'>): string[] => (product.packs ?? []).map((p) => p.code);

/** A specification as one line of text: a value as "Readability: 0.1 mg". */
export const specLine = (s: string | SpecValue) => (typeof s === 'string' ? s : `${s.name}: ${withUnit(s.value, s.unit)}`);

/** Whether a product is out of the range: its page stays, the listings leave it out. */
export const isDiscontinued = (p: Pick<Product, 'status'>) => p.status === 'discontinued';

/** The words a template's texts may name in braces ({name}), and what they stand for on each entry's page. */
export function entryTokens(entry: Entry): Record<string, string> {
  if (entry.collection === 'products') {
    const { product, brand, category } = entry;
    return {
      name: product.name,
      fullName: brandedName(product, brand),
      brand: brand.name,
      category: category.name,
      model: product.model ?? '',
      description: product.description,
    };
  }
  return { name: entry.name, count: String(entry.total) };
}

/** The tokens a template over each kind of collection may use. */
export const tokenNames: Record<EntryKind, readonly string[]> = {
  product: ['name', 'fullName', 'brand', 'category', 'model', 'description'],
  listing: ['name', 'count'],
};

export const TOKEN = /\{([A-Za-z]+)\}/g;

/**
 * A template's value with each {token} replaced by the entry's text: strings anywhere in it; a list
 * item left empty (a keyword "{model}" of a product without one) is dropped, and spaces tidied.
 */
export function fillTokens<T>(value: T, tokens: Readonly<Record<string, string>>): T {
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string') return v.includes('{') ? v.replace(TOKEN, (m, k: string) => tokens[k] ?? m).replace(/ {2,}/g, ' ').trim() : v;
    if (Array.isArray(v)) return v.map(fill).filter((x) => x !== '');
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return fill(value) as T;
}
