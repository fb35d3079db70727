// How the content tree becomes the site's URLs. Rules only: the pages themselves are whatever
// pages-data/ holds, and the partners whatever pages-data/records/partners.json holds. No zod here:
// the browser imports it.

/** The not-found page's own route; its document is pages-data/404.json. */
export const NOT_FOUND_ROUTE = '/404';

/** Files under pages-data/ that are not pages: the site document and the shared records. */
export const RECORD_FILES = {
  site: 'site.json',
  partners: 'records/partners.json',
  suppliers: 'records/suppliers.json',
  categories: 'records/product-categories.json',
} as const;
/** The form of an id and of each word of a page's address: lowercase words joined by hyphens (a regular expression's source). */
export const SLUG = '[a-z0-9]+(?:-[a-z0-9]+)*';

/** A last segment standing for any one segment: /products/[id] is /products/x for every x (a template page, a pattern redirect). */
export const PATTERN_SEGMENT = '[id]';
export const isPattern = (route: string) => route.endsWith(`/${PATTERN_SEGMENT}`);

/** The redirects from addresses no page answers any more (schemas/redirects.ts); optional. */
export const REDIRECTS_FILE = 'redirects.json';
export const isRecordFile = (file: string) => file === RECORD_FILES.site || file === REDIRECTS_FILE || file.startsWith('records/');

/**
 * The mappings of sheets the import has been shown (src/node/catalogue/mapping.ts): one file each, the
 * next sheet of the same headers read by it without asking again.
 */
export const IMPORT_MAPS_FOLDER = 'records/import-maps/';
const IMPORT_MAP_FILE = new RegExp(`^records/import-maps/${SLUG}\\.json$`);
export const isImportMapFile = (file: string) => IMPORT_MAP_FILE.test(file);

/** The products collection: one file per product, named by its id. */
export const PRODUCTS_FOLDER = 'records/products/';
const PRODUCT_FILE = new RegExp(`^records/products/(${SLUG})\\.json$`);
/** The id of a product file (records/products/photometer-7500.json), if the path is one. */
export const productIdOfFile = (file: string): string | undefined => PRODUCT_FILE.exec(file)?.[1];
export const productFile = (id: string) => `${PRODUCTS_FOLDER}${id}.json`;

/**
 * The route of the page that shows a record file, given the route of its collection's template page
 * (/products/[id]): records/products/photometer-7500.json is shown at /products/photometer-7500.
 * Undefined for a file no one page shows (the site document, the partner and supplier lists).
 */
export function routeOfRecord(file: string, templates: { products?: string | undefined }): string | undefined {
  const id = productIdOfFile(file);
  return id && templates.products ? entryRoute(templates.products, id) : undefined;
}

/** A template page's file names its parameter in brackets: products/[id].json serves /products/{id}. */
const TEMPLATE_FILE = /(^|\/)\[[a-z]+\]\.json$/;
export const isTemplateFile = (file: string) => TEMPLATE_FILE.test(file);

/** The route of one entry's page of a template route (/products/[id]): its page `page` of a listing, /2 and on. */
export function entryRoute(templateRoute: string, id: string, page = 1): string {
  return templateRoute.replace(/\[[a-z]+\]$/, id) + (page > 1 ? `/${page}` : '');
}

/**
 * Where the browser fetches the document of a route's page (src/page/load.ts), written by the build
 * beside the HTML of every route and served by the dev server: found from the path, so the app
 * carries no list of routes. /services/x is /_data/pages/services/x.json, / is /_data/pages.json: a file
 * beside its route's (never a folder of its own, which a build makes anew for each of 10,000 products'
 * documents, at some 0.1-0.3 ms each on ext4).
 */
export const pageDataPath = (route: string) => `/_data/pages${route === '/' ? '' : route}.json`;

/** The route whose document a path names (pageDataPath's inverse): /_data/pages/services/x.json is /services/x. */
export function routeOfDataPath(path: string): string | undefined {
  const m = /^\/_data\/pages((?:\/[a-z0-9-]+)*)\.json$/.exec(path);
  return m ? m[1] || '/' : undefined;
}

/**
 * Whether a path names a file the build writes beside the pages (their documents under /_data/, the
 * code under /assets/, the sitemaps, robots.txt, the hosts' files, the service worker): a redirect from one would hide it.
 */
export const isBuildFile = (path: string) =>
  /^\/(?:_data|assets)(?:\/|$)/.test(path) || /^\/(?:robots\.txt|sitemap(?:-\d+)?\.xml|_headers|_redirects|404\.html|sw\.js)$/.test(path);

/** The page whose old .html address `path` is (/x.html and /x/index.html are /x's, D11); undefined for another path. */
export const htmlAddressOf = (path: string): string | undefined => (/\.html$/.test(path) ? path.replace(/(\/index)?\.html$/, '') || '/' : undefined);

/** Where the build writes a category's facets file, what its listing's filters fetch (src/lib/facets.ts). */
export const facetsPath = (category: string) => `/_data/facets/${category}.json`;

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
