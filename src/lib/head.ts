import type { PageMeta } from '../../schemas/page';
import { canonicalPath, NOT_FOUND_ROUTE } from '../../schemas/routes';
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

/** Everything the head of a page says, from the site defaults and the page's own meta. */
export function headData(site: SiteDocument, meta: PageMeta, route: string): HeadData {
  const title = route === '/' ? site.seo.defaultTitle : `${meta.title}${site.seo.titleSuffix}`;
  const noindex = meta.noindex || /404|not found/i.test(meta.title) || route === NOT_FOUND_ROUTE;
  const image = meta.image ?? site.seo.shareImage;
  return {
    title,
    description: meta.description,
    keywords: [...meta.keywords, ...site.seo.keywords.filter((k) => !meta.keywords.includes(k))].join(', '),
    canonical: noindex ? undefined : site.url + (canonicalPath(route) === '/' ? '/' : canonicalPath(route)),
    robots: noindex ? 'noindex, nofollow' : 'index, follow',
    themeColor: site.seo.themeColor,
    image: /^https?:/.test(image.src) ? image.src : site.url + image.src,
    imageAlt: image.alt,
  };
}
