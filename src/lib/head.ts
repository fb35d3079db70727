import type { PageMeta } from '../../schemas/page';
import type { SiteDocument } from '../../schemas/site';

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
 * the page's canonical path; the home page's title is the site's default title.
 */
export function headData(site: SiteDocument, meta: PageMeta, canonical: string, home = canonical === '/'): HeadData {
  const title = home ? site.seo.defaultTitle : `${meta.title}${site.seo.titleSuffix}`;
  const image = meta.image ?? site.seo.shareImage;
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
