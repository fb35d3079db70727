// The product categories as a tree (D23): a category may name a parent (a department, a family), to any
// depth. Validate refuses a parent that does not exist and a loop (src/node/content); this reads any
// set of categories without looping, so that content with problems (the dev server's) still shows. No
// zod here: the browser imports it.
import type { ProductCategory } from './records.ts';

/** How a category's path is written: "Glassware > Beakers" (as WooCommerce's sheets write it too). */
export const PATH_SEPARATOR = ' > ';

export interface CategoryTree {
  /** The categories from the top of its tree down to this one, itself last. */
  path(id: string): ProductCategory[];
  /** The categories directly under one (under none: the top-level ones, the departments), by name. */
  children(id?: string): ProductCategory[];
  /** Its id and the ids of every category under it. */
  within(id: string): string[];
  /** How menus and search name it: its name, or its path where another category has the same name. */
  label(id: string): string;
}

export function categoryTree(categories: ReadonlyMap<string, ProductCategory>): CategoryTree {
  const children = new Map<string | undefined, ProductCategory[]>();
  for (const c of categories.values()) {
    const parent = c.parent !== undefined && categories.has(c.parent) ? c.parent : undefined;
    (children.get(parent) ?? children.set(parent, []).get(parent)!).push(c);
  }
  for (const list of children.values()) list.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const path = (id: string): ProductCategory[] => {
    const out: ProductCategory[] = [];
    // A loop is validate's problem: stop where it closes.
    for (let c = categories.get(id); c && !out.includes(c); c = c.parent === undefined ? undefined : categories.get(c.parent)) out.unshift(c);
    return out;
  };
  const named = new Map<string, number>();
  for (const c of categories.values()) named.set(c.name.toLowerCase(), (named.get(c.name.toLowerCase()) ?? 0) + 1);
  const within = (id: string): string[] => {
    const out: string[] = [];
    const visit = (c: string) => {
      if (out.includes(c)) return;
      out.push(c);
      for (const child of children.get(c) ?? []) visit(child.id);
    };
    visit(id);
    return out;
  };
  return {
    path,
    children: (id) => children.get(id) ?? [],
    within,
    label: (id) => {
      const c = categories.get(id);
      if (!c) return id;
      return (named.get(c.name.toLowerCase()) ?? 0) > 1 ? path(id).map((p) => p.name).join(PATH_SEPARATOR) : c.name;
    },
  };
}

/** The parent a category's `parent` leads back to itself through, if any: the loop validate refuses. */
export function loopThrough(categories: ReadonlyMap<string, Pick<ProductCategory, 'parent'>>, id: string): string[] | undefined {
  const seen: string[] = [id];
  for (let next = categories.get(id)?.parent; next !== undefined; next = categories.get(next)?.parent) {
    if (next === id) return [...seen, id];
    if (seen.includes(next)) return undefined; // a loop further up, reported at its own categories
    seen.push(next);
  }
  return undefined;
}
