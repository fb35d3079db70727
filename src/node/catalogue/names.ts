// Brands and categories as a sheet names them: a category by its path from the top ("Water Testing >
// Photometers", as WooCommerce writes it), its name where no other has it, or its id; a brand by its
// name or its id. One the site does not have is a problem at the cell, with the nearest known one;
// with `create` (--create) it is made instead: a category with the categories above it, a brand as a
// supplier record (D23). A name a letter or two from one the site has is never made: it stays a
// problem, unless the mapping file lists it to be made or says which one it means.
import type { Attribute } from '../../../schemas/records.ts';
import { PATH_SEPARATOR } from '../../../schemas/category-tree.ts';
import { distance, nearest } from '../content/suggest.ts';
import type { Code, Params } from '../content/problems.ts';
import type { At, Given, Report } from './input.ts';

export interface CategoryRecord {
  id: string;
  name: string;
  parent?: string;
  attributes?: Attribute[];
}
export interface BrandRecord {
  id: string;
  name: string;
}

/** A category an import makes: its record, its path, and the first cell that named it. */
export interface NewCategory extends CategoryRecord {
  path: string;
  at: At;
}
/** A brand an import makes, as a supplier record: its id and name (and website, where the sheet gives one). */
export interface NewBrand extends BrandRecord {
  websiteUrl?: string;
  at: At;
}

export interface NameOptions {
  /** Make the categories and brands the site does not have (--create). */
  create?: boolean;
  /** Names the mapping file says mean a category or a brand, by id (whatever their case). */
  categories?: Readonly<Record<string, string>>;
  brands?: Readonly<Record<string, string>>;
  /** Names the mapping file lists to be made even where they are near one the site has. */
  make?: { categories?: readonly string[]; brands?: readonly string[] };
}

/** An id made from a name: lowercase words joined by hyphens ("Water & Wastewater" is water-and-wastewater). */
export function slugOf(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.length <= 60 ? words : words.slice(0, 60).replace(/-[^-]*$/, '');
}

const key = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
const lookup = (map: Readonly<Record<string, string>> | undefined, text: string) => (map ? Object.entries(map).find(([k]) => key(k) === key(text))?.[1] : undefined);

/** A name a letter or two from another (a typo), never the same whatever its case. */
function nearMiss(name: string, candidates: Iterable<string>): string | undefined {
  let best: [string, number] | undefined;
  for (const c of candidates) {
    const d = distance(key(name), key(c));
    if (d > 0 && d <= 2 && d < name.length / 4 && (!best || d < best[1])) best = [c, d];
  }
  return best?.[0];
}

/** What a text names: an id, or a problem to report at each cell that names it. */
type Outcome = { id: string } | { problem: (report: Report, at: At) => void };
const problem = <C extends Code>(code: C, params: Params<C>): Outcome => ({ problem: (report, at) => report(at, code, params) });

export class Names {
  readonly newCategories: NewCategory[] = [];
  readonly newBrands: NewBrand[] = [];
  private readonly categories = new Map<string, CategoryRecord>();
  private readonly brands = new Map<string, BrandRecord>();
  private readonly children = new Map<string | undefined, CategoryRecord[]>();
  private readonly named = new Map<string, CategoryRecord[]>();
  /** The names and ids the site has (a new one is never a near-miss of another new one). */
  private readonly siteCategories: string[];
  private readonly siteBrands: BrandRecord[];
  /** Each text's outcome, worked out once: a sheet names one category on thousands of rows. */
  private readonly seen = new Map<string, Outcome>();

  constructor(categories: readonly CategoryRecord[], brands: readonly BrandRecord[], private readonly report: Report, private readonly options: NameOptions = {}) {
    for (const c of categories) this.addCategory(c);
    for (const b of brands) if (!this.brands.has(b.id.toLowerCase())) this.brands.set(b.id.toLowerCase(), b);
    this.siteCategories = [...new Set(categories.map((c) => c.name))];
    this.siteBrands = [...this.brands.values()];
  }

  /** A category's path from the top, its names joined by " > ". */
  path(id: string): string {
    const names: string[] = [];
    for (let c = this.categories.get(id); c && names.length < 50; c = c.parent === undefined ? undefined : this.categories.get(c.parent)) names.unshift(c.name);
    return names.join(PATH_SEPARATOR);
  }

  attributes(id: string): Attribute[] | undefined {
    return this.categories.get(id)?.attributes;
  }

  /** The category a cell names, or undefined with a problem at the cell. */
  category(given: Given): string | undefined {
    return this.settle(`category ${key(given.text)}`, given.at, () => this.findCategory(given));
  }

  /** The brand a cell names, or undefined with a problem at the cell; `website`, a new brand's address. */
  brand(given: Given, website?: string): string | undefined {
    return this.settle(`brand ${key(given.text)}`, given.at, () => this.findBrand(given, website));
  }

  /** The category a text names on the site as it is: by id, path, name, or the end of a path. */
  find(text: string): { id: string } | { paths: string[] } | undefined {
    const t = text.trim().replace(/\s+/g, ' ');
    const byId = this.categories.get(t.toLowerCase());
    if (byId) return { id: byId.id };
    const names = t.split(/\s*>\s*/).filter(Boolean);
    if (names.length === 0) return undefined;
    const { found, depth } = this.walk(names);
    if (depth === names.length) return { id: found! };
    // A name, or the end of a path, that only one category has.
    const tail = key(names.join(PATH_SEPARATOR));
    const ends = (this.named.get(key(names.at(-1)!)) ?? []).filter((c) => key(this.path(c.id)) === tail || key(this.path(c.id)).endsWith(`${PATH_SEPARATOR}${tail}`));
    if (ends.length === 1) return { id: ends[0]!.id };
    if (ends.length > 1) return { paths: ends.map((c) => this.path(c.id)) };
    return undefined;
  }

  private addCategory(c: CategoryRecord) {
    this.categories.set(c.id, c);
    const siblings = this.children.get(c.parent) ?? this.children.set(c.parent, []).get(c.parent)!;
    siblings.push(c);
    const same = this.named.get(key(c.name)) ?? this.named.set(key(c.name), []).get(key(c.name))!;
    same.push(c);
  }

  /** How far a path's names lead from the top, one category each: the last found and how many names it took. */
  private walk(names: string[]): { found?: string; depth: number } {
    let found: string | undefined;
    let depth = 0;
    for (const name of names) {
      const next = (this.children.get(found) ?? []).filter((c) => key(c.name) === key(name));
      if (next.length !== 1) break;
      found = next[0]!.id;
      depth++;
    }
    return { ...(found !== undefined ? { found } : {}), depth };
  }

  private settle(cacheKey: string, at: At, work: () => Outcome): string | undefined {
    let outcome = this.seen.get(cacheKey);
    if (!outcome) this.seen.set(cacheKey, (outcome = work()));
    if ('id' in outcome) return outcome.id;
    outcome.problem(this.report, at);
    return undefined;
  }

  private findCategory({ text, at }: Given): Outcome {
    // A name the mapping file gives a meaning, as the cell has it or as the end of its path.
    const mapped = lookup(this.options.categories, text) ?? lookup(this.options.categories, text.split('>').at(-1)!);
    if (mapped) return { id: mapped };
    const found = this.find(text);
    if (found && 'id' in found) return found;
    if (found) return problem('ambiguous-category', { name: text, paths: found.paths });
    const names = text.trim().split(/\s*>\s*/).filter(Boolean).map((n) => n.replace(/\s+/g, ' '));
    const listed = (this.options.make?.categories ?? []).some((n) => key(n) === key(text) || key(n) === key(names.at(-1) ?? ''));
    if (!this.options.create && !listed) {
      const labels = [...this.categories.values()].flatMap((c) => [c.name, this.path(c.id)]);
      return problem('unknown-category-name', { name: text, guess: nearest(text, labels) });
    }
    // Made from the deepest category the path leads to, each name below it a new category under the one before.
    let { found: parent, depth } = this.walk(names);
    for (const name of names.slice(depth)) {
      const close = listed ? undefined : nearMiss(name, this.siteCategories);
      if (close) return problem('near-name', { kind: 'category', name, guess: close });
      const made = (this.children.get(parent) ?? []).find((c) => key(c.name) === key(name));
      if (made) {
        parent = made.id;
        continue;
      }
      const category: NewCategory = { id: this.freeCategoryId(name, parent), name, ...(parent !== undefined ? { parent } : {}), path: '', at };
      this.addCategory(category);
      category.path = this.path(category.id);
      this.newCategories.push(category);
      parent = category.id;
    }
    return { id: parent! };
  }

  /** An id of its own: the name's, else the name's with its parent's in front, else with a number. */
  private freeCategoryId(name: string, parent: string | undefined): string {
    const own = slugOf(name) || 'category';
    const candidates = [own, ...(parent !== undefined ? [`${parent}-${own}`] : [])];
    for (let n = 2; ; n++) {
      const free = candidates.find((c) => !this.categories.has(c));
      if (free) return free;
      candidates.push(`${own}-${n}`);
    }
  }

  private findBrand({ text, at }: Given, website: string | undefined): Outcome {
    const name = text.trim().replace(/\s+/g, ' ');
    const mapped = lookup(this.options.brands, name);
    if (mapped) return { id: mapped };
    const known = this.brands.get(key(name)) ?? [...this.brands.values()].find((b) => key(b.name) === key(name));
    if (known) return { id: known.id };
    const listed = (this.options.make?.brands ?? []).some((n) => key(n) === key(name));
    const site = this.siteBrands;
    if (!this.options.create && !listed) return problem('unknown-brand-name', { name, guess: nearest(name, site.map((b) => b.name)) ?? nearest(name, site.map((b) => b.id)) });
    const close = listed ? undefined : nearMiss(name, [...site.map((b) => b.name), ...site.map((b) => b.id)]);
    if (close) return problem('near-name', { kind: 'brand', name, guess: close });
    let id = slugOf(name) || 'brand';
    for (let n = 2; this.brands.has(id); n++) id = `${slugOf(name) || 'brand'}-${n}`;
    const brand: NewBrand = { id, name, ...(website ? { websiteUrl: website } : {}), at };
    this.brands.set(id, brand);
    this.newBrands.push(brand);
    return { id };
  }
}
