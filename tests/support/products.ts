// Generated product records for the tests and benchmarks that grow the catalogue: in a scratch copy only,
// never in the working tree. Each is one of the shipped products' texts and picture under one of the
// brands, with a name (the first two words of the shipped one's, a series and its number) and a model
// number of its own, so a search can tell them apart. Optionally, as a lab supplier's range is shaped
// (D22, D23): packs with order codes of their own, and a tree of categories under departments.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Scratch } from './scratch';

const DIR = 'pages-data/records/products';
const CATEGORIES = 'pages-data/records/product-categories.json';
const SERIES = ['Lab', 'Field', 'Pro', 'Compact', 'Plus', 'Max', 'Eco', 'Duo'];
const DEPARTMENTS = ['Laboratory Equipment', 'Water Testing', 'Glassware', 'Plasticware', 'Chemicals', 'Reagents', 'Microbiology', 'Safety', 'Weighing', 'Microscopy', 'Filtration', 'Cold Chain'];
const FAMILIES = ['Beakers', 'Flasks', 'Kits', 'Meters', 'Tablets', 'Strips', 'Incubators', 'Probes', 'Standards', 'Accessories', 'Spares', 'Consumables'];
const PACKS = ['25 g', '100 g', '500 g', '1 kg', '5 kg'];

export interface Generated {
  id: string;
  name: string;
  model: string;
  /** Its packs' order codes, where it has packs. */
  codes: string[];
}

export interface Shape {
  /** Packs per product, each with an order code (D22). */
  packs?: number;
  /** A category tree (D23): this many top-level departments, and this many categories in all. */
  tree?: { departments: number; categories: number };
}

/** The categories of a tree: departments, each with families under it that take a shipped category's attributes; names repeat across departments. */
function addTree(scratch: Scratch, { departments, categories }: NonNullable<Shape['tree']>): Map<string, string[]> {
  const doc = JSON.parse(scratch.read(CATEGORIES)) as { categories: { id: string; name: string; parent?: string; attributes?: unknown[] }[] };
  const shipped = [...doc.categories];
  // Leaves by the shipped category whose attributes they take: a product goes to a leaf of its own category's kind.
  const leaves = new Map<string, string[]>(shipped.map((c) => [c.id, []]));
  const roots = Array.from({ length: departments }, (_, d) => ({ id: `dept-${d + 1}`, name: `${DEPARTMENTS[d % DEPARTMENTS.length]}${d >= DEPARTMENTS.length ? ` ${d + 1}` : ''}` }));
  doc.categories.push(...roots);
  for (let i = 0; i < categories - departments; i++) {
    const root = roots[i % departments]!;
    const kind = shipped[i % shipped.length]!;
    const id = `${root.id}-family-${i + 1}`;
    doc.categories.push({ id, name: `${FAMILIES[Math.floor(i / departments) % FAMILIES.length]} ${Math.floor(i / (departments * FAMILIES.length)) + 1}`, parent: root.id, ...(kind.attributes ? { attributes: kind.attributes } : {}) });
    leaves.get(kind.id)!.push(id);
  }
  scratch.write(CATEGORIES, JSON.stringify(doc, null, 2) + '\n');
  return leaves;
}

export function addProducts(scratch: Scratch, count: number, shape: Shape = {}): Generated[] {
  const shipped = readdirSync(join(scratch.dir, DIR)).map((f) => JSON.parse(scratch.read(`${DIR}/${f}`)) as Record<string, unknown> & { name: string; category: string });
  const brands = [
    ...(JSON.parse(scratch.read('pages-data/records/partners.json')) as { partners: { id: string }[] }).partners,
    ...(JSON.parse(scratch.read('pages-data/records/suppliers.json')) as { suppliers: { id: string }[] }).suppliers,
  ].map((b) => b.id);
  const leaves = shape.tree ? addTree(scratch, shape.tree) : undefined;
  const made: Generated[] = [];
  for (let i = 1; i <= count; i++) {
    const { datasheet: _, ...base } = shipped[i % shipped.length]!;
    const brand = brands[i % brands.length]!;
    const model = `${brand.slice(0, 2).toUpperCase()}${String(100_000 + i * 7).slice(1)}`;
    const name = `${base.name.split(' ').slice(0, 2).join(' ')} ${SERIES[i % SERIES.length]} ${i}`;
    const kinds = leaves?.get(base.category);
    const category = kinds?.length ? kinds[i % kinds.length]! : base.category;
    const packs = Array.from({ length: shape.packs ?? 0 }, (_, p) => ({ code: `${model}-${p + 1}`, label: PACKS[p % PACKS.length]! }));
    const product: Generated = { id: `bench-${String(i).padStart(5, '0')}`, name, model, codes: packs.map((p) => p.code) };
    scratch.write(`${DIR}/${product.id}.json`, JSON.stringify({ ...base, name, brand, category, model, ...(packs.length ? { packs } : {}) }, null, 2) + '\n');
    made.push(product);
  }
  return made;
}
