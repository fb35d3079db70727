// The studio's page operations (D17): a new page, a page moved to another address, a page deleted.
// Each works out every file it would write, checks the whole content as it would then be (refused
// if any problem appears that was not there before), and then writes all of those files or none.
// A page is a file, and a link is a value the schemas mark as a page reference (schemas/primitives.ts),
// in any document: pages, the site document, the records and the redirects.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { isPartnerPath, isPattern, isRecordFile, NOT_FOUND_ROUTE, PATTERN_SEGMENT, partnerAlias, partnerIdOfRoute, REDIRECTS_FILE, routeOfFile } from '../../../schemas/routes.ts';
import type { RedirectRule } from '../../lib/redirects.ts';
import { redirectTarget } from '../../lib/redirects.ts';
import { documentSchema, schemaFileOf } from '../content/json-schema.ts';
import { schemaRef } from '../content/document.ts';
import { loadContent, type Problem } from '../content/load.ts';
import { fieldPath } from '../content/locate.ts';
import { contentFiles } from '../content/read.ts';
import { walkReferences } from '../content/references.ts';
import { newPageDocument, newPageFile, newPageUrlProblem, siblingLists } from '../scaffold/new-page.ts';
import { applyValue } from './edit.ts';
import { Refusal } from './refusal.ts';
import { serialised, writeFiles } from './writes.ts';

export { Refusal } from './refusal.ts';

/** A link to a page, where it is: as `npm run validate` names a place. */
export interface Link {
  file: string;
  line: number;
  column: number;
  /** The field, as validate names it: blocks[2].buttons[0].action.to */
  path: string;
  /** Where it leads: /services/microscopy#models */
  to: string;
}

type Path = (string | number)[];
export interface Doc {
  text: string;
  data: unknown;
}

/** Every document under pages-data/, parsed; refused when one is not JSON, since its links could not be followed. */
export function readDocuments(root: string): Map<string, Doc> {
  const docs = new Map<string, Doc>();
  const broken: string[] = [];
  for (const file of contentFiles(root)) {
    let text: string;
    try {
      text = readFileSync(join(root, 'pages-data', file), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // gone since it was listed: not there
      throw err;
    }
    try {
      docs.set(file, { text, data: JSON.parse(text) });
    } catch {
      broken.push(`pages-data/${file}`);
    }
  }
  if (broken.length > 0) {
    throw new Refusal(409, `${broken.join(', ')} ${broken.length === 1 ? 'is' : 'are'} not valid JSON, so the links in ${broken.length === 1 ? 'it' : 'them'} cannot be followed: fix ${broken.length === 1 ? 'it' : 'them'} first (npm run validate says where)`);
  }
  return docs;
}

/** The addresses a page answers at: its route, and a partner page's short address. */
function addressesOf(route: string): string[] {
  const id = partnerIdOfRoute(route);
  return id ? [route, partnerAlias(id)] : [route];
}

/**
 * Every page reference in the documents that leads to one of `routes` (a route ending in [id] covers
 * the addresses under it). With `partner`, that partner's id too: blocks that show a partner link to
 * its page (a partner listing's View Products).
 */
function linksTo(docs: ReadonlyMap<string, Doc>, routes: readonly string[], partner?: string): (Link & { rel: string; at: Path })[] {
  const found: (Link & { rel: string; at: Path })[] = [];
  for (const [rel, { text, data }] of docs) {
    walkReferences(documentSchema(rel), data, [], (kind, ref, at) => {
      const url = ref.split('#')[0]!;
      const leads = kind === 'page' ? routes.some((r) => redirectTarget([{ from: r, to: r }], url) !== undefined) : kind === 'partner' && ref === partner;
      if (leads) found.push({ rel, at, file: `pages-data/${rel}`, ...position(text, at), path: fieldPath(at), to: kind === 'page' ? ref : partnerAlias(ref) });
    });
  }
  return found;
}

export function position(text: string, at: Path): { line: number; column: number } {
  const node = findNodeAtLocation(parseTree(text)!, at);
  const before = text.slice(0, node?.offset ?? 0);
  return { line: before.split('\n').length, column: before.length - before.lastIndexOf('\n') };
}

function setAt(data: unknown, at: Path, value: unknown) {
  let cur = data as Record<string | number, unknown>;
  for (const key of at.slice(0, -1)) cur = cur[key] as Record<string | number, unknown>;
  cur[at[at.length - 1]!] = value;
}

/** The texts of the documents whose links to `from` now lead to `to` (anchors kept), each changed only there. */
function rewriteLinks(docs: ReadonlyMap<string, Doc>, from: string, to: string): Map<string, string> {
  const edited = new Map<string, { data: unknown }>();
  for (const link of linksTo(docs, [from])) {
    const [url = '', anchor] = link.to.split('#');
    const entry = edited.get(link.rel) ?? { data: structuredClone(docs.get(link.rel)!.data) };
    edited.set(link.rel, entry);
    setAt(entry.data, link.at, redirectTarget([{ from, to }], url)! + (anchor !== undefined ? `#${anchor}` : ''));
  }
  return new Map([...edited].map(([rel, { data }]) => [rel, applyValue(docs.get(rel)!.text, data)]));
}

/**
 * The redirects document with `added` recorded: earlier redirects to an old address were rewritten with
 * the links (chains collapse), redirects from an address a page now answers go, and so does one that
 * would lead to itself.
 */
function withRedirects(text: string | undefined, added: readonly RedirectRule[], served: readonly string[]): string {
  const doc = (text === undefined ? { $schema: schemaRef(REDIRECTS_FILE, schemaFileOf(REDIRECTS_FILE)), redirects: [] } : JSON.parse(text)) as { redirects: RedirectRule[] };
  const kept = doc.redirects.filter((r) => !served.includes(r.from) && r.from !== r.to && !added.some((a) => a.from === r.from));
  return applyValue(text ?? '', { ...doc, redirects: [...kept, ...added.filter((a) => a.from !== a.to)] });
}

/** The file a page at `route` would be written to (newPageFile), refused with 409 when it names one that exists. */
function fileFor(root: string, route: string): string {
  const at = newPageFile(root, route);
  if ('taken' in at) throw new Refusal(409, at.taken);
  return at.file;
}

/** A page document's text with its $schema pointing at the schema from where the file now is. */
function relocated(text: string, file: string): string {
  const data = JSON.parse(text) as Record<string, unknown>;
  if (typeof data.$schema !== 'string') return text;
  return applyValue(text, { ...data, $schema: schemaRef(file, schemaFileOf(file)) });
}

/** What answers at `route` already, where a page would move or be made (refused outright when `route` is not a page's address). */
function routeTaken(docs: ReadonlyMap<string, Doc>, route: string, moving?: string): string | undefined {
  // A template page (the addresses under a prefix, /products/[id]) moves to another prefix as one.
  const wrong = isPattern(route) !== (moving !== undefined && isPattern(moving))
    ? `${route}: a page standing for every address under a prefix (/x/[id]) moves to another such prefix, and only such a page does`
    : newPageUrlProblem(isPattern(route) ? route.slice(0, -`/${PATTERN_SEGMENT}`.length) : route);
  if (wrong) throw new Refusal(400, wrong);
  for (const rel of docs.keys()) {
    if (isRecordFile(rel)) continue;
    if (addressesOf(routeOfFile(rel)).includes(route)) return `${route} is a page already: pages-data/${rel}`;
  }
  const redirects = (docs.get(REDIRECTS_FILE)?.data as { redirects?: RedirectRule[] } | undefined)?.redirects ?? [];
  const moved = redirectTarget(Array.isArray(redirects) ? redirects : [], route);
  // A page moving back to an address that redirects to it takes the address back (the redirect goes).
  if (moved && moved !== moving) return `${route} redirects to ${moved} (pages-data/${REDIRECTS_FILE}): remove that redirect first to put a page there`;
  return undefined;
}

/** A page the studio may move or delete: not the home page, the not-found page or a record. */
function pageFile(docs: ReadonlyMap<string, Doc>, file: string, doing: string): string {
  if (isRecordFile(file)) throw new Refusal(400, `pages-data/${file} is not a page`);
  if (!docs.has(file)) throw new Refusal(409, `pages-data/${file} is not there any more: moved or deleted since it was opened? Nothing was changed`, { gone: true });
  const route = routeOfFile(file);
  if (route === '/' || route === NOT_FOUND_ROUTE) throw new Refusal(400, `the ${route === '/' ? 'home' : 'not-found'} page cannot be ${doing}`);
  return route;
}

/** The problems of the content with `changes` made that it does not have now (beyond those `allowed` lets through). */
async function newProblems(root: string, changes: ReadonlyMap<string, string | null>, renamed: ReadonlyMap<string, string> = new Map(), allowed = (_: Problem) => false): Promise<Problem[]> {
  const key = (p: Problem) => `${p.file} ${p.code} ${p.message}`;
  const before = new Map<string, number>();
  for (const p of (await loadContent(root, { skipSchemaFiles: true })).problems) {
    const k = key({ ...p, file: renamed.get(p.file) ?? p.file });
    before.set(k, (before.get(k) ?? 0) + 1);
  }
  const after = (await loadContent(root, { overrides: changes, skipSchemaFiles: true })).problems;
  return after.filter((p) => {
    const left = before.get(key(p)) ?? 0;
    before.set(key(p), left - 1);
    return left <= 0 && !allowed(p);
  });
}

/**
 * `changes` written, all or none, if they bring no new problem to the content, and if every file they
 * write is still as it was read into `docs` (writes.ts). Called inside `serialised`.
 */
export async function commitChecked(root: string, docs: ReadonlyMap<string, Doc>, changes: Map<string, string | null>, what: string, renamed?: ReadonlyMap<string, string>, allowed?: (p: Problem) => boolean) {
  const found = await newProblems(root, changes, renamed, allowed);
  if (found.length > 0) {
    throw new Refusal(422, `${what} would bring ${found.length} problem${found.length === 1 ? '' : 's'} (listed); nothing was changed`, { problems: found });
  }
  await writeFiles(root, changes, new Map([...changes.keys()].map((rel) => [rel, docs.get(rel)?.text ?? null])));
}

/** A new page at `route`: the new-page template (npm run new-page), or a copy of the page in `copyOf`. */
export async function createPage(root: string, route: string, copyOf?: string): Promise<{ file: string; route: string; listedIn: { file: string; list: string }[] }> {
  return serialised(root, async () => {
    const docs = readDocuments(root);
    const taken = routeTaken(docs, route);
    if (taken) throw new Refusal(409, taken);
    const file = fileFor(root, route);
    let text: string;
    if (copyOf !== undefined) {
      if (!docs.has(copyOf) || isRecordFile(copyOf)) throw new Refusal(400, `pages-data/${copyOf} is not a page to copy`);
      text = relocated(docs.get(copyOf)!.text, file);
    } else text = newPageDocument(root, route, file).text;
    // The template's TODO placeholders are there to fail validate until replaced: the studio lists them.
    await commitChecked(root, docs, new Map([[file, text]]), `A page at ${route}`, undefined, (p) => p.file === `pages-data/${file}` && p.code === 'placeholder');
    // Where the pages beside it are listed: nothing links to the new page until one of those does.
    return { file, route, listedIn: siblingLists(root, route) };
  });
}

/** The links to a page from elsewhere (its own links to itself aside). */
export function linksToPage(root: string, file: string): { route: string; links: Link[] } {
  const docs = readDocuments(root);
  const route = pageFile(docs, file, 'deleted');
  return { route, links: linksTo(docs, addressesOf(route), partnerIdOfRoute(route)).filter((l) => l.rel !== file).map(publicLink) };
}

const publicLink = ({ file, line, column, path, to }: Link): Link => ({ file, line, column, path, to });

/**
 * The page in `file` moved to `to`: the file moves, every link to it (anchors kept) leads to its new
 * address, and a redirect from the old address is recorded (an earlier redirect to it now leads on).
 */
export async function movePage(root: string, file: string, to: string, version: (text: string) => boolean): Promise<{ file: string; route: string; changed: string[] }> {
  return serialised(root, async () => {
    const docs = readDocuments(root);
    const from = pageFile(docs, file, 'moved');
    if (!version(docs.get(file)!.text)) throw new Refusal(409, `pages-data/${file} changed on disk since it was opened; open it again first`);
    if (isPartnerPath(from)) throw new Refusal(400, `a partner page's address comes from its record id (pages-data/records/partners.json): it cannot move`);
    if (to === from) throw new Refusal(400, `the page is at ${to} already`);
    const taken = routeTaken(docs, to, from);
    if (taken) throw new Refusal(409, taken);
    const target = fileFor(root, to);
    const changes = new Map<string, string | null>(rewriteLinks(docs, from, to));
    changes.set(target, relocated(changes.get(file) ?? docs.get(file)!.text, target));
    changes.set(file, null);
    changes.set(REDIRECTS_FILE, withRedirects(changes.get(REDIRECTS_FILE) ?? docs.get(REDIRECTS_FILE)?.text, [{ from, to }], [to]));
    await commitChecked(root, docs, changes, `Moving ${from} to ${to}`, new Map([[`pages-data/${file}`, `pages-data/${target}`]]));
    return { file: target, route: to, changed: [...changes.keys()].sort() };
  });
}

/**
 * The page in `file` deleted, if nothing links to it. With `redirectTo`, its address (and any redirect
 * that led to it) leads to that page instead, for bookmarks and search engines.
 */
export async function deletePage(root: string, file: string, version: (text: string) => boolean, redirectTo?: string): Promise<{ changed: string[] }> {
  return serialised(root, async () => {
    const docs = readDocuments(root);
    const route = pageFile(docs, file, 'deleted');
    if (!version(docs.get(file)!.text)) throw new Refusal(409, `pages-data/${file} changed on disk since it was opened; open it again first`);
    const addresses = addressesOf(route);
    const links = linksTo(docs, addresses, partnerIdOfRoute(route)).filter((l) => l.rel !== file && (redirectTo === undefined || l.rel !== REDIRECTS_FILE));
    if (links.length > 0) {
      throw new Refusal(409, `${links.length} link${links.length === 1 ? '' : 's'} lead${links.length === 1 ? 's' : ''} to ${route}: change ${links.length === 1 ? 'it' : 'them'} first (listed)`, { links: links.map(publicLink) });
    }
    const changes = new Map<string, string | null>([[file, null]]);
    if (redirectTo !== undefined) {
      if (addresses.includes(redirectTo) || redirectTo === NOT_FOUND_ROUTE || !docs.has(fileOfRoute(docs, redirectTo) ?? '')) throw new Refusal(400, `${redirectTo} is not another page of the site`);
      // Redirects that led to the page lead on to its replacement.
      let redirects = docs.get(REDIRECTS_FILE);
      for (const address of addresses) {
        const text = redirects && rewriteLinks(new Map([[REDIRECTS_FILE, redirects]]), address, redirectTo).get(REDIRECTS_FILE);
        if (text) redirects = { text, data: JSON.parse(text) };
      }
      changes.set(REDIRECTS_FILE, withRedirects(redirects?.text, addresses.map((from) => ({ from, to: redirectTo })), []));
    }
    await commitChecked(root, docs, changes, `Deleting ${route}`);
    return { changed: [...changes.keys()].sort() };
  });
}

/** The page document answering at `route`, if any. */
function fileOfRoute(docs: ReadonlyMap<string, Doc>, route: string): string | undefined {
  return [...docs.keys()].find((rel) => !isRecordFile(rel) && addressesOf(routeOfFile(rel)).includes(route));
}
