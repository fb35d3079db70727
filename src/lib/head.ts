import type { PageMeta } from '../../schemas/page';
import type { SiteDocument } from '../../schemas/site';

/** The build's link preview picture (og:image): a JPEG of this size (src/node/pictures/plan.ts makes it). */
export const SHARE_SIZE = { width: 1200, height: 630 } as const;

export interface HeadData {
  title: string;
  description: string;
  keywords: string;
  canonical: string | undefined;
  robots: string;
  themeColor: string;
  image: string;
  imageAlt: string;
}

/**
 * Everything the head of a page says, from the site defaults and the page's own meta. `canonical` is
 * the page's canonical path; the home page's title is the site's default title; `share` the share
 * image as the build published it.
 */
export function headData(site: SiteDocument, meta: PageMeta, canonical: string, home = canonical === '/', share?: string): HeadData {
  const title = home ? site.seo.defaultTitle : `${meta.title}${site.seo.titleSuffix}`;
  const picture = meta.image ?? site.seo.shareImage;
  // The build's 1200×630 JPEG of it (ResolvedPage.share), else the file itself (the dev server).
  const image = { ...picture, src: share ?? picture.src };
  return {
    title,
    description: meta.description,
    keywords: [...meta.keywords, ...site.seo.keywords.filter((k) => !meta.keywords.includes(k))].join(', '),
    canonical: meta.noindex ? undefined : site.url + canonical,
    robots: meta.noindex ? 'noindex, nofollow' : 'index, follow',
    themeColor: site.seo.themeColor,
    image: /^https?:/.test(image.src) ? image.src : site.url + image.src,
    imageAlt: image.alt,
  };
}
