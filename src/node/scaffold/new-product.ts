// npm run new-product -- nitrate-test-kit --brand lovibond --category field-test-kits: writes a new
// product record, pages-data/records/products/<id>.json, with its $schema, its brand and category,
// and TODO placeholders that fail `npm run validate` (code `placeholder`) until the author writes the
// real text. Its page, from the products template, answers once the placeholders are gone.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { slug } from '../../../schemas/primitives.ts';
import { PLACEHOLDER_PICTURE } from '../../../schemas/slots.ts';
import { partnersDocument, productCategoriesDocument, suppliersDocument } from '../../../schemas/records.ts';
import { productFile, RECORD_FILES, routeOfFile, routeOfRecord } from '../../../schemas/routes.ts';
import { PLACEHOLDER } from '../content/document.ts';
import { contentFiles } from '../content/read.ts';

const readJson = (root: string, rel: string): unknown => {
  try {
    return JSON.parse(readFileSync(join(root, 'pages-data', rel), 'utf8'));
  } catch {
    return undefined;
  }
};

/** Writes the record; returns its file and the route its page will have. */
export function newProduct(root: string, id: string, brand: string | undefined, category: string | undefined): { file: string; route?: string } {
  if (!slug.safeParse(id).success) throw new Error(`${id}: a product's id is lowercase words joined by hyphens, e.g. nitrate-test-kit (it names its file and its page)`);
  const file = productFile(id);
  if (existsSync(join(root, 'pages-data', file))) throw new Error(`pages-data/${file} exists already`);
  const brands = [
    ...(partnersDocument.safeParse(readJson(root, RECORD_FILES.partners)).data?.partners ?? []),
    ...(suppliersDocument.safeParse(readJson(root, RECORD_FILES.suppliers)).data?.suppliers ?? []),
  ].map((b) => b.id);
  const categories = (productCategoriesDocument.safeParse(readJson(root, RECORD_FILES.categories)).data?.categories ?? []).map((c) => c.id);
  if (!brand || !brands.includes(brand)) throw new Error(`--brand ${brand ?? '(missing)'}: the brand is a partner or supplier id: ${[...new Set(brands)].sort().join(', ')}`);
  if (!category || !categories.includes(category)) {
    throw new Error(`--category ${category ?? '(missing)'}: the category is one of pages-data/${RECORD_FILES.categories} (add a new one there first): ${categories.join(', ')}`);
  }
  const doc = {
    $schema: '../../../schemas/product.schema.json',
    name: `${PLACEHOLDER} the product's name as its maker gives it`,
    brand,
    category,
    model: `${PLACEHOLDER} the model or part number buyers quote by (remove the line if there is none)`,
    description: `${PLACEHOLDER} what it does, in a sentence or two`,
    // The stand-in picture is a placeholder too: validate reports it until the product's own is named.
    image: { src: PLACEHOLDER_PICTURE, alt: `${PLACEHOLDER} what the picture shows (put the product's picture under public/images/products/ and write its path in src)` },
    specifications: [`${PLACEHOLDER} a specification (one line each)`],
    applications: [`${PLACEHOLDER} where it is used (one line each)`],
    price: 'Contact for pricing',
  };
  writeFileSync(join(root, 'pages-data', file), JSON.stringify(doc, null, 2) + '\n');
  // The page: from the products template, wherever it is.
  const template = contentFiles(root).find((f) => /\[[a-z]+\]\.json$/.test(f) && (readJson(root, f) as { collection?: string } | undefined)?.collection === 'products');
  const route = template ? routeOfRecord(file, { products: routeOfFile(template) }) : undefined;
  return { file: `pages-data/${file}`, ...(route ? { route } : {}) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const id = args.find((a, i) => !a.startsWith('--') && !['--brand', '--category'].includes(args[i - 1] ?? ''));
  if (!id) {
    console.error('usage: npm run new-product -- nitrate-test-kit --brand lovibond --category field-test-kits');
    process.exit(2);
  }
  try {
    const { file, route } = newProduct(process.cwd(), id, option('--brand'), option('--category'));
    console.log(`wrote ${file}${route ? `: its page will be ${route}` : ''}.\nReplace its ${PLACEHOLDER} placeholders (npm run validate lists each at its line), then npm run dev to see the page.`);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
