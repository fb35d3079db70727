import { pageBlockTypes, pageLoaders } from 'virtual:pages';
import { NOT_FOUND_ROUTE } from '../../schemas/routes';
import { loadBlocks } from '../blocks/registry';
import { onDemand } from '../ui/on-demand';
import type { LoadedPage, ResolvedPage } from './types';

/** '/services/' -> '/services'; the route key a path is served under. */
export function routeKey(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function hasPage(pathname: string): boolean {
  const key = routeKey(pathname);
  return key !== NOT_FOUND_ROUTE && key in pageLoaders;
}

const documents = new Map<string, () => Promise<{ default: ResolvedPage }>>();
/** A page's document, fetched once (and again, at a fresh URL, after a failure: see onDemand). */
function pageDocument(key: string) {
  let get = documents.get(key);
  if (!get) documents.set(key, (get = onDemand(pageLoaders[key]!)));
  return get();
}

/**
 * The document for a path, or the not-found document (status 404) when no page answers there, with
 * the components of its blocks loaded: fetched beside the document, not after it.
 */
export async function loadPage(pathname: string): Promise<LoadedPage> {
  const found = hasPage(pathname);
  const key = found ? routeKey(pathname) : NOT_FOUND_ROUTE;
  const [{ default: page }] = await Promise.all([pageDocument(key), loadBlocks(pageBlockTypes[key]!)]);
  return { status: found ? 200 : 404, page };
}
