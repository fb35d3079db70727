// Loads every document under pages-data/, validates it against the zod contract, follows the
// references the schemas mark (pages, records, files under public/) and checks the rules of a page.
// The set of pages is what pages-data/ holds (schemas/routes.ts says how a file becomes a URL).
// Node-only: used by `npm run validate`, the Vite plugin (dev overlay, studio, build) and the tests.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { findNodeAtLocation, type Node, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { z } from 'zod';
import { blockDefinitions, blockTypes, type Block, type BlockType } from '../../../schemas/blocks/index.ts';
import type { Place, Records } from '../../../schemas/blocks/define.ts';
import { pageDocument, type PageDocument } from '../../../schemas/page.ts';
import { referenceOf, type ReferenceKind } from '../../../schemas/primitives.ts';
import { partnersDocument, suppliersDocument, type Partner, type Supplier } from '../../../schemas/records.ts';
import { canonicalPath, isRecordFile, NOT_FOUND_ROUTE, partnerAlias, partnerIdOfRoute, RECORD_FILES, routeOfFile } from '../../../schemas/routes.ts';
import { siteDocument, type SiteDocument } from '../../../schemas/site.ts';
import { headData } from '../../lib/head.ts';
import { recordsOf, renderBlock } from '../../page/resolve.ts';
import type { PagePicture, RenderedBlock, ResolvedPage } from '../../page/types.ts';
import { type PictureFacts, pictureFacts } from '../pictures/facts.ts';
import { jsonSchemaFiles, schemaFileOf } from './json-schema.ts';
import { type Code, formatProblem, message, type Params, type Problem } from './problems.ts';

export { formatProblem, type Problem };

export interface Page {
  /** The route of its file: /partner/palintest for pages-data/partner/palintest.json */
  route: string;
  /** Its path under pages-data/ */
  file: string;
  doc: PageDocument;
}

export interface Content {
  site: SiteDocument;
  partners: Map<string, Partner>;
  suppliers: Map<string, Supplier>;
  /** Every page document, by the route of its file. */
  pages: Map<string, Page>;
  /** Every URL the site answers with 200, and its page: the pages' routes and the partners' short addresses. */
  routes: Map<string, Page>;
  /** Every picture under public/ the content names, by its src (/images/x.jpg), as read from the file. */
  pictures: Map<string, PictureFacts>;
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
  /** Texts that stand in for files under pages-data/ (the studio's unsaved edits), by path under pages-data/. */
  overrides?: ReadonlyMap<string, string>;
  /** Skip the check that schemas/*.schema.json match the zod schemas (the studio, which checks text only). */
  skipSchemaFiles?: boolean;
}

/** A parsed and schema-checked document, kept while its text is unchanged (the studio re-validates on every keystroke). */
const checked = new Map<string, { text: string; data: unknown; result: z.ZodSafeParseResult<unknown> }>();

export async function loadContent(root = process.cwd(), options: LoadOptions = {}): Promise<{ content?: Content; problems: Problem[] }> {
  const dataDir = join(root, 'pages-data');
  const problems: Problem[] = [];
  const report = <C extends Code>(src: SourceFile, path: Path, code: C, params: Params<C>, atKey = false) =>
    problems.push(locate(src, path, code, message(code, params), atKey));
  const reportFile = <C extends Code>(file: string, code: C, params: Params<C>) =>
    problems.push({ file, line: 1, column: 1, path: '', code, message: message(code, params) });

  const sources = new Map<string, SourceFile>();
  const parsed = new Map<string, unknown>();
  const files = new Set([...listJson(dataDir), ...(options.overrides?.keys() ?? [])]);
  for (const rel of [...files].sort()) {
    const display = `pages-data/${rel}`;
    const text = options.overrides?.get(rel) ?? readFileSync(join(dataDir, rel), 'utf8');
    const src = sourceFile(rel, display, text);
    sources.set(rel, src);
    try {
      parsed.set(rel, JSON.parse(text));
    } catch {
      // jsonc-parser says where; only its first error, the later ones are echoes of it.
      const errors: ParseError[] = [];
      parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
      const e = errors[0];
      problems.push(at(src, e?.offset ?? 0, '', 'malformed-json', message('malformed-json', { detail: e ? describeParseError(e) : 'not a JSON document' })));
    }
  }

  const check = <S extends z.ZodType>(rel: string, schema: S): z.output<S> | undefined => {
    const schemaFile = schemaFileOf(rel);
    const src = sources.get(rel);
    const data = parsed.get(rel);
    if (!src || data === undefined) return undefined;
    const want = schemaRef(rel, schemaFile);
    const given = data && typeof data === 'object' ? (data as { $schema?: unknown }).$schema : undefined;
    if (given !== want) report(src, ['$schema'], 'schema-link', { expected: want, received: show(given) });
    for (const [path, text] of placeholders(data)) report(src, path, 'placeholder', { text: show(text) });
    const key = `${schemaFile} ${rel}`;
    let hit = checked.get(key);
    if (hit?.text !== src.text) checked.set(key, (hit = { text: src.text, data, result: schema.safeParse(data, { reportInput: true }) }));
    if (!hit.result.success) {
      for (const issue of hit.result.error.issues) problems.push(...issueProblems(src, schema, data, issue));
      return undefined;
    }
    return hit.result.data as z.output<S>;
  };

  for (const [what, rel] of Object.entries(RECORD_FILES)) {
    if (!sources.has(rel)) reportFile(`pages-data/${rel}`, 'missing-document', { what: `the ${what} file pages-data/${rel}` });
  }
  const site = check(RECORD_FILES.site, siteDocument);
  const partnersDoc = check(RECORD_FILES.partners, partnersDocument);
  const suppliersDoc = check(RECORD_FILES.suppliers, suppliersDocument);

  const partners = new Map<string, Partner>();
  partnersDoc?.partners.forEach((p, i) => {
    if (partners.has(p.id)) report(sources.get(RECORD_FILES.partners)!, ['partners', i, 'id'], 'duplicate-id', { what: 'partner', id: p.id });
    partners.set(p.id, p);
  });
  const suppliers = new Map<string, Supplier>();
  suppliersDoc?.suppliers.forEach((s, i) => {
    if (suppliers.has(s.id)) report(sources.get(RECORD_FILES.suppliers)!, ['suppliers', i, 'id'], 'duplicate-id', { what: 'supplier', id: s.id });
    suppliers.set(s.id, s);
  });

  // The URLs: one per page document, and a short address per partner page. Claimed before any
  // document is checked, so links resolve whatever the state of the page they point at.
  const claims = new Map<string, SourceFile>();
  const claim = (url: string, src: SourceFile) => {
    const other = claims.get(url);
    if (other) reportFile(src.display, 'route-collision', { url, other: other.display });
    else claims.set(url, src);
  };
  for (const [rel, src] of sources) {
    if (rel === RECORD_FILES.site) continue;
    if (isRecordFile(rel)) {
      if (rel !== RECORD_FILES.partners && rel !== RECORD_FILES.suppliers) reportFile(src.display, 'unknown-record-file', {});
      continue;
    }
    claim(routeOfFile(rel), src);
  }
  const folders = new Set([...claims.keys()].flatMap((url) => url.split('/').slice(1, -1).map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}`)));
  for (const [url, src] of [...claims]) {
    const id = partnerIdOfRoute(url);
    if (!id) continue;
    const alias = partnerAlias(id);
    if (folders.has(alias) && !claims.has(alias)) {
      reportFile(src.display, 'route-collision', { url: alias, other: `the folder pages-data${alias}/` });
    } else claim(alias, src);
  }
  if (!claims.has(NOT_FOUND_ROUTE)) reportFile('pages-data/404.json', 'missing-document', { what: `the not-found page pages-data/404.json` });

  const pages = new Map<string, Page>();
  for (const [rel, src] of sources) {
    if (isRecordFile(rel) || claims.get(routeOfFile(rel)) !== src) continue;
    const doc = check(rel, pageDocument);
    if (doc) pages.set(routeOfFile(rel), { route: routeOfFile(rel), file: rel, doc });
  }
  const routes = new Map<string, Page>();
  for (const [url, src] of claims) {
    const page = pages.get(routeOfFile(src.rel));
    if (page) routes.set(url, page);
  }

  for (const page of pages.values()) checkPageRules(page, sources.get(page.file)!, report);
  // The title as the page's head writes it, with the site's suffix; the home page's is the site's
  // default title. A placeholder title has its own problem.
  if (site) {
    for (const page of pages.values()) {
      const canonical = canonicalPath(page.route);
      const { title } = headData(site, page.doc.meta, canonical);
      const length = [...title].length;
      if (length <= MAX_TITLE || title.includes(PLACEHOLDER)) continue;
      const [src, path] = canonical === '/' ? [sources.get(RECORD_FILES.site)!, ['seo', 'defaultTitle']] : [sources.get(page.file)!, ['meta', 'title']];
      report(src, path, 'long-title', { title, length, maximum: MAX_TITLE });
    }
  }

  // References: what the schemas mark as pointing at a page, a record or a file.
  const anchorsOf = new Map([...routes].map(([url, p]) => [url, anchors(p.doc.blocks)]));
  const allUrls = [...claims.keys()];
  // Pictures under public/ are read for their size once every reference is known, all at once.
  const pictureRefs: { src: SourceFile; path: Path; ref: string }[] = [];
  const follow = (src: SourceFile, schema: z.ZodType, value: unknown) =>
    walkReferences(schema, value, [], (kind, ref, path) => {
      if (kind === 'page') {
        const [url = '', anchor] = ref.split('#');
        if (!claims.has(url)) return report(src, path, 'unknown-page', { to: ref, guess: nearest(url, allUrls) });
        const known = anchorsOf.get(url);
        if (anchor && known && !known.includes(anchor)) report(src, path, 'unknown-anchor', { to: ref, anchor, anchors: known });
      } else if (kind === 'partner') {
        if (partnersDoc && !partners.has(ref)) report(src, path, 'unknown-partner', { id: ref, guess: nearest(ref, [...partners.keys()]) });
      } else if (kind === 'supplier') {
        if (suppliersDoc && !suppliers.has(ref)) report(src, path, 'unknown-supplier', { id: ref, guess: nearest(ref, [...suppliers.keys()]) });
      } else if (ref.startsWith('/') && !isFile(join(root, 'public', ref))) {
        report(src, path, 'missing-file', { path: ref });
      } else if (kind === 'picture' && ref.startsWith('/')) {
        pictureRefs.push({ src, path, ref });
      }
    });
  if (site) follow(sources.get(RECORD_FILES.site)!, siteDocument, site);
  if (partnersDoc) follow(sources.get(RECORD_FILES.partners)!, partnersDocument, partnersDoc);
  if (suppliersDoc) follow(sources.get(RECORD_FILES.suppliers)!, suppliersDocument, suppliersDoc);
  for (const page of pages.values()) {
    const src = sources.get(page.file)!;
    follow(src, pageDocument, page.doc);
    const id = partnerIdOfRoute(page.route);
    const first = page.doc.blocks[0];
    if (id && (first?.type !== 'partner-profile' || first.partner !== id)) {
      report(src, first?.type === 'partner-profile' ? ['blocks', 0, 'partner'] : ['blocks', 0], 'partner-page-mismatch', { id });
    }
  }

  const pictures = new Map<string, PictureFacts>();
  const read = new Map<string, Promise<PictureFacts | Error>>();
  for (const { ref } of pictureRefs) if (!read.has(ref)) read.set(ref, pictureFacts(join(root, 'public', ref)).catch((err: Error) => err));
  for (const { src, path, ref } of pictureRefs) {
    const facts = await read.get(ref)!;
    if (facts instanceof Error) report(src, path, 'unreadable-picture', { path: ref, detail: facts.message });
    else pictures.set(ref, facts);
  }

  if (!options.skipSchemaFiles) {
    for (const { file, json } of jsonSchemaFiles()) {
      const path = join(root, 'schemas', file);
      if (!existsSync(path) || readFileSync(path, 'utf8') !== json) reportFile(`schemas/${file}`, 'stale-json-schema', {});
    }
  }

  if (problems.length > 0 || !site) return { problems: sortProblems(problems) };
  return { content: { site, partners, suppliers, pages, routes, pictures }, problems: [] };
}

/** Characters of a page title search results show. */
const MAX_TITLE = 70;

const placeOf = (type: BlockType): Place => blockDefinitions[type].place;
const typesAt = (place: Place) => blockTypes.filter((t) => placeOf(t) === place);

/** The shape every page shares: one opening block (its h1) first, a call to action last, unique anchors. */
function checkPageRules(page: Page, src: SourceFile, report: <C extends Code>(src: SourceFile, path: Path, code: C, params: Params<C>) => void) {
  const { blocks, meta } = page.doc;
  blocks.forEach((b, i) => {
    const place = placeOf(b.type);
    if (i === 0 && place !== 'opening') report(src, ['blocks', 0, 'type'], 'page-opening', { opening: typesAt('opening'), received: b.type });
    if (i > 0 && place === 'opening') report(src, ['blocks', i, 'type'], 'second-heading', { type: b.type });
    if (place === 'closing' && i < blocks.length - 1) report(src, ['blocks', i, 'type'], 'misplaced-closing', { type: b.type });
  });
  const last = blocks[blocks.length - 1]!;
  if (page.route !== NOT_FOUND_ROUTE && placeOf(last.type) !== 'closing') {
    report(src, ['blocks', blocks.length - 1, 'type'], 'page-closing', { closing: typesAt('closing') });
  }
  if (page.route === NOT_FOUND_ROUTE && !meta.noindex) report(src, ['meta'], 'not-found-indexed', {});
  const seen = new Set<string>();
  blocks.forEach((b, i) => {
    for (const anchor of blockDefinitions[b.type].anchors(b as never)) {
      if (seen.has(anchor)) report(src, ['blocks', i, 'id'], 'duplicate-anchor', { anchor });
      seen.add(anchor);
    }
  });
}

/** The anchors of a page's blocks: what /page#anchor may name. */
export function anchors(blocks: readonly Block[]): string[] {
  return blocks.flatMap((b) => blockDefinitions[b.type].anchors(b as never));
}

/** Text a scaffold leaves for the author to replace (npm run new-page). */
export const PLACEHOLDER = 'TODO:';

function placeholders(value: unknown, path: Path = []): [Path, string][] {
  if (typeof value === 'string') return value.includes(PLACEHOLDER) ? [[path, value]] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => placeholders(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => placeholders(v, [...path, k]));
  return [];
}

type ZodDef = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
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
}

/** The site document as built: SITE_URL (D1) overrides the canonical address for previews. */
export function builtSite(site: SiteDocument): SiteDocument {
  const url = process.env.SITE_URL;
  if (!url) return site;
  const origin = siteDocument.shape.url.safeParse(url);
  if (!origin.success) throw new Error(`SITE_URL=${url}: ${origin.error.issues[0]?.message ?? 'not an origin'}`);
  return { ...site, url: origin.data };
}

/** The records as the block definitions see them; the validator has checked every id. */
export const records = (content: Content): Records => recordsOf(content.partners, content.suppliers);

/** What the browser receives for one page: its meta, each block with the records it shows, and the pictures they show. */
export function resolvePage(content: Content, page: Page): ResolvedPage {
  const r = records(content);
  const blocks = page.doc.blocks.map((block) => renderBlock(block, r));
  return { route: page.route, canonical: canonicalPath(page.route), meta: page.doc.meta, blocks, pictures: pagePictures(content, blocks) };
}

/**
 * The pictures a page's blocks show (each block definition's `pictures`), by src: the size read from
 * the file and the `sizes` of the slot it is drawn in (of the widest, where a page shows it twice).
 * Remote pictures are not measured and not listed.
 */
function pagePictures(content: Content, blocks: readonly RenderedBlock[]): Record<string, PagePicture> {
  const out: Record<string, PagePicture> = {};
  const widest = new Map<string, number>();
  for (const { block, props } of blocks) {
    for (const { src, slot } of blockDefinitions[block.type].pictures(block as never, props as never)) {
      const facts = content.pictures.get(src);
      if (!facts || (widest.get(src) ?? 0) >= slot.width) continue;
      widest.set(src, slot.width);
      out[src] = { width: facts.width, height: facts.height, sizes: slot.sizes };
    }
  }
  return out;
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
        const options = disc === 'type' ? blockTypes : discriminatorValues(schema, at.slice(0, -1), data, disc);
        const guess = typeof value === 'string' ? nearest(value, options) : undefined;
        if (disc === 'type') return [problem('unknown-block-type', { received: show(value), expected: options, guess }, at)];
        return [problem('unknown-option', { field: disc, received: show(value), expected: options, guess }, at)];
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
      if (code === 'unsafe-url' || code === 'alt-text' || code === 'bad-format' || code === 'opening-hours') return [problem(code, { expected: issue.message, received: show(received) })];
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

/** The values a discriminated union at a path accepts for its discriminator (an action's kinds). */
function discriminatorValues(schema: z.ZodType, path: Path, data: unknown, disc: string): string[] {
  const union = schemaAt(schema, path, data, true);
  return (union ? defOf(union).options ?? [] : []).map((o) => String((defOf(o).shape?.[disc] as unknown as { value?: unknown } | undefined)?.value));
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

function listJson(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split(sep).join('/'))
    .filter((f) => f.endsWith('.json'));
}

/** Every JSON file under pages-data/, by its path there. */
export const contentFiles = (root = process.cwd()) => listJson(join(root, 'pages-data')).sort();

function schemaRef(rel: string, schemaFile: string): string {
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

/** The closest candidate by edit distance, if it is close enough to be a likely typo. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = distance(word.toLowerCase(), c.toLowerCase());
    if (d < bestD) [best, bestD] = [c, d];
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

