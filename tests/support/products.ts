// Generated product records for the tests and benchmarks that grow the catalogue: in a scratch copy only,
// never in the working tree. Each is one of the shipped products' texts and picture under one of the
// brands, with a name (the first two words of the shipped one's, a series and its number) and a model
// number of its own, so a search can tell them apart.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Scratch } from './scratch';

const DIR = 'pages-data/records/products';
const SERIES = ['Lab', 'Field', 'Pro', 'Compact', 'Plus', 'Max', 'Eco', 'Duo'];

export interface Generated {
  id: string;
  name: string;
  model: string;
}

export function addProducts(scratch: Scratch, count: number): Generated[] {
  const shipped = readdirSync(join(scratch.dir, DIR)).map((f) => JSON.parse(scratch.read(`${DIR}/${f}`)) as Record<string, unknown> & { name: string });
  const brands = [
    ...(JSON.parse(scratch.read('pages-data/records/partners.json')) as { partners: { id: string }[] }).partners,
    ...(JSON.parse(scratch.read('pages-data/records/suppliers.json')) as { suppliers: { id: string }[] }).suppliers,
  ].map((b) => b.id);
  const made: Generated[] = [];
  for (let i = 1; i <= count; i++) {
    const { datasheet: _, ...base } = shipped[i % shipped.length]!;
    const brand = brands[i % brands.length]!;
    const product = { id: `bench-${String(i).padStart(5, '0')}`, name: `${base.name.split(' ').slice(0, 2).join(' ')} ${SERIES[i % SERIES.length]} ${i}`, model: `${brand.slice(0, 2).toUpperCase()}${String(100_000 + i * 7).slice(1)}` };
    scratch.write(`${DIR}/${product.id}.json`, JSON.stringify({ ...base, name: product.name, brand, model: product.model }, null, 2) + '\n');
    made.push(product);
  }
  return made;
}
