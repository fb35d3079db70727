// The loaded content resolved for rendering: each page as the browser receives it (its blocks with the
// records they show, its pictures), the site document as built, and the build's picture plan.
import type { Records } from '../../../schemas/blocks/define.ts';
import { canonicalPath } from '../../../schemas/routes.ts';
import { siteDocument, type SiteDocument } from '../../../schemas/site.ts';
import { recordsOf, renderBlock } from '../../page/resolve.ts';
import type { PagePicture, RenderedBlock, ResolvedPage } from '../../page/types.ts';
import { pictureUses, planPictures, shareKey } from '../pictures/plan.ts';
import type { Content } from './load.ts';
import type { Page } from './pages.ts';

/** The site document as built: SITE_URL (D1) overrides the canonical address for previews. */
export function builtSite(site: SiteDocument): SiteDocument {
  const url = process.env.SITE_URL;
  if (!url) return site;
  const origin = siteDocument.shape.url.safeParse(url);
  if (!origin.success) {
    throw new Error(
      `SITE_URL=${url} is not the site's address: SITE_URL takes an origin, https:// and the host with no path and no trailing slash, e.g. SITE_URL=https://www.example.co.ke (here: expected ${origin.error.issues[0]?.message ?? 'an origin'})`,
    );
  }
  return { ...site, url: origin.data };
}

/** Every page of the site once, at the route of its page (a partner page not again at its short address), templates' pages included. */
export const sitePages = (content: Pick<Content, 'routes'>): Page[] => [...content.routes].filter(([url, page]) => url === page.route).map(([, page]) => page);

/** The records as the block definitions see them, on a page (a page made from a template sees its entry); the validator has checked every id. */
export const records = (content: Content, page?: Page): Records => recordsOf(content, page?.entry);

/** What the browser receives for one page: its meta, each block with the records it shows, and the pictures they show. */
export function resolvePage(content: Content, page: Page): ResolvedPage {
  const r = records(content, page);
  const blocks = page.doc.blocks.map((block) => renderBlock(block, r));
  const share = content.encoded?.shares.get(shareKey(page.doc.meta.image ?? content.site.seo.shareImage));
  return {
    route: page.route, canonical: canonicalPath(page.route), meta: page.doc.meta, blocks, pictures: pagePictures(content, blocks),
    ...(share ? { share: share.path } : {}),
  };
}

/**
 * The pictures a page's blocks show (each block definition's `pictures`), by src: the size read from
 * the file, the `sizes` of the slot it is drawn in (of the widest, where a page shows it twice) and,
 * in a build, the files encoded for it. The opening block's first picture is the page's priority.
 * Remote pictures are not measured and not listed.
 */
function pagePictures(content: Content, blocks: readonly RenderedBlock[]): Record<string, PagePicture> {
  const out: Record<string, PagePicture> = {};
  const widest = new Map<string, number>();
  const uses = pictureUses(blocks);
  for (const { src, slot } of uses) {
    const facts = content.pictures.get(src);
    if (!facts || (widest.get(src) ?? 0) >= slot.width) continue;
    widest.set(src, slot.width);
    const encoded = content.encoded?.pictures.get(src);
    out[src] = { width: facts.width, height: facts.height, sizes: slot.sizes, ...(encoded ? { encoded: { base: encoded.base, widths: encoded.widths, ...(encoded.narrow ? { narrow: encoded.narrow.media } : {}) } } : {}) };
  }
  const first = uses[0];
  if (first?.block === 0 && out[first.src]) out[first.src]!.priority = true;
  return out;
}

/** The content with the build's picture plan: every page it resolves then names the encoded files (`npm run build` only). */
export function withPicturePlan(content: Content): Content {
  // A page a template makes adds nothing to the plan unless its own product's picture (or the stand-in
  // it shows without one, D24) is a raster one: the other products' cards on it (related, listings) are
  // drawn smaller than on their own pages.
  const raster = (src: string | undefined) => src !== undefined && (content.pictures.get(src)?.type ?? 'svg') !== 'svg';
  const shown = records(content);
  const pages = [...new Set(content.routes.values())].filter((p) => !p.entry || (p.entry.collection === 'products' && raster((p.entry.product.image ?? shown.standIn(p.entry.product))?.src)));
  const uses = pages.flatMap((p) => {
    const r = records(content, p);
    return pictureUses(p.doc.blocks.map((b) => renderBlock(b, r)));
  });
  const shareImages = [content.site.seo.shareImage, ...pages.flatMap((p) => (p.doc.meta.image ? [p.doc.meta.image] : []))];
  return { ...content, encoded: planPictures(uses, shareImages, content.pictures) };
}
