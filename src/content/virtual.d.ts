// The virtual module made by src/node/content/vite-plugin.ts. Ambient declarations cannot use relative
// imports, so the types come through the '#types/*' path of tsconfig.json (type-only; never bundled).
declare module 'virtual:site' {
  import type { SiteDocument } from '#types/schemas/site';
  const site: SiteDocument;
  export default site;
}
