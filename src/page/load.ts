import { redirect } from '@tanstack/react-router';
import type { BlockType } from '../../schemas/blocks';
import { isPartnerPath, NOT_FOUND_ROUTE, pageDataPath } from '../../schemas/routes';
import { loadBlocks } from '../blocks/registry';
import { redirectFor } from './redirects';
import type { LoadedPage, ResolvedPage } from './types';

/** '/services/' -> '/services'; the route key a path is served under. */
export function routeKey(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Where page documents come from: the one the build wrote for the route (src/node/build/prerender.ts),
 * fetched from its path (schemas/routes.ts pageDataPath), so the app carries no list of routes. The
 * prerenderer is given each page's document with the page instead (setPageSource). Resolves undefined when no page
 * answers at the route; throws when the document could not be fetched (a bad network).
 */
type PageSource = (route: string) => Promise<ResolvedPage | undefined>;

const fetchPage: PageSource = async (route) => {
  const res = await fetch(pageDataPath(route)).catch((err: Error) => {
    throw new Error(`${pageDataPath(route)} could not be fetched (${err.message})`);
  });
  // A 404 is the answer for a path no page has; so is anything but JSON (a host that answers every path with a page).
  if (res.status === 404 || (res.ok && !res.headers.get('content-type')?.includes('json'))) return undefined;
  // (The dev server answers 503 with the problems of a page's document that has never read: shown in its place.)
  if (!res.ok) throw new Error(`${pageDataPath(route)}: ${res.status}${import.meta.env.DEV && res.status === 503 ? `\n${await res.text()}` : ''}`);
  return (await res.json()) as ResolvedPage;
};

let source: PageSource = fetchPage;
const documents = new Map<string, Promise<ResolvedPage | undefined>>();
/**
 * The prerenderer's: the page's own document, given to it with the page (src/entry-server.tsx), set
 * for each page it renders. Nothing given before is kept: a worker that kept thousands of documents
 * would spend its time collecting garbage.
 */
export function setPageSource(s: PageSource) {
  source = s;
  documents.clear();
}

/** A route's document, fetched once (and again after a failure). */
function pageDocument(route: string): Promise<ResolvedPage | undefined> {
  let got = documents.get(route);
  if (!got) {
    got = source(route).catch((err: unknown) => {
      documents.delete(route);
      throw err;
    });
    documents.set(route, got);
  }
  return got;
}

/** Whether a page answers at this path (its document is fetched to know). */
export async function hasPage(pathname: string): Promise<boolean> {
  const key = routeKey(pathname);
  return key !== NOT_FOUND_ROUTE && (await pageDocument(key)) !== undefined;
}

const typesOn = (page: ResolvedPage) => [...new Set(page.blocks.map((b) => b.block.type))] as BlockType[];

/**
 * The document for a path with the components of its blocks loaded, or what the app shows where no
 * page answers; `rest` is the query and hash a redirect keeps.
 */
export async function loadPage(pathname: string, rest = ''): Promise<LoadedPage> {
  const key = routeKey(pathname);
  const page = key === NOT_FOUND_ROUTE ? undefined : await pageDocument(key);
  if (!page) return noPageAt(pathname, rest);
  await loadBlocks(typesOn(page));
  return { status: 200, page };
}

/**
 * The one place the app decides what a path no page answers shows: a moved page's old address goes to
 * its page, keeping the query and hash (pages-data/redirects.json, D17); an unknown partner id goes to
 * the not-found page, replacing the history entry (specification section 8); any other path shows the
 * not-found page with status 404.
 */
export async function noPageAt(pathname: string, rest = ''): Promise<LoadedPage> {
  const key = routeKey(pathname);
  const moved = key === NOT_FOUND_ROUTE ? undefined : await redirectFor(key);
  if (moved) throw redirect({ href: `${moved}${rest}`, replace: true, statusCode: 301 });
  if (isPartnerPath(key)) throw redirect({ href: NOT_FOUND_ROUTE, replace: true });
  const page = await pageDocument(NOT_FOUND_ROUTE);
  if (!page) throw new Error('the not-found page\'s document is missing from the build');
  await loadBlocks(typesOn(page));
  return { status: 404, page };
}
