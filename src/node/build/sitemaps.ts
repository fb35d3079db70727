// sitemap.xml: every indexable page at its canonical address, in one file or in several under an index.
import { canonicalPath, NOT_FOUND_ROUTE } from '../../../schemas/routes.ts';
import type { Content } from '../content/load.ts';
import { sitePages } from '../content/resolve.ts';

/** The most addresses one sitemap file may list (sitemaps.org); past it, sitemap.xml is an index of several. */
export const SITEMAP_MAX = 50_000;

/**
 * The sitemap files, by name: every indexable page once, at its canonical address, in sitemap.xml; or,
 * with more pages than one file may list, sitemap.xml as the index of sitemap-1.xml, sitemap-2.xml...
 */
export function sitemaps(siteUrl: string, content: Pick<Content, 'routes'>, max = SITEMAP_MAX): Record<string, string> {
  const urls = sitePages(content)
    .filter((p) => p.route !== NOT_FOUND_ROUTE && !p.doc.meta.noindex)
    .map((p) => canonicalPath(p.route))
    .sort();
  const xml = (root: string, body: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body.join('\n')}\n</${root}>\n`;
  const urlset = (list: string[]) => xml('urlset', list.map((u) => `  <url><loc>${siteUrl}${u}</loc></url>`));
  if (urls.length <= max) return { 'sitemap.xml': urlset(urls) };
  const files: Record<string, string> = {};
  for (let i = 0; i * max < urls.length; i++) files[`sitemap-${i + 1}.xml`] = urlset(urls.slice(i * max, (i + 1) * max));
  files['sitemap.xml'] = xml('sitemapindex', Object.keys(files).map((f) => `  <sitemap><loc>${siteUrl}/${f}</loc></sitemap>`));
  return files;
}
