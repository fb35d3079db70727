import type { BlockOf, BlockPropsOf, BlockType } from '../../schemas/blocks';
import type { PageMeta } from '../../schemas/page';

/** A block as a page renders it: the block, and the records its component shows (its definition's `resolve`). */
export type RenderedBlock = { [K in BlockType]: { block: BlockOf<K>; props: BlockPropsOf<K> } }[BlockType];

/** What the browser receives for one page (src/node/content/resolve.ts resolvePage). */
export interface ResolvedPage {
  /** The route of its document: /partner/palintest serves /palintest too. */
  route: string;
  /** Its canonical path: /palintest for /partner/palintest. */
  canonical: string;
  meta: PageMeta;
  blocks: RenderedBlock[];
  /** The pictures its blocks show, by src (schemas/blocks/define.ts `pictures`); remote ones are not listed. */
  pictures: Record<string, PagePicture>;
  /** The link preview picture (og:image) as the build made it, a 1200×630 JPEG; the meta's (or the site's) own picture when absent. */
  share?: string;
  /** The build whose code its page starts (the bundles' hash, src/node/build/prerender.ts); absent in the dev server. */
  build?: string;
}

/** A picture as a page shows it: its size read from the file, and the `sizes` of where it is drawn. */
export interface PagePicture {
  width: number;
  height: number;
  sizes: string;
  /**
   * The files the build encoded (`npm run build`): `${base}-${width}.avif` and `.webp` for each width,
   * and with `narrow` (a media query: schemas/slots.ts Slot.narrow) `${base}-narrow.avif` and `.webp`,
   * the part screens matching it show. Absent for SVGs, and in the dev server and the studio, which
   * show the file as it is.
   */
  encoded?: { base: string; widths: number[]; narrow?: string };
  /** The first picture of the page's opening block: fetched at once, at high priority. Every other picture is lazy. */
  priority?: true;
}

/** A route's loader data: the page, and 404 when the not-found document stands in. */
export interface LoadedPage {
  status: 200 | 404;
  page: ResolvedPage;
}
