import { pageLoaders } from 'virtual:pages';
import { NOT_FOUND_ROUTE } from '../../schemas/routes';
import { loadBlocks } from '../blocks/registry';
import type { LoadedPage } from './context';

/** '/services/' -> '/services'; the route key a path is served under. */
export function routeKey(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function hasPage(pathname: string): boolean {
  return routeKey(pathname) in pageLoaders;
}

/**
 * The document for a path, or the not-found document (status 404) when no route serves it, with the
 * components of its blocks loaded.
 */
export async function loadPage(pathname: string): Promise<LoadedPage> {
  const key = routeKey(pathname);
  const found = key !== NOT_FOUND_ROUTE ? pageLoaders[key] : undefined;
  const page = (await (found ?? pageLoaders[NOT_FOUND_ROUTE]!)()).default;
  await loadBlocks(page.doc.blocks);
  return { status: found ? 200 : 404, page };
}
