// Loads every document under pages-data/, validates it against the zod contract and checks what
// zod cannot see on its own: links resolve, ids exist, images exist, every route has its document.
// Node-only: used by `npm run validate`, the Vite plugin (dev overlay, build) and the tests.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { findNodeAtLocation, type Node, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { z } from 'zod';
import { blockTypes, type Block } from '../../schemas/blocks/index.ts';
import { pageDocument, type PageDocument } from '../../schemas/page.ts';
import { partnersDocument, suppliersDocument, type Partner, type Supplier } from '../../schemas/records.ts';
import { documentRoutes, partnerIds, routeForDocumentFile, allRoutes } from '../../schemas/routes.ts';
import { siteDocument, type SiteDocument } from '../../schemas/site.ts';
import { jsonSchemaFiles } from './json-schema.ts';

export interface Problem {
  /** Path relative to the project root, e.g. pages-data/services/water-testing.json */
  file: string;
  line: number;
  column: number;
  /** Field path inside the document, e.g. blocks[2].cards[0].title ('' for the whole file) */
  field: string;
  message: string;
}

export interface Page {
  route: string;
  file: string;
  doc: PageDocument;
}

export interface Content {
  site: SiteDocument;
  partners: Map<string, Partner>;
  suppliers: Map<string, Supplier>;
  pages: Map<string, Page>;
}

/** What the browser receives for one page: the document and the records its blocks name. */
export interface ResolvedPage {
  route: string;
  doc: PageDocument;
  partners: Record<string, Partner>;
  suppliers: Record<string, Supplier>;
}

export const SITE_FILE = 'site.json';
export const PARTNERS_FILE = 'records/partners.json';
export const SUPPLIERS_FILE = 'records/suppliers.json';

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

export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}:${p.column}  ${p.field || '(document)'}  ${p.message}`;
}

export function loadContent(root = process.cwd()): { content?: Content; problems: Problem[] } {
  const dataDir = join(root, 'pages-data');
  const problems: Problem[] = [];
  const sources = new Map<string, SourceFile>();
  const parsed = new Map<string, unknown>();

  for (const rel of listJson(dataDir)) {
    const display = relative(root, join(dataDir, rel)).split(sep).join('/');
    const text = readFileSync(join(dataDir, rel), 'utf8');
    const src = sourceFile(rel, display, text);
    sources.set(rel, src);
    try {
      parsed.set(rel, JSON.parse(text));
    } catch {
      // jsonc-parser says where; only its first error, the later ones are echoes of it.
      const errors: ParseError[] = [];
      parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
      const e = errors[0];
      problems.push(at(src, e?.offset ?? 0, '', `malformed JSON: ${e ? describeParseError(e) : 'not a JSON document'}`));
    }
  }

  const check = <S extends z.ZodType>(rel: string, schema: S, expectedSchemaFile: string): z.output<S> | undefined => {
    const src = sources.get(rel);
    const data = parsed.get(rel);
    if (!src || data === undefined) return undefined;
    const result = schema.safeParse(data, { reportInput: true });
    const want = schemaRef(rel, expectedSchemaFile);
    const given = data && typeof data === 'object' ? (data as { $schema?: unknown }).$schema : undefined;
    if (given !== want) {
      problems.push(locate(src, ['$schema'], `must name its JSON Schema so editors can check it: expected "${want}", received ${show(given)}`));
    }
    if (!result.success) {
      for (const issue of result.error.issues) problems.push(...issueProblems(src, schema, data, issue));
      return undefined;
    }
    return result.data;
  };

  const requireFile = (rel: string) => {
    if (!sources.has(rel)) problems.push({ file: `pages-data/${rel}`, line: 1, column: 1, field: '', message: 'file is missing' });
  };
  requireFile(SITE_FILE);
  requireFile(PARTNERS_FILE);
  requireFile(SUPPLIERS_FILE);

  const site = check(SITE_FILE, siteDocument, 'site.schema.json');
  const partnersDoc = check(PARTNERS_FILE, partnersDocument, 'partners.schema.json');
  const suppliersDoc = check(SUPPLIERS_FILE, suppliersDocument, 'suppliers.schema.json');

  const partners = new Map<string, Partner>();
  partnersDoc?.partners.forEach((p, i) => {
    if (partners.has(p.id)) problems.push(locate(sources.get(PARTNERS_FILE)!, ['partners', i, 'id'], `duplicate partner id "${p.id}"`));
    partners.set(p.id, p);
  });
  if (partnersDoc) {
    for (const id of partnerIds) {
      if (!partners.has(id)) problems.push(locate(sources.get(PARTNERS_FILE)!, ['partners'], `partner "${id}" has a fixed route (/${id}) but no record`));
    }
  }
  const suppliers = new Map<string, Supplier>();
  suppliersDoc?.suppliers.forEach((s, i) => {
    if (suppliers.has(s.id)) problems.push(locate(sources.get(SUPPLIERS_FILE)!, ['suppliers', i, 'id'], `duplicate supplier id "${s.id}"`));
    suppliers.set(s.id, s);
  });

  const pages = new Map<string, Page>();
  for (const [rel, src] of sources) {
    if (rel === SITE_FILE || rel === PARTNERS_FILE || rel === SUPPLIERS_FILE) continue;
    const route = routeForDocumentFile(rel);
    if (!route) {
      const guess = nearest('/' + rel.replace(/(\/index)?\.json$/, ''), documentRoutes);
      problems.push({
        file: src.display, line: 1, column: 1, field: '',
        message: `no route serves this file (pages-data mirrors the URLs of specification section 2)${guess ? `; did you mean ${guess}?` : ''}`,
      });
      continue;
    }
    const other = [...pages.values()].find((p) => p.route === route);
    if (other) {
      problems.push({ file: src.display, line: 1, column: 1, field: '', message: `two documents claim the route ${route}: this one and ${other.file}` });
      continue;
    }
    const doc = check(rel, pageDocument, 'page.schema.json');
    if (doc) pages.set(route, { route, file: rel, doc });
  }
  for (const route of documentRoutes) {
    if (!pages.has(route) && ![...sources.keys()].some((rel) => routeForDocumentFile(rel) === route)) {
      problems.push({ file: 'pages-data', line: 1, column: 1, field: '', message: `route ${route} has no document (expected pages-data/${fileHint(route)})` });
    }
  }

  // Cross-references: only meaningful once every document parsed.
  const anchorsOf = (route: string): Set<string> | undefined => {
    const page = pages.get(route) ?? pages.get(`/partner${route}`);
    return page ? new Set(page.doc.blocks.flatMap((b) => ('id' in b && b.id ? [b.id] : []))) : undefined;
  };
  const checkLink = (src: SourceFile, path: Path, to: string) => {
    const [route = '', anchor] = to.split('#');
    if (!allRoutes.includes(route)) {
      const guess = nearest(route, allRoutes);
      problems.push(locate(src, path, `link to ${to}: no such page${guess ? `; did you mean ${guess}?` : ''}`));
      return;
    }
    const anchors = anchorsOf(route);
    if (anchor && anchors && !anchors.has(anchor)) {
      problems.push(locate(src, path, `link to ${to}: the page has no section with id "${anchor}" (it has: ${[...anchors].join(', ') || 'none'})`));
    }
  };
  const checkImage = (src: SourceFile, path: Path, value: string) => {
    if (value.startsWith('/') && !existsSync(join(root, 'public', value))) {
      problems.push(locate(src, path, `image ${value} is not in public/ (expected public${value})`));
    }
  };

  const walkRefs = (rel: string, value: unknown) => {
    const src = sources.get(rel)!;
    visit(value, [], (node, path) => {
      const key = path[path.length - 1];
      if (typeof node === 'string') {
        if (key === 'to') checkLink(src, path, node);
        if (key === 'src' || key === 'logo' || (key === 'image' && typeof node === 'string')) checkImage(src, path, node);
        if (key === 'datasheet' && !existsSync(join(root, 'public', node))) problems.push(locate(src, path, `datasheet ${node} is not in public/`));
      }
    });
  };

  if (site) walkRefs(SITE_FILE, site);
  if (partnersDoc) walkRefs(PARTNERS_FILE, partnersDoc);
  if (suppliersDoc) walkRefs(SUPPLIERS_FILE, suppliersDoc);
  for (const page of pages.values()) {
    const src = sources.get(page.file)!;
    walkRefs(page.file, page.doc);
    page.doc.blocks.forEach((block, i) => {
      for (const [path, id, kind] of recordRefs(block)) {
        const known = kind === 'partner' ? partners : suppliers;
        if ((kind === 'partner' ? partnersDoc : suppliersDoc) && !known.has(id)) {
          const guess = nearest(id, [...known.keys()]);
          problems.push(locate(src, ['blocks', i, ...path], `unknown ${kind} id "${id}"${guess ? `; did you mean "${guess}"?` : ''}`));
        }
      }
    });
    const partnerRoute = /^\/partner\/(.+)$/.exec(page.route);
    if (partnerRoute) {
      const profile = page.doc.blocks.findIndex((b) => b.type === 'partner-profile');
      const block = page.doc.blocks[profile];
      if (!block || block.type !== 'partner-profile' || block.partner !== partnerRoute[1]) {
        problems.push(locate(src, profile >= 0 ? ['blocks', profile, 'partner'] : ['blocks'], `a partner page needs a partner-profile block for "${partnerRoute[1]}"`));
      }
    }
  }

  for (const { file, json } of jsonSchemaFiles()) {
    const path = join(root, 'schemas', file);
    if (!existsSync(path) || readFileSync(path, 'utf8') !== json) {
      problems.push({ file: `schemas/${file}`, line: 1, column: 1, field: '', message: 'out of date with the zod schemas: run `npm run schemas`' });
    }
  }

  if (problems.length > 0 || !site) return { problems: sortProblems(problems) };
  return { content: { site, partners, suppliers, pages }, problems: [] };
}

/** The site document as built: SITE_URL (D1) overrides the canonical address for previews. */
export function builtSite(site: SiteDocument): SiteDocument {
  const url = process.env.SITE_URL?.replace(/\/$/, '');
  return url ? { ...site, url } : site;
}

export function resolvePage(content: Content, route: string): ResolvedPage {
  const page = content.pages.get(route);
  if (!page) throw new Error(`no document for ${route}`);
  const resolved: ResolvedPage = { route, doc: page.doc, partners: {}, suppliers: {} };
  for (const block of page.doc.blocks) {
    for (const [, id, kind] of recordRefs(block)) {
      if (kind === 'partner') resolved.partners[id] = content.partners.get(id)!;
      else resolved.suppliers[id] = content.suppliers.get(id)!;
    }
  }
  return resolved;
}

/** The partner and supplier ids a block refers to, with their paths inside the block. */
function recordRefs(block: Block): [Path, string, 'partner' | 'supplier'][] {
  switch (block.type) {
    case 'partner-profile':
      return [[['partner'], block.partner, 'partner']];
    case 'partner-listing':
      return block.groups.flatMap((g, gi) => g.partners.map((id, pi): [Path, string, 'partner'] => [['groups', gi, 'partners', pi], id, 'partner']));
    case 'supplier-grid':
      return block.suppliers.map((id, i): [Path, string, 'supplier'] => [['suppliers', i], id, 'supplier']);
    default:
      return [];
  }
}

function issueProblems(src: SourceFile, schema: z.ZodType, data: unknown, issue: z.core.$ZodIssue): Problem[] {
  const path = issue.path as Path;
  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = objectKeysAt(schema, path, data);
      return issue.keys.map((key) => {
        const guess = nearest(key, known);
        const hint = guess ? `did you mean "${guess}"?` : `allowed keys: ${known.join(', ')}`;
        return locate(src, [...path, key], `unknown key "${key}": ${hint}`, true);
      });
    }
    case 'invalid_union': {
      const disc = (issue as { discriminator?: string }).discriminator;
      if (disc) {
        const received = valueAt(data, [...path]);
        const options = disc === 'type' ? blockTypes : ((issue as { options?: unknown[] }).options ?? []).map(String);
        const guess = typeof received === 'string' ? nearest(received, options) : undefined;
        const what = disc === 'type' ? 'block type' : `${disc}`;
        return [locate(src, path, `unknown ${what} ${show(received)}: expected one of ${options.join(', ')}${guess ? `; did you mean "${guess}"?` : ''}`)];
      }
      return [locate(src, path, issue.message)];
    }
    case 'invalid_type': {
      const received = valueAt(data, path);
      if (received === undefined) return [locate(src, path, `required field "${path[path.length - 1]}" is missing: expected ${issue.expected}`)];
      return [locate(src, path, `wrong type: expected ${issue.expected}, received ${typeName(received)} ${show(received)}`)];
    }
    default: {
      const received = valueAt(data, path);
      return [locate(src, path, `${issue.message.replace(/^Invalid input: /, '')}${received !== undefined && typeof received !== 'object' ? ` (received ${show(received)})` : ''}`)];
    }
  }
}

/** The allowed keys of the object schema at a path, following discriminated unions by the data. */
function objectKeysAt(schema: z.ZodType, path: Path, data: unknown): string[] {
  let s: z.ZodType | undefined = schema;
  let d: unknown = data;
  const unwrap = (t: z.ZodType | undefined): z.ZodType | undefined => {
    let cur = t;
    for (let i = 0; i < 10 && cur; i++) {
      const def = (cur as unknown as { def: { type: string; innerType?: z.ZodType; in?: z.ZodType; options?: z.ZodType[]; discriminator?: string } }).def;
      if (def.innerType) cur = def.innerType;
      else if (def.type === 'pipe') cur = def.in;
      else if (def.type === 'union' && def.discriminator && d && typeof d === 'object') {
        const want = (d as Record<string, unknown>)[def.discriminator];
        cur = def.options?.find((o) => (o as unknown as { shape: Record<string, { value?: unknown }> }).shape[def.discriminator!]?.value === want);
      } else return cur;
    }
    return cur;
  };
  for (const key of path) {
    s = unwrap(s);
    if (!s) return [];
    const def = (s as unknown as { def: { type: string; element?: z.ZodType; shape?: Record<string, z.ZodType> } }).def;
    if (def.type === 'array') s = def.element;
    else if (def.type === 'object') s = def.shape?.[key as string];
    else return [];
    d = d && typeof d === 'object' ? (d as Record<string | number, unknown>)[key] : undefined;
  }
  s = unwrap(s);
  const def = s && (s as unknown as { def: { type: string; shape?: Record<string, unknown> } }).def;
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

function locate(src: SourceFile, path: Path, message: string, atKey = false): Problem {
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
  return at(src, offset, fieldPath(path), message);
}

function keyOffset(node: Node): number {
  const prop = node.parent;
  return prop?.type === 'property' ? prop.offset : node.offset;
}

function at(src: SourceFile, offset: number, field: string, message: string): Problem {
  const before = src.text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return { file: src.display, line, column, field, message };
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

function visit(value: unknown, path: Path, fn: (node: unknown, path: Path) => void) {
  fn(value, path);
  if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...path, i], fn));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, [...path, k], fn);
}

function listJson(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split(sep).join('/'))
    .filter((f) => f.endsWith('.json'))
    .sort();
}

function schemaRef(rel: string, schemaFile: string): string {
  return `${'../'.repeat(rel.split('/').length)}schemas/${schemaFile}`;
}

function fileHint(route: string): string {
  if (route === '/') return 'index.json';
  return ['/services', '/industries', '/policies'].includes(route) ? `${route.slice(1)}/index.json` : `${route.slice(1)}.json`;
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
