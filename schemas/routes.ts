// How the content tree becomes the site's URLs. Rules only: the pages themselves are whatever
// pages-data/ holds, and the partners whatever pages-data/records/partners.json holds. No zod here:
// the browser imports it.

/** The not-found page's own route; its document is pages-data/404.json. */
export const NOT_FOUND_ROUTE = '/404';

/** Files under pages-data/ that are not pages: the site document and the shared records. */
export const RECORD_FILES = { site: 'site.json', partners: 'records/partners.json', suppliers: 'records/suppliers.json' } as const;
/** A last segment standing for any one segment: /products/[id] is /products/x for every x (a template page, a pattern redirect). */
export const PATTERN_SEGMENT = '[id]';
export const isPattern = (route: string) => route.endsWith(`/${PATTERN_SEGMENT}`);

/** The redirects from addresses no page answers any more (schemas/redirects.ts); optional. */
export const REDIRECTS_FILE = 'redirects.json';
export const isRecordFile = (file: string) => file === RECORD_FILES.site || file === REDIRECTS_FILE || file.startsWith('records/');

/** The page a document serves: a.json is /a, a/b.json is /a/b, a/index.json is /a, index.json is /. */
export function routeOfFile(file: string): string {
  const path = file.replace(/\.json$/, '').replace(/(^|\/)index$/, '');
  return `/${path}`;
}

/** Partner pages live at /partner/{id} and answer at /{id} too (specification section 2). */
const PARTNER_PAGE = /^\/partner\/([^/]+)$/;
export const partnerIdOfRoute = (route: string): string | undefined => PARTNER_PAGE.exec(route)?.[1];
export const isPartnerPath = (path: string) => PARTNER_PAGE.test(path);
export const partnerAlias = (id: string) => `/${id}`;

/** Canonical path of a page document's route: a partner page's is its short address. */
export function canonicalPath(route: string): string {
  const id = partnerIdOfRoute(route);
  return id ? partnerAlias(id) : route;
}

/** The page one level up (/services for /services/water-testing), if the route has one. */
export function parentRoute(route: string): string | undefined {
  const cut = route.lastIndexOf('/');
  return cut > 0 ? route.slice(0, cut) : undefined;
}

/** A partner's page, when it has one. */
export const partnerPage = (id: string) => `/partner/${id}`;
