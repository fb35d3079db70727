import { pageLoaders } from 'virtual:pages';
import { NOT_FOUND_ROUTE } from '../../schemas/routes';
import { loadBlocks } from '../blocks/registry';
import type { LoadedPage } from './types';

/** '/services/' -> '/services'; the route key a path is served under. */
export function routeKey(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function hasPage(pathname: string): boolean {
  const key = routeKey(pathname);
  return key !== NOT_FOUND_ROUTE && key in pageLoaders;
}

/**
 * The document for a path, or the not-found document (status 404) when no page answers there, with
 * the components of its blocks loaded.
 */
export async function loadPage(pathname: string): Promise<LoadedPage> {
  const found = hasPage(pathname) ? pageLoaders[routeKey(pathname)] : undefined;
  const page = (await (found ?? pageLoaders[NOT_FOUND_ROUTE]!)()).default;
  await loadBlocks(page.blocks);
  return { status: found ? 200 : 404, page };
}
