// Loads every document under pages-data/, validates it against the zod contract, follows the
// references the schemas mark (pages, records, files under public/) and checks the rules of a page.
// The set of pages is what pages-data/ holds (schemas/routes.ts says how a file becomes a URL).
// Node-only: used by `npm run validate`, the Vite plugin (dev overlay, studio, build) and the tests.
// Each stage is a module of this folder, named for what it does; loadContent runs them in order.
import type { Partner, Product, ProductCategory, Supplier } from '../../../schemas/records.ts';
import type { Redirect } from '../../../schemas/redirects.ts';
import type { SiteDocument } from '../../../schemas/site.ts';
import type { RecordData } from '../../page/resolve.ts';
import type { PictureFacts } from '../pictures/facts.ts';
import type { PicturePlan } from '../pictures/plan.ts';
import { makeCataloguePages } from './catalogue.ts';
import { exampleIdentityWarnings } from './identity.ts';
import { checkPageDocuments, checkPageRules, type Page } from './pages.ts';
import { checkPictureShapes, checkPictureSizes, readPictures } from './pictures.ts';
import { formatProblem, type Problem } from './problems.ts';
import { checkRange } from './range.ts';
import { readFiles } from './read.ts';
import { collectRecords } from './records.ts';
import { checkRedirectsDocument } from './redirects.ts';
import { checkReferences } from './references.ts';
import { claimRoutes } from './routes.ts';
import { checkSchemaFiles } from './schema-files.ts';
import { checkSpecifications } from './specifications.ts';
import { nearest } from './suggest.ts';
import { checkTitles } from './titles.ts';

export { formatProblem, nearest, type Problem };
// Re-exported for the tests, which import them from here.
export { anchors } from './blocks.ts';
export { type Page } from './pages.ts';
export { contentFiles } from './read.ts';
export { walkReferences } from './references.ts';
export { builtSite, records, resolvePage, sitePages, withPicturePlan } from './resolve.ts';

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
  /**
   * The process loads the content this once (npm run build, validate): no document's verdict is kept
   * for a later load, as the dev server and the studio keep them (document.ts). Kept, the verdicts held
   * every file's text and parsed tree for the whole build: at 10,000 products the heap after loading
   * was 86 MB, 57 MB without them (and without the run the catalogue's pages held: catalogue.ts).
   */
  once?: boolean;
  /** Skip the check that schemas/*.schema.json match the zod schemas (the studio, which checks text only). */
  skipSchemaFiles?: boolean;
  /**
   * Content even with problems, of whatever passed its schema check (the dev server: a problem in one
   * document must not stop every page, and the studio's preview, from showing). Needs a valid site document.
   */
  partial?: boolean;
}

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
  checkRange(run, recs);
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

function sortProblems(list: Problem[]): Problem[] {
  return list.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}
