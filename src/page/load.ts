import { pageLoaders } from 'virtual:pages';
import { NOT_FOUND_ROUTE } from '../../schemas/routes';
import type { LoadedPage } from './context';

/** '/services/' -> '/services'; the route key a path is served under. */
export function routeKey(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function hasPage(pathname: string): boolean {
  return routeKey(pathname) in pageLoaders;
}

/** The document for a path, or the not-found document (status 404) when no route serves it. */
export async function loadPage(pathname: string): Promise<LoadedPage> {
  const key = routeKey(pathname);
  const loader = pageLoaders[key];
  if (loader && key !== NOT_FOUND_ROUTE) return { status: 200, page: (await loader()).default };
  return { status: 404, page: (await pageLoaders[NOT_FOUND_ROUTE]!()).default };
}
