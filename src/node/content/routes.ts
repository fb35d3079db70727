// Stage 4 of loading the content: the URLs the documents claim (a page's route, a partner page's short
// address), each by one document.
import {
  isImportMapFile, isRecordFile, isTemplateFile, NOT_FOUND_ROUTE, partnerAlias, partnerIdOfRoute, productIdOfFile, RECORD_FILES, REDIRECTS_FILE, routeOfFile,
} from '../../../schemas/routes.ts';
import type { SourceFile } from './locate.ts';
import type { Run } from './read.ts';

/** The URLs claimed so far, each by the document that answers it. */
export type Claims = Map<string, SourceFile>;

/** A URL for a document; a URL claimed twice is a problem at the second. */
export function claim(run: Run, claims: Claims, url: string, src: SourceFile) {
  const other = claims.get(url);
  if (other) run.reportFile(src.display, 'route-collision', { url, other: other.display });
  else claims.set(url, src);
}

/**
 * Stage 4, claim the routes: one per page document, and a short address per partner page. Claimed
 * before any document is checked, so links resolve whatever the state of the page they point at.
 */
export function claimRoutes(run: Run): Claims {
  const claims: Claims = new Map();
  for (const [rel, src] of run.sources) {
    if (rel === RECORD_FILES.site || rel === REDIRECTS_FILE) continue;
    if (isRecordFile(rel)) {
      if (!(Object.values(RECORD_FILES) as string[]).includes(rel) && !productIdOfFile(rel) && !isImportMapFile(rel)) run.reportFile(src.display, 'unknown-record-file', {});
      continue;
    }
    // A template's own route (/products/[id]) is no address: its entries' pages are claimed later.
    if (!isTemplateFile(rel)) claim(run, claims, routeOfFile(rel), src);
  }
  const folders = new Set([...claims.keys()].flatMap((url) => url.split('/').slice(1, -1).map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}`)));
  for (const [url, src] of [...claims]) {
    const id = partnerIdOfRoute(url);
    if (!id) continue;
    const alias = partnerAlias(id);
    if (folders.has(alias) && !claims.has(alias)) {
      run.reportFile(src.display, 'route-collision', { url: alias, other: `the folder pages-data${alias}/` });
    } else claim(run, claims, alias, src);
  }
  if (!claims.has(NOT_FOUND_ROUTE)) run.reportFile('pages-data/404.json', 'missing-document', { what: `the not-found page pages-data/404.json` });
  return claims;
}
