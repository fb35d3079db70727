// Loads every document under pages-data/, validates it against the zod contract, follows the
// references the schemas mark (pages, records, files under public/) and checks the rules of a page.
// The set of pages is what pages-data/ holds (schemas/routes.ts says how a file becomes a URL).
// Node-only: used by `npm run validate`, the Vite plugin (dev overlay, studio, build) and the tests.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { findNodeAtLocation, type Node, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { z } from 'zod';
import { blockDefinitions, blockTypes, type Block, type BlockType } from '../../../schemas/blocks/index.ts';
import type { Place, Records } from '../../../schemas/blocks/define.ts';
import { pageDocument, type PageDocument } from '../../../schemas/page.ts';
import { referenceOf, type ReferenceKind } from '../../../schemas/primitives.ts';
import { PLACEHOLDER_PICTURE } from '../../../schemas/slots.ts';
import { TOKEN, type Entry } from '../../../schemas/collections.ts';
import { exampleIdentity, identityTokenNames, withIdentity } from '../../../schemas/identity.ts';
import {
  type Attribute, partnersDocument, productCategoriesDocument, productDocument, suppliersDocument,
  type Partner, type Product, type ProductCategory, type Supplier,
} from '../../../schemas/records.ts';
import { redirectsDocument, type Redirect } from '../../../schemas/redirects.ts';
import {
  canonicalPath, htmlAddressOf, isBuildFile, isImportMapFile, isPattern, isRecordFile, isTemplateFile, NOT_FOUND_ROUTE, PATTERN_SEGMENT, partnerAlias, partnerIdOfRoute, productFile, productIdOfFile, RECORD_FILES,
  REDIRECTS_FILE, routeOfFile,
} from '../../../schemas/routes.ts';
import { siteDocument, type SiteDocument } from '../../../schemas/site.ts';
import { headData } from '../../lib/head.ts';
import { redirectTarget } from '../../lib/redirects.ts';
import { type RecordData, recordsOf, renderBlock } from '../../page/resolve.ts';
import type { PagePicture, RenderedBlock, ResolvedPage } from '../../page/types.ts';
import { pictureCacheDir, PictureError, type PictureFacts, pictureFacts } from '../pictures/facts.ts';
import { neededWidth, type PicturePlan, type PictureUseAt, pictureUses, planPictures, SHARE, shareKey } from '../pictures/plan.ts';
import { EVERY_SHAPE } from '../../../schemas/slots.ts';
import { MAX_EDGE } from '../pictures/upright.ts';
import { typeName as pictureTypeName } from '../pictures/sniff.ts';
import { importMap } from '../catalogue/mapping.ts';
import { checkTemplate, entryFile, entryPages, productOf, templateRoutes, templatesOf } from './catalogue.ts';
import { leavesFolder, listFolder } from './files.ts';
import { jsonSchemaFiles, schemaFileOf } from './json-schema.ts';
import { type Code, formatProblem, message, type Params, type Problem, WARNINGS } from './problems.ts';
import { type Choice, nearest, suggest } from './suggest.ts';

export { formatProblem, nearest, type Problem };

export interface Page {
  /** The route of its file: /partner/palintest for pages-data/partner/palintest.json; a page made from a template, its entry's: /products/photometer-7500 */
  route: string;
  /** Its path under pages-data/ (a template's, for a page made from it) */
  file: string;
  /** Its document; for a page made from a template, the template's with the entry's {tokens} filled in. */
  doc: PageDocument;
  /** The record a page made from a template shows (a product, a category's or a brand's listing page). */
  entry?: Entry;
}

export interface Content extends RecordData {
  site: SiteDocument;
  partners: Map<string, Partner>;
  suppliers: Map<string, Supplier>;
  /** Every product, by id (the name of its file), in the order of their ids. */
  products: Map<string, Product>;
  categories: Map<string, ProductCategory>;
  /** Every page document, by the route of its file (a template's: /products/[id]). */
  pages: Map<string, Page>;
  /** Every URL the site answers with 200, and its page: the pages' routes, the partners' short addresses and the pages templates make. */
  routes: Map<string, Page>;
  /** Every picture under public/ the content names, by its src (/images/x.jpg), as read from the file. */
  pictures: Map<string, PictureFacts>;
  /** What the build makes of the pictures (`withPicturePlan`); absent in the dev server and the studio, which show the files as they are. */
  encoded?: PicturePlan;
  /** pages-data/redirects.json: old addresses and the pages they lead to (none when the file is absent). */
  redirects: Redirect[];
}

type Path = (string | number)[];

interface SourceFile {
  rel: string; // relative to pages-data
  display: string; // relative to project root
  text: string;
  /** Built only when a problem must be located: parsing with offsets is slow. */
  readonly tree: Node | undefined;
}

function sourceFile(rel: string, display: string, text: string): SourceFile {
  let tree: Node | undefined | null = null;
  return {
    rel, display, text,
    get tree() {
      if (tree === null) tree = parseTree(text, [], { disallowComments: true, allowTrailingComma: false });
      return tree;
    },
  };
}

export interface LoadOptions {
  /**
   * Texts that stand in for files under pages-data/ (the studio's unsaved edits, or the files a move
   * would write), by path under pages-data/; null for a file taken as absent (one a move or delete removes).
   */
  overrides?: ReadonlyMap<string, string | null>;
  /**
   * Files that stand in for files under public/, by the path documents name them by (/images/x.jpg):
   * the pictures and datasheets an import would store, checked before it writes anything.
   */
  publicFiles?: ReadonlyMap<string, string>;
  /** Skip the check that schemas/*.schema.json match the zod schemas (the studio, which checks text only). */
  skipSchemaFiles?: boolean;
  /**
   * Content even with problems, of whatever passed its schema check (the dev server: a problem in one
   * document must not stop every page, and the studio's preview, from showing). Needs a valid site document.
   */
  partial?: boolean;
}

/** A parsed and schema-checked document, kept while its text is unchanged (the studio re-validates on every keystroke). */
const checked = new Map<string, { text: string; data: unknown; result: z.ZodSafeParseResult<unknown> }>();

/**
 * One run of the loader: the files it read and the problems found so far. Each stage below reads
 * it, adds its problems, and returns what the next stages need.
 */
interface Run {
  root: string;
  /** Where the file a document names under public/ (/images/x.jpg) is read from. */
  publicPath: (ref: string) => string;
  /** Every JSON file under pages-data/ (or standing in for one), by its path there, in path order. */
  sources: Map<string, SourceFile>;
  /** The files that parse as JSON, by path. */
  parsed: Map<string, unknown>;
  problems: Problem[];
  /** Problems that do not make the content invalid (problems.ts WARNINGS): reported beside it. */
  warnings: Problem[];
  /** The fields of each document its schema check failed at: references there are not followed again. */
  failedAt: Map<string, Set<string>>;
  report: Report;
  reportFile: <C extends Code>(file: string, code: C, params: Params<C>) => void;
  /** The site document, once checked: the documents checked after it take the company's identity from it. */
  identity?: SiteDocument | undefined;
}

/** The shared records, as far as their documents passed their checks (undefined where one did not). */
interface RecordDocs {
  site: SiteDocument | undefined;
  partnersDoc: z.output<typeof partnersDocument> | undefined;
  suppliersDoc: z.output<typeof suppliersDocument> | undefined;
  categoriesDoc: z.output<typeof productCategoriesDocument> | undefined;
  /** Every product file that passed its check, by path. */
  productDocs: Map<string, z.output<typeof productDocument>>;
  partners: Map<string, Partner>;
  suppliers: Map<string, Supplier>;
  products: Map<string, Product>;
  categories: Map<string, ProductCategory>;
}

/** The URLs claimed so far, each by the document that answers it. */
type Claims = Map<string, SourceFile>;

/**
 * The content of a project and every problem in it, in stages: read the files, check each record
 * document and collect the records, claim the routes, check the page documents, make the catalogue's
 * pages, check each page's rules and titles, check the references, the redirects, read the pictures
 * and check their sizes, check the JSON Schema files. Content only when there is no problem (or, with
 * `partial`, whatever passed its checks).
 */
export async function loadContent(root = process.cwd(), options: LoadOptions = {}): Promise<{ content?: Content; problems: Problem[]; warnings: Problem[] }> {
  const run = readFiles(root, options);
  const recs = collectRecords(run);
  checkSpecifications(run, recs);
  const claims = claimRoutes(run);
  const { pages, drafts, routes } = checkPageDocuments(run, claims);
  const { recordData, catalogueReadable } = makeCataloguePages(run, recs, pages, routes, claims);
  for (const draft of drafts) checkPageRules(draft, run.sources.get(draft.file)!, run.report);
  if (recs.site) checkTitles(run, recs.site, drafts, routes);
  const pictureRefs = checkReferences(run, recs, pages, drafts, routes, claims);
  const redirects = checkRedirectsDocument(run, pages, claims);
  const pictures = await readPictures(run, pictureRefs);
  if (catalogueReadable) checkPictureSizes({ pages: new Set(routes.values()), site: recs.site, sources: run.sources, pictureRefs, pictures, recordData }, run.report);
  if (catalogueReadable) checkPictureShapes({ pages: new Set(routes.values()), sources: run.sources, pictureRefs, pictures, recordData }, run.report);
  if (!options.skipSchemaFiles) checkSchemaFiles(run);
  const identityWarnings = recs.site ? exampleIdentityWarnings(run) : [];

  const { site, partners, suppliers, products, categories } = recs;
  const content = site && { ...recordData, site, partners, suppliers, products, categories, pages, routes, pictures, redirects: redirects ?? [] };
  const { problems } = run;
  const warnings = sortProblems([...run.warnings, ...identityWarnings]);
  if (problems.length > 0 || !content || !redirects) return { problems: sortProblems(problems), warnings, ...(options.partial && content && { content }) };
  return { content, problems: [], warnings };
}

/** Stage 1, read the files: every JSON file under pages-data/ (or its override), parsed; one that is not JSON is a problem. */
function readFiles(root: string, { overrides, publicFiles }: LoadOptions): Run {
  const dataDir = join(root, 'pages-data');
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const run: Run = {
    root,
    publicPath: (ref) => publicFiles?.get(ref) ?? join(root, 'public', ref),
    sources: new Map(),
    parsed: new Map(),
    problems,
    warnings,
    failedAt: new Map(),
    report: (src, path, code, params, atKey = false) => (WARNINGS.has(code) ? warnings : problems).push(locate(src, path, code, message(code, params), atKey)),
    reportFile: (file, code, params) => problems.push({ file, line: 1, column: 1, path: '', code, message: message(code, params) }),
  };
  const listed = listFolder(dataDir);
  // Links out of pages-data/ and public/ are never read through (the build would publish what they lead to).
  for (const [folder, { outside }] of [['pages-data', listed], ['public', listFolder(join(root, 'public'))]] as const) {
    for (const { path, target } of outside) run.reportFile(`${folder}/${path}`, 'outside-link', { folder, target });
  }
  const files = new Set([...listed.files.filter(isJson), ...(overrides?.keys() ?? [])]);
  for (const [rel, text] of overrides ?? []) if (text === null) files.delete(rel);
  for (const rel of [...files].sort()) {
    const display = `pages-data/${rel}`;
    const text = overrides?.get(rel) ?? readIfThere(join(dataDir, rel));
    if (text === undefined) continue; // deleted since it was listed (a checkout in another window): not there
    const src = sourceFile(rel, display, text);
    run.sources.set(rel, src);
    try {
      run.parsed.set(rel, JSON.parse(text));
    } catch {
      // jsonc-parser says where; only its first error, the later ones are echoes of it.
      const errors: ParseError[] = [];
      parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
      const e = errors[0];
      problems.push(at(src, e?.offset ?? 0, '', 'malformed-json', message('malformed-json', { detail: e ? describeParseError(e) : 'not a JSON document' })));
    }
  }
  return run;
}

/**
 * Stage 2, check a document: its `$schema` link, its placeholders and its schema. The valid
 * document, or undefined when it does not parse or fails its schema (with its problems reported).
 */
function checkDocument<S extends z.ZodType>(run: Run, rel: string, schema: S): z.output<S> | undefined {
  const schemaFile = schemaFileOf(rel);
  const src = run.sources.get(rel);
  const data = run.parsed.get(rel);
  if (!src || data === undefined) return undefined;
  const want = schemaRef(rel, schemaFile);
  const given = data && typeof data === 'object' ? (data as { $schema?: unknown }).$schema : undefined;
  if (given !== want) run.report(src, ['$schema'], 'schema-link', { expected: want, received: show(given) });
  if (src.text.includes(PLACEHOLDER) || src.text.includes(PLACEHOLDER_PICTURE)) for (const [path, text] of placeholders(data)) run.report(src, path, 'placeholder', { text: show(text) });
  const key = `${schemaFile} ${rel}`;
  let hit = checked.get(key);
  if (hit?.text !== src.text) checked.set(key, (hit = { text: src.text, data, result: schema.safeParse(data, { reportInput: true }) }));
  if (!hit.result.success) {
    const found = hit.result.error.issues.flatMap((issue) => issueProblems(src, schema, data, issue));
    run.problems.push(...found);
    run.failedAt.set(rel, new Set(found.map((p) => p.path)));
    return undefined;
  }
  return withOwnIdentity(src, hit.result.data, rel === RECORD_FILES.site ? (hit.result.data as SiteDocument) : run.identity, run.report) as z.output<S>;
}

/** Stage 3, collect the records: the site document, partners, suppliers, categories and products, each checked; an id twice is a problem. */
function collectRecords(run: Run): RecordDocs {
  const { sources } = run;
  for (const [what, rel] of Object.entries(RECORD_FILES)) {
    if (!sources.has(rel)) run.reportFile(`pages-data/${rel}`, 'missing-document', { what: `the ${what} file pages-data/${rel}` });
  }
  const site = (run.identity = checkDocument(run, RECORD_FILES.site, siteDocument));
  const partnersDoc = checkDocument(run, RECORD_FILES.partners, partnersDocument);
  const suppliersDoc = checkDocument(run, RECORD_FILES.suppliers, suppliersDocument);
  const categoriesDoc = checkDocument(run, RECORD_FILES.categories, productCategoriesDocument);
  const productDocs = new Map<string, z.output<typeof productDocument>>();
  for (const rel of sources.keys()) {
    if (!productIdOfFile(rel)) continue;
    const doc = checkDocument(run, rel, productDocument);
    if (doc) productDocs.set(rel, doc);
  }
  const products = new Map([...productDocs].map(([rel, doc]) => [productIdOfFile(rel)!, productOf(rel, doc)]));
  const byId = <T extends { id: string }>(list: readonly T[] | undefined, rel: string, key: string, what: string) => {
    const out = new Map<string, T>();
    list?.forEach((r, i) => {
      if (out.has(r.id)) run.report(sources.get(rel)!, [key, i, 'id'], 'duplicate-id', { what, id: r.id });
      out.set(r.id, r);
    });
    return out;
  };
  const categories = byId(categoriesDoc?.categories, RECORD_FILES.categories, 'categories', 'product category');
  const partners = byId(partnersDoc?.partners, RECORD_FILES.partners, 'partners', 'partner');
  const suppliers = byId(suppliersDoc?.suppliers, RECORD_FILES.suppliers, 'suppliers', 'supplier');
  return { site, partnersDoc, suppliersDoc, categoriesDoc, productDocs, partners, suppliers, products, categories };
}

/**
 * Stage 3b, the specification values: each names an attribute of its product's category, once, with
 * a value of the attribute's type and its unit; a category's attributes are well formed; a product
 * replaced by another is discontinued.
 */
function checkSpecifications(run: Run, recs: RecordDocs) {
  const categoriesFile = run.sources.get(RECORD_FILES.categories);
  recs.categoriesDoc?.categories.forEach((c, i) => {
    const seen = new Set<string>();
    c.attributes?.forEach((a, j) => {
      const at: Path = ['categories', i, 'attributes', j];
      if (seen.has(a.name)) run.report(categoriesFile!, [...at, 'name'], 'duplicate-attribute', { name: a.name });
      seen.add(a.name);
      if (a.type === 'choice' && !a.choices) run.report(categoriesFile!, at, 'attribute-definition', { name: a.name, detail: 'a choice lists its "choices"' });
      if (a.type !== 'choice' && a.choices) run.report(categoriesFile!, [...at, 'choices'], 'attribute-definition', { name: a.name, detail: `a ${a.type} attribute has no "choices"` });
      if (a.type !== 'number' && a.unit) run.report(categoriesFile!, [...at, 'unit'], 'attribute-definition', { name: a.name, detail: `a ${a.type} attribute has no "unit"` });
    });
  });
  // Every product file that parses, valid or not, so that one run reports these with its other problems.
  for (const [rel, src] of run.sources) {
    const doc = productIdOfFile(rel) ? (run.parsed.get(rel) as { category?: unknown; specifications?: unknown; status?: unknown; replacedBy?: unknown } | undefined) : undefined;
    if (!doc || typeof doc !== 'object') continue;
    const failed = run.failedAt.get(rel);
    if (typeof doc.replacedBy === 'string' && !failed?.has('replacedBy')) {
      if (doc.replacedBy === productIdOfFile(rel)) run.report(src, ['replacedBy'], 'replaced-by-itself', {});
      else if (doc.status !== 'discontinued') run.report(src, ['replacedBy'], 'replaced-not-discontinued', { id: doc.replacedBy });
    }
    const category = typeof doc.category === 'string' ? recs.categories.get(doc.category) : undefined;
    if (!category || !Array.isArray(doc.specifications)) continue; // an unknown category is reported as such
    const attributes = category.attributes ?? [];
    const given = new Set<string>();
    doc.specifications.forEach((v: unknown, i) => {
      const at: Path = ['specifications', i];
      // A line of text, or a value its schema refused (reported already).
      if (!v || typeof v !== 'object' || failed?.has(fieldPath(at)) || [...(failed ?? [])].some((f) => f.startsWith(`${fieldPath(at)}.`))) return;
      const { name, value, unit } = v as { name: string; value: string | number; unit?: string };
      const attribute = attributes.find((a) => a.name === name);
      if (!attribute) {
        const known = attributes.map((a) => a.name);
        return run.report(src, [...at, 'name'], 'unknown-attribute', { name, category: category.id, guess: nearest(name, known), known });
      }
      if (given.has(name)) run.report(src, [...at, 'name'], 'duplicate-attribute', { name });
      given.add(name);
      const wrong = valueProblem(attribute, value);
      if (wrong) run.report(src, [...at, 'value'], 'attribute-type', { name, expected: wrong, received: show(value) });
      if ((attribute.unit ?? '') !== (unit ?? '')) {
        run.report(src, [...at, unit === undefined ? 'value' : 'unit'], 'attribute-unit', { name, expected: attribute.unit ? `"${attribute.unit}"` : 'none', received: unit ? `"${unit}"` : 'none' });
      }
    });
  }
}

/** What an attribute expects, when a value is not that: undefined when the value fits. */
export function valueProblem(attribute: Attribute, value: string | number): string | undefined {
  if (attribute.type === 'number') return typeof value === 'number' ? undefined : `a number${attribute.unit ? ` in ${attribute.unit}` : ''}`;
  if (typeof value !== 'string') return 'text';
  if (attribute.type === 'choice' && attribute.choices && !attribute.choices.includes(value)) return `one of ${attribute.choices.map((c) => `"${c}"`).join(', ')}`;
  return undefined;
}

/** A URL for a document; a URL claimed twice is a problem at the second. */
function claim(run: Run, claims: Claims, url: string, src: SourceFile) {
  const other = claims.get(url);
  if (other) run.reportFile(src.display, 'route-collision', { url, other: other.display });
  else claims.set(url, src);
}

/**
 * Stage 4, claim the routes: one per page document, and a short address per partner page. Claimed
 * before any document is checked, so links resolve whatever the state of the page they point at.
 */
function claimRoutes(run: Run): Claims {
  const claims: Claims = new Map();
  for (const [rel, src] of run.sources) {
    if (rel === RECORD_FILES.site || rel === REDIRECTS_FILE) continue;
    if (isRecordFile(rel)) {
      if (!(Object.values(RECORD_FILES) as string[]).includes(rel) && !productIdOfFile(rel) && !isImportMapFile(rel)) run.reportFile(src.display, 'unknown-record-file', {});
      continue;
    }
    // A template's own route (/products/[id]) is no address: its entries' pages are claimed later.
    if (!isTemplateFile(rel)) claim(run, claims, routeOfFile(rel), src);
  }
  const folders = new Set([...claims.keys()].flatMap((url) => url.split('/').slice(1, -1).map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}`)));
  for (const [url, src] of [...claims]) {
    const id = partnerIdOfRoute(url);
    if (!id) continue;
    const alias = partnerAlias(id);
    if (folders.has(alias) && !claims.has(alias)) {
      run.reportFile(src.display, 'route-collision', { url: alias, other: `the folder pages-data${alias}/` });
    } else claim(run, claims, alias, src);
  }
  if (!claims.has(NOT_FOUND_ROUTE)) run.reportFile('pages-data/404.json', 'missing-document', { what: `the not-found page pages-data/404.json` });
  return claims;
}

/**
 * Stage 5, check each page document against its schema. Every page document that parses, valid or
 * not, becomes a draft whose rules and references are checked either way, so that one run reports
 * every problem instead of one hiding the next.
 */
function checkPageDocuments(run: Run, claims: Claims): { pages: Map<string, Page>; drafts: Draft[]; routes: Map<string, Page> } {
  const pages = new Map<string, Page>();
  const drafts: Draft[] = [];
  for (const [rel, src] of run.sources) {
    if (isRecordFile(rel) || (!isTemplateFile(rel) && claims.get(routeOfFile(rel)) !== src)) continue;
    const doc = checkDocument(run, rel, pageDocument);
    if (doc) pages.set(routeOfFile(rel), { route: routeOfFile(rel), file: rel, doc });
    if (run.parsed.has(rel)) drafts.push(draftOf(routeOfFile(rel), rel, doc ?? run.parsed.get(rel)));
  }
  const routes = new Map<string, Page>();
  for (const [url, src] of claims) {
    const page = pages.get(routeOfFile(src.rel));
    if (page) routes.set(url, page);
  }
  return { pages, drafts, routes };
}

/**
 * Stage 6, the catalogue: the pages the templates make of the collections, once the records they
 * show are known, each claiming its route. Made only when every product's brand and category is known.
 */
function makeCataloguePages(run: Run, recs: RecordDocs, pages: Map<string, Page>, routes: Map<string, Page>, claims: Claims) {
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

/**
 * Stage 7, the titles as the page's head writes them, with the site's suffix; the home page's is the
 * site's default title. A placeholder title has its own problem. A page a template makes is shown at
 * the record's file (its name makes the title).
 */
function checkTitles(run: Run, site: SiteDocument, drafts: readonly Draft[], routes: ReadonlyMap<string, Page>) {
  const titles = [
    ...drafts.filter((d) => !isTemplateFile(d.file)).map((d) => ({ route: d.route, title: d.title, at: { file: d.file, path: ['meta', 'title'] as Path } })),
    ...[...routes.values()].filter((p) => p.entry).map((p) => ({ route: p.route, title: p.doc.meta.title, at: entryFile(p) })),
  ];
  for (const { route, title: own, at } of titles) {
    if (own === undefined) continue;
    const canonical = canonicalPath(route);
    const { title } = headData(site, { title: own, description: '', keywords: [] }, canonical);
    const length = [...title].length;
    if (length <= MAX_TITLE || title.includes(PLACEHOLDER)) continue;
    const [src, path] = canonical === '/' ? [run.sources.get(RECORD_FILES.site)!, ['seo', 'defaultTitle']] : [run.sources.get(at.file)!, at.path];
    run.report(src, path, 'long-title', { title, length, maximum: MAX_TITLE });
  }
}

/** A field that names a picture under public/. */
interface PictureRef {
  src: SourceFile;
  path: Path;
  ref: string;
}

/**
 * Stage 8, check the references: what the schemas mark as pointing at a page, a record or a file, in
 * every document that parses; and the rules between records (suppliers and their products, a partner
 * page and its partner). Returns the fields that name a picture under public/, to be read next.
 */
function checkReferences(run: Run, recs: RecordDocs, pages: ReadonlyMap<string, Page>, drafts: readonly Draft[], routes: ReadonlyMap<string, Page>, claims: Claims): PictureRef[] {
  const { sources, parsed, report } = run;
  const { partnersDoc, suppliersDoc, categoriesDoc, categories } = recs;
  const anchorsOfFile = new Map(drafts.map((d) => [d.file, d.anchors]));
  // A page a template makes has its anchors read when a link names one (a catalogue has thousands).
  const entryAnchors = new Map<string, string[]>();
  const anchorsOf = (url: string) => {
    const page = routes.get(url);
    if (!page?.entry) return anchorsOfFile.get(claims.get(url)?.rel ?? '');
    if (!entryAnchors.has(url)) entryAnchors.set(url, anchors(page.doc.blocks));
    return entryAnchors.get(url);
  };
  const allUrls = [...claims.keys()];
  // Files under public/, each looked up once however many documents name it (a catalogue's pictures).
  const found = new Map<string, boolean>();
  // (A file reached through a link out of public/ counts as missing: it is reported as that link.)
  const publicFile = (ref: string) => found.get(ref) ?? found.set(ref, !leavesFolder(join(run.root, 'public'), ref.slice(1)) && isFile(run.publicPath(ref))).get(ref)!;
  // Pictures under public/ are read for their size once every reference is known, all at once.
  const pictureRefs: PictureRef[] = [];
  // Ids a reference may name: from the raw records when their document failed its check, so that
  // a problem in one record does not hide the unknown ids named elsewhere.
  const idsOf = (rel: string, key: string) =>
    new Set(((parsed.get(rel) as Record<string, unknown> | undefined)?.[key] as { id?: unknown }[] | undefined ?? []).flatMap((r) => (r && typeof r.id === 'string' ? [r.id] : [])));
  const partnerIds = partnersDoc ? new Set(recs.partners.keys()) : idsOf(RECORD_FILES.partners, 'partners');
  const supplierIds = suppliersDoc ? new Set(recs.suppliers.keys()) : idsOf(RECORD_FILES.suppliers, 'suppliers');
  const follow = (src: SourceFile, schema: z.ZodType, value: unknown) =>
    walkReferences(schema, value, [], (kind, ref, path) => {
      // A value its schema refused has its problem already.
      if (run.failedAt.get(src.rel)?.has(fieldPath(path))) return;
      if (kind === 'page') {
        const [url = '', anchor] = ref.split('#');
        if (!claims.has(url)) return report(src, path, 'unknown-page', { to: ref, guess: nearest(url, allUrls) });
        const known = anchor ? anchorsOf(url) : undefined;
        if (anchor && known && !known.includes(anchor)) report(src, path, 'unknown-anchor', { to: ref, anchor, anchors: known });
      } else if (kind === 'partner') {
        if (partnerIds.size > 0 && !partnerIds.has(ref)) report(src, path, 'unknown-partner', { id: ref, guess: nearest(ref, [...partnerIds]) });
      } else if (kind === 'supplier') {
        if (supplierIds.size > 0 && !supplierIds.has(ref)) report(src, path, 'unknown-supplier', { id: ref, guess: nearest(ref, [...supplierIds]) });
      } else if (kind === 'brand') {
        if ((partnerIds.size > 0 || supplierIds.size > 0) && !partnerIds.has(ref) && !supplierIds.has(ref)) report(src, path, 'unknown-brand', { id: ref, guess: nearest(ref, [...partnerIds, ...supplierIds]) });
      } else if (kind === 'category') {
        if (categoriesDoc && !categories.has(ref)) report(src, path, 'unknown-category', { id: ref, guess: nearest(ref, [...categories.keys()]), known: [...categories.keys()] });
      } else if (kind === 'product') {
        // Any product file counts, valid or not: its own problems are reported at it.
        if (!sources.has(productFile(ref))) report(src, path, 'unknown-product', { id: ref, guess: nearest(ref, [...sources.keys()].flatMap((f) => productIdOfFile(f) ?? [])) });
      } else if (ref.startsWith('/') && !publicFile(ref)) {
        report(src, path, 'missing-file', { path: ref });
      } else if (kind === 'picture' && ref.startsWith('/')) {
        pictureRefs.push({ src, path, ref });
      }
    });
  for (const [rel, schema] of [[RECORD_FILES.site, siteDocument], [RECORD_FILES.partners, partnersDocument], [RECORD_FILES.suppliers, suppliersDocument]] as const) {
    if (parsed.has(rel)) follow(sources.get(rel)!, schema, parsed.get(rel));
  }
  for (const rel of sources.keys()) if (productIdOfFile(rel) && parsed.has(rel)) follow(sources.get(rel)!, productDocument, parsed.get(rel));
  // The import's kept mappings (src/node/catalogue/mapping.ts): the categories and brands they name exist.
  for (const rel of sources.keys()) {
    if (!isImportMapFile(rel)) continue;
    checkDocument(run, rel, importMap);
    if (parsed.has(rel)) follow(sources.get(rel)!, importMap, parsed.get(rel));
  }
  // (Only once every product file reads: a broken one has its own problem, and may be the supplier's product.)
  const everyProductRead = [...sources.keys()].filter((f) => productIdOfFile(f)).length === recs.productDocs.size;
  if (suppliersDoc && everyProductRead) checkSuppliers(suppliersDoc.suppliers, recs.products, pages.values(), sources, report);
  for (const draft of drafts) {
    const src = sources.get(draft.file)!;
    follow(src, pageDocument, draft.doc);
    const id = partnerIdOfRoute(draft.route);
    const first = draft.blocks[0];
    if (id && draft.blocks.length > 0 && (first?.type !== 'partner-profile' || first.partner !== id)) {
      report(src, first?.type === 'partner-profile' ? ['blocks', 0, 'partner'] : ['blocks', 0], 'partner-page-mismatch', { id });
    }
  }
  return pictureRefs;
}

/** Stage 9, the redirects document: its schema, then its own rules (checkRedirects). Undefined when it fails its schema. */
function checkRedirectsDocument(run: Run, pages: ReadonlyMap<string, Page>, claims: Claims): Redirect[] | undefined {
  const redirects = run.sources.has(REDIRECTS_FILE) ? checkDocument(run, REDIRECTS_FILE, redirectsDocument)?.redirects : [];
  // A redirect leads to a page, or (a pattern) to a template page, which stands for every address under its prefix.
  const targets = new Set([...claims.keys(), ...[...pages.values()].filter((p) => isTemplateFile(p.file)).map((p) => p.route)]);
  if (run.parsed.has(REDIRECTS_FILE)) checkRedirects(run.root, run.sources.get(REDIRECTS_FILE)!, run.parsed.get(REDIRECTS_FILE), claims, targets, run.failedAt.get(REDIRECTS_FILE), run.report);
  return redirects;
}

/** Stage 10, read the pictures: each picture file named once, all at once; one that cannot be published is a problem at every field that names it. */
async function readPictures(run: Run, pictureRefs: readonly PictureRef[]): Promise<Map<string, PictureFacts>> {
  const pictures = new Map<string, PictureFacts>();
  const read = new Map<string, Promise<PictureFacts | Error>>();
  for (const { ref } of pictureRefs) if (!read.has(ref)) read.set(ref, Promise.resolve(run.publicPath(ref)).then((file) => pictureFacts(file, pictureCacheDir(run.root))).catch((err: Error) => err));
  for (const { src, path, ref } of pictureRefs) {
    const facts = await read.get(ref)!;
    if (facts instanceof Error) reportPictureFault(src, path, ref, facts, run.report);
    else pictures.set(ref, facts);
  }
  return pictures;
}

/** Stage 12, the JSON Schema files editors read (schemas/*.schema.json) match the zod schemas. */
function checkSchemaFiles(run: Run) {
  for (const { file, json } of jsonSchemaFiles()) {
    const path = join(run.root, 'schemas', file);
    if (readIfThere(path) !== json) run.reportFile(`schemas/${file}`, 'stale-json-schema', {});
  }
}

/**
 * Stage 13, the warnings: the fields of the site document that still hold the shipped example company's
 * values (D1), which a production build would publish as the company's. Warnings only, since the
 * example itself is built and tested as it is. SITE_URL, where it names a real site, stands for the url.
 */
function exampleIdentityWarnings(run: Run): Problem[] {
  const overridden = process.env.SITE_URL && exampleIdentity(process.env.SITE_URL).length === 0;
  return exampleIdentity(run.parsed.get(RECORD_FILES.site))
    .filter(({ path }) => !(overridden && path.join('.') === 'url'))
    .map(({ path, value }) => locate(run.sources.get(RECORD_FILES.site)!, path, 'example-identity', message('example-identity', { value: show(value) })));
}

/** A page's heading, as a breadcrumb names it: its opening block's title, else its meta title. */
export function headingOf(doc: PageDocument | undefined): string | undefined {
  const first = doc?.blocks[0];
  return first && 'title' in first && typeof first.title === 'string' ? first.title : doc?.meta.title;
}

/** A supplier features its own products, and one shown in a supplier grid has products to show, a logo and a description. */
function checkSuppliers(list: readonly Supplier[], products: ReadonlyMap<string, Product>, pages: Iterable<Page>, sources: ReadonlyMap<string, SourceFile>, report: Report) {
  const src = sources.get(RECORD_FILES.suppliers)!;
  const brands = new Set([...products.values()].map((p) => p.brand));
  list.forEach((s, i) =>
    s.featured?.forEach((id, j) => {
      const brand = products.get(id)?.brand;
      if (brand !== undefined && brand !== s.id) report(src, ['suppliers', i, 'featured', j], 'featured-elsewhere', { id, brand, supplier: s.id });
    }),
  );
  for (const page of pages) {
    page.doc.blocks.forEach((b, i) => {
      if (b.type !== 'supplier-grid') return;
      b.suppliers.forEach((id, j) => {
        const supplier = list.find((s) => s.id === id);
        if (!brands.has(id) && supplier) report(sources.get(page.file)!, ['blocks', i, 'suppliers', j], 'supplier-without-products', { id });
        // A brand an import made is its id and name: a grid's card needs more.
        const missing = supplier ? (['logo', 'description'] as const).filter((k) => !supplier[k]) : [];
        if (missing.length > 0) report(sources.get(page.file)!, ['blocks', i, 'suppliers', j], 'supplier-incomplete', { id, missing });
      });
    });
  }
}

type Report = <C extends Code>(src: SourceFile, path: Path, code: C, params: Params<C>, atKey?: boolean) => void;

function reportPictureFault(src: SourceFile, path: Path, ref: string, err: Error, report: Report) {
  const fault = err instanceof PictureError ? err.fault : { kind: 'unreadable' as const, detail: err.message };
  // Deleted since it was found (a checkout in another window): missing, as it would have been a moment later.
  if ((err as NodeJS.ErrnoException).code === 'ENOENT') report(src, path, 'missing-file', { path: ref });
  else if (fault.kind === 'heic') report(src, path, 'heic-picture', { path: ref });
  else if (fault.kind === 'type-mismatch') report(src, path, 'picture-type-mismatch', { path: ref, actual: pictureTypeName[fault.actual], expected: pictureTypeName[fault.expected] });
  else if (fault.kind === 'too-large') report(src, path, 'picture-too-large', { path: ref, detail: fault.detail });
  else report(src, path, 'unreadable-picture', { path: ref, detail: fault.detail });
}

/**
 * Stage 11, the pictures' sizes. A raster picture narrower than its slot at twice the pixel density is
 * served at its own size: a warning where it is at least as wide as its slot (sharp on plain screens),
 * an error where it is narrower (blurred everywhere). Reported at each field that names it for that
 * slot (in the page, or in the record the block shows). A share image needs SHARE's size. Pages whose records do not resolve were reported already.
 */
function checkPictureSizes(
  c: { pages: Set<Page>; site: SiteDocument | undefined; sources: Map<string, SourceFile>; pictureRefs: readonly PictureRef[]; pictures: Map<string, PictureFacts>; recordData: RecordData },
  report: Report,
) {
  const raster = (src: string) => {
    const f = c.pictures.get(src);
    return f && f.type !== 'svg' ? f : undefined;
  };
  // Each field once, at the widest place it is drawn.
  const worst = new Map<string, { at: { src: SourceFile; path: Path }; params: Params<'picture-too-small'> }>();
  // Only a raster picture narrower than the widest any slot needs can be too small anywhere. A page a
  // template makes is drawn only where its own product's picture is one of those: the cards of other
  // products (related, listings) need less than a product's own page does, which reports them.
  const small = new Set([...c.pictures].filter(([, f]) => f.type !== 'svg' && f.width < MAX_EDGE).map(([src]) => src));
  for (const page of c.pages.values()) {
    if (small.size === 0) break;
    if (page.entry && !(page.entry.collection === 'products' && small.has(page.entry.product.image?.src ?? ''))) continue;
    const file = c.sources.get(page.file)!;
    let blocks: RenderedBlock[];
    try {
      const records = recordsOf(c.recordData, page.entry);
      blocks = page.doc.blocks.map((b) => renderBlock(b, records));
    } catch {
      continue;
    }
    for (const use of pictureUses(blocks)) {
      const facts = raster(use.src);
      const needed = neededWidth(use.slot);
      if (!facts || facts.width >= needed) continue;
      for (const r of fieldsNaming(c.pictureRefs, file, use)) {
        const key = `${r.src.rel} ${r.path.join('.')}`;
        if ((worst.get(key)?.params.drawn ?? 0) < use.slot.width) worst.set(key, { at: r, params: { path: use.src, width: facts.width, drawn: use.slot.width, needed } });
      }
    }
  }
  // Too small for its place at 1x is an error; large enough at 1x only, a warning: it is served at the sizes it has.
  for (const { at, params } of worst.values()) report(at.src, at.path, params.width < params.drawn ? 'picture-too-small' : 'picture-small', params);
  const shares: [SourceFile | undefined, Path, string][] = [
    [c.sources.get(RECORD_FILES.site), ['seo', 'shareImage', 'src'], c.site?.seo.shareImage.src ?? ''],
    ...[...c.pages].filter((p) => !p.entry).map((p): [SourceFile | undefined, Path, string] => [c.sources.get(p.file), ['meta', 'image', 'src'], p.doc.meta.image?.src ?? '']),
  ];
  for (const [src, path, ref] of shares) {
    const facts = raster(ref);
    if (src && facts && (facts.width < SHARE.width || facts.height < SHARE.height)) {
      report(src, path, 'share-picture-too-small', { path: ref, width: facts.width, height: facts.height, minWidth: SHARE.width, minHeight: SHARE.height });
    }
  }
}

/** The fields that name the picture of `use` on the page in `file`: in its block, else in the records the block shows. */
function fieldsNaming(refs: readonly PictureRef[], file: SourceFile, use: PictureUseAt) {
  const inPage = refs.filter((r) => r.src === file && r.path[0] === 'blocks' && r.path[1] === use.block && r.ref === use.src);
  return inPage.length ? inPage : refs.filter((r) => isRecordFile(r.src.rel) && r.ref === use.src);
}

/**
 * A raster picture far from the shape of the place a block draws it in (a 2560 × 1 px hero slide) is
 * cropped to a sliver or squeezed to a line: reported at each field that names it there, once per field.
 * Only pictures outside the range every place takes are looked for (the site's own SVG drawings are
 * made for their places); a page a template makes, only where its own product's picture is one of them.
 */
function checkPictureShapes(
  c: { pages: Set<Page>; sources: Map<string, SourceFile>; pictureRefs: readonly PictureRef[]; pictures: Map<string, PictureFacts>; recordData: RecordData },
  report: Report,
) {
  const ratio = (f: PictureFacts) => f.width / f.height;
  const odd = new Set([...c.pictures].filter(([, f]) => f.type !== 'svg' && (ratio(f) < EVERY_SHAPE.min || ratio(f) > EVERY_SHAPE.max)).map(([src]) => src));
  if (odd.size === 0) return;
  const seen = new Set<string>();
  for (const page of c.pages) {
    if (page.entry && !(page.entry.collection === 'products' && odd.has(page.entry.product.image?.src ?? ''))) continue;
    let blocks: RenderedBlock[];
    try {
      blocks = page.doc.blocks.map((b) => renderBlock(b, recordsOf(c.recordData, page.entry)));
    } catch {
      continue;
    }
    for (const use of pictureUses(blocks)) {
      const facts = odd.has(use.src) ? c.pictures.get(use.src)! : undefined;
      const { shape } = use.slot;
      if (!facts || (ratio(facts) >= shape.min && ratio(facts) <= shape.max)) continue;
      for (const r of fieldsNaming(c.pictureRefs, c.sources.get(page.file)!, use)) {
        const key = `${r.src.rel} ${r.path.join('.')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        report(r.src, r.path, 'picture-shape', { path: use.src, width: facts.width, height: facts.height, place: shape.name, min: shape.min, max: shape.max });
      }
    }
  }
}

/**
 * The redirects document's own rules, on whatever of it reads (D17): a redirect leaves from an address
 * nothing serves (no page, no file under public/, no file the build writes, not a page's old .html
 * address, which leads to the page), leads to a page other than the not-found page in one step, and
 * each address has one.
 */
function checkRedirects(
  root: string,
  src: SourceFile,
  data: unknown,
  claims: ReadonlyMap<string, SourceFile>,
  targets: ReadonlySet<string>,
  refused: ReadonlySet<string> | undefined,
  report: Report,
) {
  const list = (data as { redirects?: unknown } | null)?.redirects;
  const rules = (Array.isArray(list) ? list : []).map((r: unknown, i) => {
    const { from, to } = (r && typeof r === 'object' ? r : {}) as { from?: unknown; to?: unknown };
    const ok = (key: string, v: unknown): v is string => typeof v === 'string' && !refused?.has(fieldPath(['redirects', i, key]));
    return { i, from: ok('from', from) ? from : undefined, to: ok('to', to) ? to : undefined };
  });
  const urls = [...claims.keys()];
  const seen = new Set<string>();
  for (const { i, from, to } of rules) {
    if (from !== undefined) {
      const served = claims.has(from) ? from : isPattern(from) ? urls.find((u) => redirectTarget([{ from, to: from }], u) !== undefined) : undefined;
      const html = htmlAddressOf(from);
      if (served !== undefined) report(src, ['redirects', i, 'from'], 'redirect-from-page', { from, by: claims.get(served)!.display });
      else if (!isPattern(from) && isFile(join(root, 'public', from))) report(src, ['redirects', i, 'from'], 'redirect-from-page', { from, by: `the file public${from}` });
      else if (isBuildFile(isPattern(from) ? from.slice(0, -`/${PATTERN_SEGMENT}`.length) : from)) report(src, ['redirects', i, 'from'], 'redirect-from-build-file', { from });
      else if (html !== undefined && claims.has(html)) report(src, ['redirects', i, 'from'], 'redirect-from-html-address', { from, page: html });
      if (seen.has(from)) report(src, ['redirects', i, 'from'], 'duplicate-redirect', { from });
      seen.add(from);
    }
    if (to === NOT_FOUND_ROUTE) report(src, ['redirects', i, 'to'], 'redirect-to-not-found', { to });
    if (to === undefined || targets.has(to)) continue;
    const next = rules.find((r) => r.from === to && r.to !== undefined);
    if (next) report(src, ['redirects', i, 'to'], 'redirect-chain', { to, next: next.to! });
    else report(src, ['redirects', i, 'to'], 'redirect-to-nowhere', { to, guess: nearest(to, urls) });
  }
}

/** Characters of a page title search results show. */
const MAX_TITLE = 70;

const placeOf = (type: BlockType): Place => blockDefinitions[type].place;
const typesAt = (place: Place) => blockTypes.filter((t) => placeOf(t) === place);

/**
 * A page document as its rules and references are checked: the valid document, or what can be read
 * of one that failed its schema check (blocks of an unknown type are left out, as undefined).
 */
interface Draft {
  route: string;
  file: string;
  doc: unknown;
  title: string | undefined;
  noindex: boolean;
  blocks: (Block | undefined)[];
  anchors: string[];
}

function draftOf(route: string, file: string, doc: unknown): Draft {
  const raw = (doc && typeof doc === 'object' ? doc : {}) as { meta?: { title?: unknown; noindex?: unknown }; blocks?: unknown };
  const blocks = (Array.isArray(raw.blocks) ? raw.blocks : []).map((b: unknown) =>
    b && typeof b === 'object' && blockTypes.includes((b as { type: BlockType }).type) ? (b as Block) : undefined,
  );
  const title = raw.meta?.title;
  // A meta that is not there has its own problem: not also not-found-indexed.
  const noindex = raw.meta && typeof raw.meta === 'object' ? raw.meta.noindex === true : true;
  return { route, file, doc, title: typeof title === 'string' ? title : undefined, noindex, blocks, anchors: anchors(blocks) };
}

/** The shape every page shares: one opening block (its h1) first, a call to action last, unique anchors. */
function checkPageRules(page: Draft, src: SourceFile, report: Report) {
  const { blocks } = page;
  blocks.forEach((b, i) => {
    if (!b) return;
    const place = placeOf(b.type);
    if (i === 0 && place !== 'opening') report(src, ['blocks', 0, 'type'], 'page-opening', { opening: typesAt('opening'), received: b.type });
    if (i > 0 && place === 'opening') report(src, ['blocks', i, 'type'], 'second-heading', { type: b.type });
    if (place === 'closing' && i < blocks.length - 1) report(src, ['blocks', i, 'type'], 'misplaced-closing', { type: b.type });
  });
  const last = blocks[blocks.length - 1];
  if (page.route !== NOT_FOUND_ROUTE && last && placeOf(last.type) !== 'closing') {
    report(src, ['blocks', blocks.length - 1, 'type'], 'page-closing', { closing: typesAt('closing') });
  }
  if (page.route === NOT_FOUND_ROUTE && !page.noindex) report(src, ['meta'], 'not-found-indexed', {});
  const seen = new Set<string>();
  blocks.forEach((b, i) => {
    for (const anchor of b ? blockAnchors(b) : []) {
      if (seen.has(anchor)) report(src, ['blocks', i, 'id'], 'duplicate-anchor', { anchor });
      seen.add(anchor);
    }
  });
}

/** A block's anchors; none while it is too broken to say (a document that failed its schema check). */
function blockAnchors(b: Block): string[] {
  try {
    return blockDefinitions[b.type].anchors(b as never).filter((a) => typeof a === 'string');
  } catch {
    return [];
  }
}

/** The anchors of a page's blocks: what /page#anchor may name. */
export function anchors(blocks: readonly (Block | undefined)[]): string[] {
  return blocks.flatMap((b) => (b ? blockAnchors(b) : []));
}

/**
 * A document with the company's identity filled into its texts ({company}, {email}...: schemas/identity.ts),
 * from the site document (the site document itself from itself). A {word} close to one of those is a
 * misspelt token, a problem; any other is text as written ("{x}"). In a template page every {word} is
 * a token, its entries' or the identity's (catalogue.ts checks those).
 */
function withOwnIdentity<T>(src: SourceFile, doc: T, site: SiteDocument | undefined, report: Report): T {
  if (!site || !/\{[A-Za-z]+\}/.test(src.text)) return doc;
  const filled = withIdentity(doc, site);
  if (!isTemplateFile(src.rel)) {
    for (const [path, token] of tokensIn(filled)) if (nearest(token, identityTokenNames)) report(src, path, 'unknown-token', { token, allowed: identityTokenNames });
  }
  return filled;
}

function tokensIn(value: unknown, path: Path = []): [Path, string][] {
  if (typeof value === 'string') return [...value.matchAll(TOKEN)].map((m): [Path, string] => [path, m[1]!]);
  if (Array.isArray(value)) return value.flatMap((v, i) => tokensIn(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => tokensIn(v, [...path, k]));
  return [];
}

/** Text a scaffold leaves for the author to replace (npm run new-page). */
export const PLACEHOLDER = 'TODO:';

function placeholders(value: unknown, path: Path = []): [Path, string][] {
  if (typeof value === 'string') return value.includes(PLACEHOLDER) || value === PLACEHOLDER_PICTURE ? [[path, value]] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => placeholders(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => placeholders(v, [...path, k]));
  return [];
}

type ZodDef = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  discriminator?: string;
  getter?: () => z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { def: ZodDef }).def;

/** The option of a union that a value takes: by its discriminator, else the first that accepts it. */
function unionOption(def: ZodDef, value: unknown): z.ZodType | undefined {
  if (def.discriminator) {
    const want = value && typeof value === 'object' ? (value as Record<string, unknown>)[def.discriminator] : undefined;
    return def.options?.find((o) => (defOf(o).shape?.[def.discriminator!] as unknown as { value?: unknown } | undefined)?.value === want);
  }
  return def.options?.find((o) => o.safeParse(value).success);
}

/** Calls `found` for every value that a schema marks as a reference (schemas/primitives.ts). */
export function walkReferences(schema: z.ZodType, value: unknown, path: Path, found: (kind: ReferenceKind, value: string, path: Path) => void): void {
  const kind = referenceOf(schema);
  if (kind && typeof value === 'string') return found(kind, value, path);
  const def = defOf(schema);
  if (def.innerType) return walkReferences(def.innerType, value, path, found);
  if (def.type === 'pipe' && def.in) return walkReferences(def.in, value, path, found);
  if (def.type === 'lazy' && def.getter) return walkReferences(def.getter(), value, path, found);
  if (def.type === 'union') {
    const option = unionOption(def, value);
    return option ? walkReferences(option, value, path, found) : undefined;
  }
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    return value.forEach((v, i) => walkReferences(def.element!, v, [...path, i], found));
  }
  if (def.type === 'object' && def.shape && value && typeof value === 'object') {
    for (const [key, s] of Object.entries(def.shape)) {
      if (key in value) walkReferences(s, (value as Record<string, unknown>)[key], [...path, key], found);
    }
  }
  if (def.type === 'record' && def.valueType && value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) walkReferences(def.valueType, v, [...path, key], found);
  }
}

/** The site document as built: SITE_URL (D1) overrides the canonical address for previews. */
export function builtSite(site: SiteDocument): SiteDocument {
  const url = process.env.SITE_URL;
  if (!url) return site;
  const origin = siteDocument.shape.url.safeParse(url);
  if (!origin.success) {
    throw new Error(
      `SITE_URL=${url} is not the site's address: SITE_URL takes an origin, https:// and the host with no path and no trailing slash, e.g. SITE_URL=https://www.example.co.ke (here: expected ${origin.error.issues[0]?.message ?? 'an origin'})`,
    );
  }
  return { ...site, url: origin.data };
}

/** Every page of the site once, at the route of its page (a partner page not again at its short address), templates' pages included. */
export const sitePages = (content: Pick<Content, 'routes'>): Page[] => [...content.routes].filter(([url, page]) => url === page.route).map(([, page]) => page);

/** The records as the block definitions see them, on a page (a page made from a template sees its entry); the validator has checked every id. */
export const records = (content: Content, page?: Page): Records => recordsOf(content, page?.entry);

/** What the browser receives for one page: its meta, each block with the records it shows, and the pictures they show. */
export function resolvePage(content: Content, page: Page): ResolvedPage {
  const r = records(content, page);
  const blocks = page.doc.blocks.map((block) => renderBlock(block, r));
  const share = content.encoded?.shares.get(shareKey(page.doc.meta.image ?? content.site.seo.shareImage));
  return {
    route: page.route, canonical: canonicalPath(page.route), meta: page.doc.meta, blocks, pictures: pagePictures(content, blocks),
    ...(share ? { share: share.path } : {}),
  };
}

/**
 * The pictures a page's blocks show (each block definition's `pictures`), by src: the size read from
 * the file, the `sizes` of the slot it is drawn in (of the widest, where a page shows it twice) and,
 * in a build, the files encoded for it. The opening block's first picture is the page's priority.
 * Remote pictures are not measured and not listed.
 */
function pagePictures(content: Content, blocks: readonly RenderedBlock[]): Record<string, PagePicture> {
  const out: Record<string, PagePicture> = {};
  const widest = new Map<string, number>();
  const uses = pictureUses(blocks);
  for (const { src, slot } of uses) {
    const facts = content.pictures.get(src);
    if (!facts || (widest.get(src) ?? 0) >= slot.width) continue;
    widest.set(src, slot.width);
    const encoded = content.encoded?.pictures.get(src);
    out[src] = { width: facts.width, height: facts.height, sizes: slot.sizes, ...(encoded ? { encoded: { base: encoded.base, widths: encoded.widths } } : {}) };
  }
  const first = uses[0];
  if (first?.block === 0 && out[first.src]) out[first.src]!.priority = true;
  return out;
}

/** The content with the build's picture plan: every page it resolves then names the encoded files (`npm run build` only). */
export function withPicturePlan(content: Content): Content {
  // A page a template makes adds nothing to the plan unless its own product's picture is a raster one:
  // the other products' cards on it (related, listings) are drawn smaller than on their own pages.
  const raster = (src: string) => (content.pictures.get(src)?.type ?? 'svg') !== 'svg';
  const pages = [...new Set(content.routes.values())].filter((p) => !p.entry || (p.entry.collection === 'products' && raster(p.entry.product.image?.src ?? '')));
  const uses = pages.flatMap((p) => {
    const r = records(content, p);
    return pictureUses(p.doc.blocks.map((b) => renderBlock(b, r)));
  });
  const shareImages = [content.site.seo.shareImage, ...pages.flatMap((p) => (p.doc.meta.image ? [p.doc.meta.image] : []))];
  return { ...content, encoded: planPictures(uses, shareImages, content.pictures) };
}

function issueProblems(src: SourceFile, schema: z.ZodType, data: unknown, issue: z.core.$ZodIssue): Problem[] {
  const path = issue.path as Path;
  const received = valueAt(data, path);
  const problem = <C extends Code>(code: C, params: Params<C>, p: Path = path, atKey = false) => locate(src, p, code, message(code, params), atKey);
  switch (issue.code) {
    case 'unrecognized_keys': {
      const allowed = objectKeysAt(schema, path, data);
      return issue.keys.map((key) => problem('unknown-key', { key, guess: nearest(key, allowed), allowed }, [...path, key], true));
    }
    case 'invalid_union': {
      const disc = (issue as { discriminator?: string }).discriminator;
      if (disc) {
        // The issue's path ends at the discriminator in zod 4.6; say where the union is, and point at the value.
        const at = path[path.length - 1] === disc ? path : [...path, disc];
        const value = valueAt(data, at);
        const choices = unionChoices(schema, at.slice(0, -1), data, disc);
        const guess = typeof value === 'string' ? suggest(value, choices) : undefined;
        if (disc !== 'type') return [problem('unknown-option', { field: disc, received: show(value), expected: choices.map((c) => c.value), guess }, at)];
        // A page's blocks: the types that may stand at this place (the opening block first; the editor offers the same).
        const here = at[at.length - 2] === 0 ? typesAt('opening') : [...typesAt('body'), ...typesAt('closing')];
        return [problem('unknown-block-type', { received: show(value), expected: here, guess }, at)];
      }
      // A plain union: the problems of the option that came closest (fewest problems).
      const errors = (issue as { errors?: z.core.$ZodIssue[][] }).errors ?? [];
      const closest = [...errors].sort((a, b) => a.length - b.length)[0];
      if (closest?.length) return closest.flatMap((i) => issueProblems(src, schema, data, { ...i, path: [...path, ...i.path] } as z.core.$ZodIssue));
      return [problem('invalid-value', { detail: issue.message })];
    }
    case 'invalid_type':
      if (received === undefined) return [problem('missing-field', { key: String(path[path.length - 1]), expected: issue.expected })];
      return [problem('wrong-type', { expected: issue.expected, type: typeName(received), received: show(received) })];
    case 'invalid_value': {
      const expected = issue.values.map((v) => String(v));
      return [problem('not-allowed', { received: show(received), expected, guess: typeof received === 'string' ? nearest(received, expected) : undefined })];
    }
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const limit = Number(small ? (issue as { minimum: number | bigint }).minimum : (issue as { maximum: number | bigint }).maximum);
      if (typeof received === 'string') return [small ? problem('too-short', { minimum: limit, length: received.trim().length }) : problem('too-long', { maximum: limit, length: received.trim().length })];
      if (Array.isArray(received)) return [small ? problem('too-few', { minimum: limit, count: received.length }) : problem('too-many', { maximum: limit, count: received.length })];
      return [problem('out-of-range', { detail: `${small ? 'at least' : 'at most'} ${limit} (received ${show(received)})` })];
    }
    case 'invalid_format':
      return [problem('bad-format', { expected: issue.message, received: show(received) })];
    case 'custom': {
      const code = (issue.params as { code?: Code } | undefined)?.code;
      if (code === 'unsafe-url' || code === 'alt-text' || code === 'bad-format' || code === 'picture-path' || code === 'opening-hours') return [problem(code, { expected: issue.message, received: show(received) })];
      return [problem('bad-format', { expected: issue.message, received: show(received) })];
    }
    default:
      return [problem('invalid-value', { detail: `${issue.message.replace(/^Invalid input: /, '')}${received !== undefined && typeof received !== 'object' ? ` (received ${show(received)})` : ''}` })];
  }
}

/** The schema at a path of the data, following unions by the data (or stopping at a union at the end). */
function schemaAt(schema: z.ZodType, path: Path, data: unknown, keepUnion = false): z.ZodType | undefined {
  let s: z.ZodType | undefined = schema;
  let d: unknown = data;
  const unwrap = (t: z.ZodType | undefined, last: boolean): z.ZodType | undefined => {
    let cur = t;
    for (let i = 0; i < 10 && cur; i++) {
      const def = defOf(cur);
      if (def.innerType) cur = def.innerType;
      else if (def.type === 'pipe') cur = def.in;
      else if (def.type === 'union' && !(keepUnion && last)) cur = unionOption(def, d) ?? (def.discriminator ? undefined : def.options?.[0]);
      else return cur;
    }
    return cur;
  };
  for (const key of path) {
    s = unwrap(s, false);
    if (!s) return undefined;
    const def = defOf(s);
    if (def.type === 'array') s = def.element;
    else if (def.type === 'object') s = def.shape?.[key as string];
    else return undefined;
    d = d && typeof d === 'object' ? (d as Record<string | number, unknown>)[key] : undefined;
  }
  return unwrap(s, true);
}

/** The allowed keys of the object schema at a path. */
function objectKeysAt(schema: z.ZodType, path: Path, data: unknown): string[] {
  const at = schemaAt(schema, path, data);
  const def = at && defOf(at);
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

/** The values a discriminated union at a path accepts for its discriminator (a block's types, an action's kinds), each with its branch. */
function unionChoices(schema: z.ZodType, path: Path, data: unknown, disc: string): Choice[] {
  const union = schemaAt(schema, path, data, true);
  return (union ? defOf(union).options ?? [] : []).map((o) => ({ value: String((defOf(o).shape?.[disc] as unknown as { value?: unknown } | undefined)?.value), schema: o }));
}

function locate(src: SourceFile, path: Path, code: Code, text: string, atKey = false): Problem {
  let node: Node | undefined;
  let found: Path = path;
  for (let n = path.length; n >= 0; n--) {
    node = src.tree ? findNodeAtLocation(src.tree, path.slice(0, n)) : undefined;
    if (node) {
      found = path.slice(0, n);
      break;
    }
  }
  // Point at the key of a property (where the author types), not its value.
  const offset = node && (atKey || found.length < path.length) ? keyOffset(node) : node?.offset ?? 0;
  return at(src, offset, fieldPath(path), code, text);
}

function keyOffset(node: Node): number {
  const prop = node.parent;
  return prop?.type === 'property' ? prop.offset : node.offset;
}

function at(src: SourceFile, offset: number, path: string, code: Code, text: string): Problem {
  const before = src.text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return { file: src.display, line, column, path, code, message: text };
}

export function fieldPath(path: Path): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}

function valueAt(data: unknown, path: Path): unknown {
  let cur = data;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[k];
  }
  return cur;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A file's text; undefined when it is not there (any more). */
function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

const isJson = (file: string) => file.endsWith('.json');

/** Every JSON file under pages-data/, by its path there. */
export const contentFiles = (root = process.cwd()) => listFolder(join(root, 'pages-data')).files.filter(isJson);

/** The `$schema` a document at `rel` names: its schema file by a relative path. */
export function schemaRef(rel: string, schemaFile: string): string {
  return `${'../'.repeat(rel.split('/').length)}schemas/${schemaFile}`;
}

function describeParseError(e: ParseError): string {
  const code = printParseErrorCode(e.error);
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

function typeName(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

function show(v: unknown): string {
  if (v === undefined) return 'nothing';
  const s = JSON.stringify(v);
  return s.length > 60 ? s.slice(0, 57) + '...' : s;
}

function sortProblems(list: Problem[]): Problem[] {
  return list.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}
