// Stage 5 of loading the content: the page documents, each checked against its schema, and the rules
// every page keeps (an opening block first, a call to action last, each anchor once).
import { blockTypes, type Block, type BlockType } from '../../../schemas/blocks/index.ts';
import type { Entry } from '../../../schemas/collections.ts';
import { pageDocument, type PageDocument } from '../../../schemas/page.ts';
import { isRecordFile, isTemplateFile, NOT_FOUND_ROUTE, routeOfFile } from '../../../schemas/routes.ts';
import { anchors, blockAnchors, placeOf, typesAt } from './blocks.ts';
import { checkDocument } from './document.ts';
import type { SourceFile } from './locate.ts';
import type { Report, Run } from './read.ts';
import type { Claims } from './routes.ts';

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

/**
 * A page document as its rules and references are checked: the valid document, or what can be read
 * of one that failed its schema check (blocks of an unknown type are left out, as undefined).
 */
export interface Draft {
  route: string;
  file: string;
  doc: unknown;
  title: string | undefined;
  noindex: boolean;
  blocks: (Block | undefined)[];
  anchors: string[];
}

/**
 * Stage 5, check each page document against its schema. Every page document that parses, valid or
 * not, becomes a draft whose rules and references are checked either way, so that one run reports
 * every problem instead of one hiding the next.
 */
export function checkPageDocuments(run: Run, claims: Claims): { pages: Map<string, Page>; drafts: Draft[]; routes: Map<string, Page> } {
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
export function checkPageRules(page: Draft, src: SourceFile, report: Report) {
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

/** A page's heading, as a breadcrumb names it: its opening block's title, else its meta title. */
export function headingOf(doc: PageDocument | undefined): string | undefined {
  const first = doc?.blocks[0];
  return first && 'title' in first && typeof first.title === 'string' ? first.title : doc?.meta.title;
}
