// JSON-LD written into each prerendered page's head (D10): the Organization with an offer catalogue of
// what the page's blocks say the company sells (each block definition's `offers`), and a BreadcrumbList
// on every page whose parent is a page too (/services/water-testing under /services).
import { blockDefinitions } from '../../../schemas/blocks/index.ts';
import { parentRoute } from '../../../schemas/routes.ts';
import type { SiteDocument } from '../../../schemas/site.ts';
import type { ResolvedPage } from '../../page/types.ts';
import type { Content } from '../content/load.ts';
import { shareKey } from '../pictures/plan.ts';

type Json = Record<string, unknown>;

export function structuredData(site: SiteDocument, content: Content, page: ResolvedPage): Json[] {
  const out: Json[] = [organization(site, content, page)];
  const crumbs = breadcrumbs(site, content, page);
  if (crumbs) out.push(crumbs);
  return out;
}

function organization(site: SiteDocument, content: Content, page: ResolvedPage): Json {
  const a = site.address;
  const org: Json = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    alternateName: site.shortName,
    slogan: site.tagline,
    url: `${site.url}/`,
    logo: `${site.url}/images/logo.svg`,
    image: new URL(content.encoded?.shares.get(shareKey(site.seo.shareImage))?.path ?? site.seo.shareImage.src, site.url).href,
    email: site.mailboxes.contact,
    telephone: site.phones[0],
    address: {
      '@type': 'PostalAddress',
      streetAddress: `${a.building}, ${a.street}, ${a.area}`,
      addressLocality: a.city,
      postalCode: a.postalCode,
      addressCountry: a.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: site.map.latitude, longitude: site.map.longitude },
    contactPoint: site.phones.map((telephone) => ({
      '@type': 'ContactPoint',
      telephone,
      email: site.mailboxes.contact,
      contactType: 'sales',
      areaServed: a.country,
      availableLanguage: ['English', 'Swahili'],
    })),
    sameAs: site.social.map((s) => s.url),
  };
  const items = catalogueItems(page);
  if (items.length > 0) {
    org.hasOfferCatalog = {
      '@type': 'OfferCatalog',
      name: page.meta.title,
      url: site.url + page.canonical,
      itemListElement: items.map((name) => ({ '@type': 'Offer', itemOffered: { '@type': 'Product', name } })),
    };
  }
  return org;
}

/** What this page offers for sale, as its blocks' definitions say; never more than 24 names. */
export function catalogueItems(page: ResolvedPage): string[] {
  const offers = page.blocks.flatMap(({ block, props }) => blockDefinitions[block.type].offers(block as never, props as never));
  return [...new Set(offers)].slice(0, 24);
}

function breadcrumbs(site: SiteDocument, content: Content, page: ResolvedPage): Json | undefined {
  const up = parentRoute(page.route);
  const parent = up && content.pages.get(up);
  if (!parent) return undefined;
  const trail = [
    { name: 'Home', url: `${site.url}/` },
    { name: parent.doc.meta.title, url: site.url + up },
    { name: page.meta.title, url: site.url + page.canonical },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((t, i) => ({ '@type': 'ListItem', position: i + 1, name: t.name, item: t.url })),
  };
}

/** Safe inside a <script> element: no '</script>' or '<!--' can close it early. */
export function jsonLdScript(data: Json[]): string {
  const json = JSON.stringify(data.length === 1 ? data[0] : data).replace(/</g, '\\u003c');
  return `<script type="application/ld+json">${json}</script>`;
}
