// Virtual modules made by src/node/content/vite-plugin.ts. Ambient declarations cannot use relative
// imports, so the types come through the '#types/*' path of tsconfig.json (type-only; never bundled).
declare module 'virtual:site' {
  import type { SiteDocument } from '#types/schemas/site';
  const site: SiteDocument;
  export default site;
}

declare module 'virtual:pages' {
  import type { ResolvedPage } from '#types/src/page/types';
  import type { BlockType } from '#types/schemas/blocks';
  /** Every route the site answers, each with its lazily loaded, validated document. */
  export const pageLoaders: Record<string, () => Promise<{ default: ResolvedPage }>>;
  /** The block types of each route's document, so their components are fetched beside the document, not after it. */
  export const pageBlockTypes: Record<string, BlockType[]>;
}

declare module 'virtual:search-index' {
  import type { SearchEntry } from '#types/src/lib/search';
  /** What the header search box searches (D7); import it lazily, it is not small. */
  const entries: SearchEntry[];
  export default entries;
}

declare module 'virtual:redirects' {
  import type { RedirectRule } from '#types/src/lib/redirects';
  /** pages-data/redirects.json: fetched only when no page answers a path (src/page/redirects.ts). */
  const redirects: RedirectRule[];
  export default redirects;
}
