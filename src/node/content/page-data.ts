// The files the app fetches by their path rather than importing them as code: the document of every
// route (at schemas/routes.ts pageDataPath), so neither the app's code nor any list it carries grows
// with the number of pages; the search index and its products' parts; the listings' facets files; the
// redirects. Kept out of the code so that a change of content changes no chunk of it (and so no page's
// HTML but those it shows on). `npm run build` writes them into dist/; the dev server answers them from
// the content as it is, here.
import { redirectsFilePath } from '../../lib/redirects.ts';
import { facetFiles } from '../build/facets.ts';
import { searchFiles } from '../build/search-index.ts';
import { routeOfDataPath } from '../../../schemas/routes.ts';
import type { Content } from './load.ts';
import { resolvePage } from './resolve.ts';

const PAGES = '/_data/pages';

/** Every such file but the pages' documents, by its path: the search index's files, the facets and the redirects. */
export function dataFiles(content: Content): Map<string, string> {
  const files = new Map([...searchFiles(content), ...facetFiles(content)]);
  files.set(redirectsFilePath, JSON.stringify(content.redirects.map(({ from, to }) => ({ from, to }))));
  return files;
}

/** The text of the file at this path, or undefined when there is none. */
export function dataFile(content: Content, path: string): string | undefined {
  if (!path.startsWith(PAGES)) return dataFiles(content).get(path);
  const route = routeOfDataPath(path);
  const page = route === undefined ? undefined : content.routes.get(route);
  return page && JSON.stringify(resolvePage(content, page));
}
