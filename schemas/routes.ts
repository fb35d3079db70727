// The route table of the specification (section 2). The router, the validator and the prerenderer
// all read it from here, so a route exists in one place only.
export const serviceSlugs = [
  'scientific-equipment', 'water-testing', 'plant-tissue-culture', 'dairy-testing', 'soil-testing',
  'weighing-balances', 'microscopy', 'laboratory-glassware', 'medical-refrigerators', 'filtration',
  'diagnostic-medical', 'laboratory-chemicals', 'safety-solutions', 'glassware-consumables',
  'chemicals-reagents', 'chemical-reference-standards', 'chromatography-solutions',
  'laboratory-instruments', 'life-sciences-products',
] as const;

export const industrySlugs = [
  'education', 'healthcare', 'pharmaceutical', 'food-beverages', 'research-institutions', 'environmental',
] as const;

export const policySlugs = [
  'anti-bribery', 'business-continuity', 'customer-service', 'health-safety-environment',
  'environmental-sustainability', 'ethical-policy', 'grievance-mechanism',
] as const;

/** Partners reachable at /partner/{id} and at the fixed top-level path /{id}. */
export const partnerIds = [
  'palintest', 'lovibond', 'hanna-instruments', 'merck-millipore', 'fisher-scientific', 'loba-chemie',
  'pyrex', 'glassco', 'labtron', 'biobase', 'duchefa-biochemie', 'micromedica',
] as const;

export type ServiceSlug = (typeof serviceSlugs)[number];
export type IndustrySlug = (typeof industrySlugs)[number];
export type PolicySlug = (typeof policySlugs)[number];
export type PartnerId = (typeof partnerIds)[number];

export const NOT_FOUND_ROUTE = '/404';

const singleRoutes = [
  '/', '/services', '/industries', '/policies', '/contact', '/privacy-policy', '/terms-of-service', NOT_FOUND_ROUTE,
] as const;

/** Every route that has a page document of its own (the fixed partner paths share /partner/{id}'s). */
export const documentRoutes: readonly string[] = [
  ...singleRoutes,
  ...serviceSlugs.map((s) => `/services/${s}`),
  ...industrySlugs.map((s) => `/industries/${s}`),
  ...policySlugs.map((s) => `/policies/${s}`),
  ...partnerIds.map((id) => `/partner/${id}`),
];

/** Every URL the site answers with 200 (plus /404 itself). */
export const allRoutes: readonly string[] = [...documentRoutes, ...partnerIds.map((id) => `/${id}`)];

/** The page document of a route: pages-data mirrors the URL tree. */
export function documentFileFor(route: string): string {
  if (route === '/') return 'index.json';
  const fixedPartner = partnerIds.find((id) => route === `/${id}`);
  if (fixedPartner) return `partner/${fixedPartner}.json`;
  const trimmed = route.slice(1);
  return sectionRoutes.has(route) ? `${trimmed}/index.json` : `${trimmed}.json`;
}

/** Index pages whose children live in a folder of the same name. */
const sectionRoutes = new Set(['/services', '/industries', '/policies']);

/** The route a page document serves, or undefined for files that are not pages (site, records). */
export function routeForDocumentFile(file: string): string | undefined {
  const route = file === 'index.json' ? '/' : '/' + file.replace(/\/index\.json$/, '').replace(/\.json$/, '');
  return documentRoutes.includes(route) ? route : undefined;
}

/** Canonical path of a route: a fixed partner path is the canonical address of its partner. */
export function canonicalPath(route: string): string {
  const m = /^\/partner\/([^/]+)$/.exec(route);
  if (m && (partnerIds as readonly string[]).includes(m[1]!)) return `/${m[1]}`;
  return route;
}

/** The anchor of a policy-text section, shared by the page and the search index (/policies/x#section-2). */
export const policySectionAnchor = (i: number) => `section-${i + 1}`;
