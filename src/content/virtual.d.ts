// Virtual modules made by src/node/content/vite-plugin.ts. Ambient declarations cannot use relative
// imports, so the types come through the '#types/*' path of tsconfig.json (type-only; never bundled).
declare module 'virtual:site' {
  import type { SiteDocument } from '#types/schemas/site';
  const site: SiteDocument;
  export default site;
}

declare module 'virtual:search-index' {
  import type { SearchIndex } from '#types/src/lib/search';
  /** What the header search box searches (D7), but the products' parts; import it lazily, it is not small. */
  const index: SearchIndex;
  export default index;
}

declare module 'virtual:redirects' {
  import type { RedirectRule } from '#types/src/lib/redirects';
  /** pages-data/redirects.json: fetched only when no page answers a path (src/page/redirects.ts). */
  const redirects: RedirectRule[];
  export default redirects;
}
