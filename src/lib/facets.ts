// Narrowing a category's listing by brand and by its filterable attributes (issue 37, item 6). The
// build writes one small file per category (src/node/build/facets.ts, at schemas/routes.ts facetsPath): every product of the category
// with its brand and the values of its filterable attributes, fetched only when a visitor filters. The
// choices live in the page's address (?brand=palintest&readability=0.1..1), so a filtered list can be
// shared, bookmarked and opened with Back. Pure functions: the block and the tests call them.
import type { PagePicture } from '../page/types';

/** A filterable attribute as the facets file gives it: its key in the address is its name as a slug. */
export interface FacetAttribute {
  name: string;
  key: string;
  type: 'number' | 'text' | 'choice';
  unit?: string;
}

/** A product's value of an attribute: null where it has none, a list where its packs differ (it matches where any of them does). */
export type FacetValue = string | number | null | (string | number)[];

/**
 * One product of the listing: [id, name, brand (index into brands), model, picture src ('' for none),
 * picture alt, values (one per attribute), category (index into categories), 1 where the picture is its
 * category's stand-in (D24)].
 */
export type FacetProduct = [string, string, number, string, string, string, FacetValue[], number, 1?];

export interface FacetFile {
  category: { id: string; name: string };
  /** The categories of its products (itself and those under it, D23), as their cards name them. */
  categories: string[];
  /** The route of a product's page, with [id] for its id. */
  productRoute: string;
  attributes: FacetAttribute[];
  brands: { id: string; name: string }[];
  products: FacetProduct[];
  /** The cards' pictures, as a page gives them (PagePicture), by src. */
  pictures: Record<string, PagePicture>;
}


/** The key of an attribute in the address: "Data transfer" is data-transfer. */
export const attributeKey = (name: string) => name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'value';

/** What is chosen: brands (any of them), each text or choice attribute's values (any of them), each number attribute's range. */
export interface Filters {
  brands: string[];
  values: Record<string, string[]>;
  ranges: Record<string, { min?: number; max?: number }>;
}

export const noFilters = (): Filters => ({ brands: [], values: {}, ranges: {} });
export const isFiltered = (f: Filters) => f.brands.length > 0 || Object.values(f.values).some((v) => v.length > 0) || Object.values(f.ranges).some((r) => r.min !== undefined || r.max !== undefined);

/**
 * The filters an address names: ?brand=a,b&data-transfer=Bluetooth&incubators=1..3 (a range's open end
 * left empty: 1.. or ..3). `get` reads a parameter of the address (the router's parsed search).
 */
export function filtersFromParams(get: (key: string) => unknown, attributes: readonly FacetAttribute[]): Filters {
  const text = (key: string) => {
    const v = get(key);
    return v === undefined || v === null ? '' : String(v);
  };
  const list = (key: string) => text(key).split(',').map((s) => s.trim()).filter(Boolean);
  const f = noFilters();
  f.brands = list('brand');
  for (const a of attributes) {
    if (a.type !== 'number') {
      const v = list(a.key);
      if (v.length) f.values[a.key] = v;
      continue;
    }
    // min..max, either end left open (1.. or ..3); one number is that value exactly. Values may be negative (-86..-20).
    const [min, max] = text(a.key).includes('..') ? text(a.key).split('..', 2) : [text(a.key), text(a.key)];
    const range: { min?: number; max?: number } = {};
    if (min?.trim() && Number.isFinite(Number(min))) range.min = Number(min);
    if (max?.trim() && Number.isFinite(Number(max))) range.max = Number(max);
    if (range.min !== undefined || range.max !== undefined) f.ranges[a.key] = range;
  }
  return f;
}

/** The address's parameters for these filters, in the attributes' order (the same choice is the same address). */
export function paramsOfFilters(f: Filters, attributes: readonly FacetAttribute[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.brands.length) out.brand = f.brands.join(',');
  for (const a of attributes) {
    const values = f.values[a.key];
    if (values?.length) out[a.key] = values.join(',');
    const r = f.ranges[a.key];
    if (r && (r.min !== undefined || r.max !== undefined)) out[a.key] = `${r.min ?? ''}..${r.max ?? ''}`;
  }
  return out;
}

/** Whether a product passes every filter but the one named `except` (to count what choosing another value there would leave). */
function passes(file: FacetFile, p: FacetProduct, f: Filters, except?: string): boolean {
  if (except !== 'brand' && f.brands.length && !f.brands.includes(file.brands[p[2]]!.id)) return false;
  return file.attributes.every((a, i) => {
    if (a.key === except) return true;
    const values = valuesAt(p, i);
    if (a.type === 'number') {
      const r = f.ranges[a.key];
      if (!r) return true;
      return values.some((v) => typeof v === 'number' && (r.min === undefined || v >= r.min) && (r.max === undefined || v <= r.max));
    }
    const chosen = f.values[a.key];
    return !chosen?.length || values.some((v) => typeof v === 'string' && chosen.includes(v));
  });
}

/** A product's values of the attribute at `index`: none, one, or one per differing pack. */
const valuesAt = (p: FacetProduct, index: number): (string | number)[] => {
  const v = p[6][index];
  return v === null || v === undefined ? [] : Array.isArray(v) ? v : [v];
};

export const filterProducts = (file: FacetFile, f: Filters) => file.products.filter((p) => passes(file, p, f));

/** A facet's choices, each with how many products it leaves (the other filters applied): the brands, or a text attribute's values. */
export function choicesOf(file: FacetFile, f: Filters, key: string): { value: string; label: string; count: number }[] {
  const counts = new Map<string, number>();
  const index = file.attributes.findIndex((a) => a.key === key);
  for (const p of file.products) {
    if (!passes(file, p, f, key)) continue;
    const values = key === 'brand' ? [file.brands[p[2]]!.id] : valuesAt(p, index);
    for (const v of new Set(values)) if (typeof v === 'string') counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  const all =
    key === 'brand'
      ? file.brands.map((b) => ({ value: b.id, label: b.name }))
      : [...new Set(file.products.flatMap((p) => valuesAt(p, index)).filter((v): v is string => typeof v === 'string'))].sort().map((v) => ({ value: v, label: v }));
  return all.map((c) => ({ ...c, count: counts.get(c.value) ?? 0 }));
}

/** A number attribute's lowest and highest value among the products the other filters leave, and how many the chosen range leaves. */
export function rangeOf(file: FacetFile, f: Filters, key: string): { min?: number; max?: number; count: number } {
  const index = file.attributes.findIndex((a) => a.key === key);
  const values = file.products.filter((p) => passes(file, p, f, key)).flatMap((p) => valuesAt(p, index)).filter((v): v is number => typeof v === 'number');
  return { ...(values.length ? { min: Math.min(...values), max: Math.max(...values) } : {}), count: file.products.filter((p) => passes(file, p, f)).length };
}
