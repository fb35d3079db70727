// The catalogue part of loading the content (stage 6 of loadContent, load.ts): the product records,
// one file each under pages-data/records/products/, and the pages template documents make from the
// collections (pages-data/products/[id].json with "collection": "products": a page per product; the
// category and brand listings, PAGE_SIZE products a page). Node-only.
import { blockDefinitions } from '../../../schemas/blocks/index.ts';
import {
  type Collection,
  collectionKinds,
  type Crumb,
  type Entry,
  entryTokens,
  fillTokens,
  isDiscontinued,
  type ListingEntry,
  PAGE_SIZE,
  TOKEN,
  tokenNames,
} from '../../../schemas/collections.ts';
import { identityTokenNames } from '../../../schemas/identity.ts';
import type { PageDocument } from '../../../schemas/page.ts';
import type { Product } from '../../../schemas/records.ts';
import { entryRoute, isTemplateFile, parentRoute, productFile, productIdOfFile, routeOfFile } from '../../../schemas/routes.ts';
import { categoryTrail, productEntry, type RecordData, recordsOf } from '../../page/resolve.ts';
import { headingOf, type Page } from './pages.ts';
import type { Code, Params } from './problems.ts';
import type { Run } from './read.ts';
import type { RecordDocs } from './records.ts';
import { claim, type Claims } from './routes.ts';

type Path = (string | number)[];

/** A page document as the loader holds it, and for a page made from a template, the entry it shows. */
export interface CataloguePage {
  route: string;
  file: string;
  doc: PageDocument;
  entry?: Entry;
}

/** How this module reports a problem at a document's field (the run's `report`, read.ts, by file). */
type Report = <C extends Code>(file: string, path: Path, code: C, params: Params<C>) => void;

/** The template document of each collection, by collection; a second template of one collection is a problem. */
export function templatesOf(pages: Iterable<CataloguePage>, report: Report): Map<Collection, CataloguePage> {
  const templates = new Map<Collection, CataloguePage>();
  for (const page of pages) {
    const { collection } = page.doc;
    const template = isTemplateFile(page.file);
    if (template !== (collection !== undefined)) {
      report(page.file, collection ? ['collection'] : [], 'template-file', { file: page.file, template });
      continue;
    }
    if (!collection) continue;
    const other = templates.get(collection);
    if (other) report(page.file, ['collection'], 'duplicate-template', { collection, other: `pages-data/${other.file}` });
    else templates.set(collection, page);
  }
  return templates;
}

/** The route pattern of each collection's template (/products/[id]), for links to entries' pages. */
export const templateRoutes = (templates: ReadonlyMap<Collection, CataloguePage>): RecordData['templates'] =>
  Object.fromEntries([...templates].map(([c, page]) => [c, routeOfFile(page.file)]));

/**
 * Every page the templates make: one per product, and per category and brand with products as many as
 * its listing takes; each with the template's document, its {tokens} filled from the entry.
 */
export function entryPages(data: RecordData, templates: ReadonlyMap<Collection, CataloguePage>, pageTitle: (route: string) => string | undefined): CataloguePage[] {
  const records = recordsOf(data);
  const out: CataloguePage[] = [];
  const make = (template: CataloguePage, route: string, entry: Entry, titleSuffix = '') => {
    const tokens = entryTokens(entry);
    const meta = fillTokens(template.doc.meta, tokens);
    const doc = filledDocument(template.doc, tokens, { ...meta, title: meta.title + titleSuffix, description: clip(meta.description, DESCRIPTION_MAX) });
    out.push({ route, file: template.file, entry, doc });
  };

  // The pages above a template's routes that exist (/products above /products/[id]), for breadcrumbs.
  const above = (template: CataloguePage): Crumb[] => {
    const crumbs: Crumb[] = [];
    for (let up = parentRoute(routeOfFile(template.file)); up; up = parentRoute(up)) {
      const title = pageTitle(up);
      if (title) crumbs.unshift({ name: title, url: up });
    }
    return [{ name: 'Home', url: '/' }, ...crumbs];
  };

  const products = templates.get('products');
  if (products) {
    const trail = above(products);
    const route = routeOfFile(products.file);
    for (const product of data.products.values()) {
      const entry = productEntry(records, route, product, trail);
      make(products, entry.url, entry);
    }
  }

  for (const collection of ['product-categories', 'product-brands'] as const) {
    const template = templates.get(collection);
    if (!template) continue;
    const trail = above(template);
    const route = routeOfFile(template.file);
    // A category lists the products of every category under it too (D23).
    const groups = new Map<string, Product[]>();
    const tree = records.tree();
    for (const p of data.products.values()) {
      if (isDiscontinued(p) || collection !== 'product-categories') continue;
      for (const { id } of tree.path(p.category)) (groups.get(id) ?? groups.set(id, []).get(id)!).push(p);
    }
    for (const { id, name } of records.listings(collection)) {
      const all = collection === 'product-brands' ? records.productsOf(id) : groups.get(id)!;
      const pages = Math.ceil(all.length / PAGE_SIZE);
      const pageUrls = Array.from({ length: pages }, (_, i) => entryRoute(route, id, i + 1));
      // A category's breadcrumb goes through the categories above it, each by its own name.
      const above = collection === 'product-categories' ? categoryTrail(records, id).slice(0, -1) : [];
      const own = collection === 'product-categories' ? tree.path(id).at(-1)!.name : name;
      for (let page = 1; page <= pages; page++) {
        const products = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(records.summary);
        const listing: ListingEntry = { collection, id, name, total: all.length, page, pages, products, pageUrls };
        const entry: Entry = { ...listing, trail: [...trail, ...above, { name: page > 1 ? `${own}, page ${page}` : own, url: pageUrls[page - 1]! }] };
        // A later page is told apart from the first in search results and the browser tab.
        make(template, pageUrls[page - 1]!, entry, page > 1 ? ` (page ${page} of ${pages})` : '');
      }
    }
  }
  return out;
}

/**
 * A template's document for one entry: its meta as given, its blocks filled when the page is drawn, not
 * for every entry whenever the content is checked. Made out here, where the blocks' getter can hold
 * nothing but the template and the tokens: made inside entryPages, it held the loading run with it (every
 * file's text and parsed tree, to the build's end: LoadOptions.once).
 */
function filledDocument(template: PageDocument, tokens: ReturnType<typeof entryTokens>, meta: PageDocument['meta']): PageDocument {
  let blocks: PageDocument['blocks'] | undefined;
  return {
    meta,
    get blocks() {
      return (blocks ??= fillTokens(template.blocks, tokens));
    },
  };
}

/** A page description's longest (pageMeta): one filled from a long product description is cut at a word. */
const DESCRIPTION_MAX = 160;

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** A template's blocks take what its collection gives (a product block needs a product's page), and its {tokens} are ones the collection has. */
export function checkTemplate(page: CataloguePage, report: Report): void {
  const collection = page.doc.collection;
  // A template file that names no collection has its problem already (templatesOf); its blocks wait for it.
  if (!collection && isTemplateFile(page.file)) return;
  const kind = collection ? collectionKinds[collection] : undefined;
  page.doc.blocks.forEach((b, i) => {
    const needs = (blockDefinitions[b.type] as { entry?: string }).entry;
    if (needs && needs !== kind) report(page.file, ['blocks', i, 'type'], 'block-needs-entry', { type: b.type, needs: needs === 'product' ? 'a product' : 'a category or a brand' });
  });
  if (!kind) return;
  // (The company's identity tokens were filled in as the template was read: any left are misspelt.)
  const allowed = [...tokenNames[kind], ...identityTokenNames];
  const walk = (v: unknown, path: Path) => {
    if (typeof v === 'string') {
      for (const [, token] of v.matchAll(TOKEN)) if (!allowed.includes(token!)) report(page.file, path, 'unknown-token', { token: token!, allowed });
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
  };
  walk({ meta: page.doc.meta, blocks: page.doc.blocks }, []);
}

/** The file a generated page's problem is best shown at: a product's own file for its page, else the template. */
export function entryFile(page: CataloguePage): { file: string; path: Path } {
  return page.entry?.collection === 'products' ? { file: productFile(page.entry.product.id), path: ['name'] } : { file: page.file, path: ['meta', 'title'] };
}

/** The product of a product file, with its id from the file name. */
export function productOf(file: string, record: Omit<Product, 'id'> & { $schema?: string | undefined }): Product {
  const { $schema: _, ...rest } = record;
  return { id: productIdOfFile(file)!, ...rest };
}

/**
 * Stage 6, the catalogue: the pages the templates make of the collections, once the records they
 * show are known, each claiming its route. Made only when every product's brand and category is known.
 */
export function makeCataloguePages(run: Run, recs: RecordDocs, pages: Map<string, Page>, routes: Map<string, Page>, claims: Claims) {
  const { sources } = run;
  const { partners, suppliers, products, categories } = recs;
  const reportAt: Parameters<typeof templatesOf>[1] = (file, path, code, params) => run.report(sources.get(file)!, path, code, params);
  const templates = templatesOf(pages.values(), reportAt);
  for (const page of pages.values()) checkTemplate(page, reportAt);
  if (products.size > 0 && !templates.has('products')) {
    run.reportFile(`pages-data/${[...recs.productDocs.keys()][0]}`, 'missing-document', { what: 'the template page of the products (a page document named [id].json with "collection": "products", e.g. pages-data/products/[id].json)' });
  }
  const recordData: RecordData = { partners, suppliers, products, categories, templates: templateRoutes(templates) };
  const brandsKnown = recs.partnersDoc !== undefined && recs.suppliersDoc !== undefined;
  const catalogueReadable = brandsKnown && recs.categoriesDoc !== undefined && [...products.values()].every((p) => (partners.has(p.brand) || suppliers.has(p.brand)) && categories.has(p.category));
  if (catalogueReadable) {
    for (const page of entryPages(recordData, templates, (route) => headingOf(pages.get(route)?.doc))) {
      const { file } = entryFile(page);
      claim(run, claims, page.route, sources.get(file)!);
      if (claims.get(page.route) === sources.get(file)) routes.set(page.route, page);
    }
  }
  return { recordData, catalogueReadable };
}
