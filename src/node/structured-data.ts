// JSON-LD written into each prerendered page's head (D10): the Organization with an offer catalogue
// drawn from the page's own content, and a BreadcrumbList on /services/* and /industries/* pages.
import type { Block } from '../../schemas/blocks/index.ts';
import { canonicalPath } from '../../schemas/routes.ts';
import type { ResolvedPage } from './content.ts';
import type { SiteDocument } from '../../schemas/site.ts';

type Json = Record<string, unknown>;

export function structuredData(site: SiteDocument, page: ResolvedPage): Json[] {
  const out: Json[] = [organization(site, page)];
  const crumbs = breadcrumbs(site, page);
  if (crumbs) out.push(crumbs);
  return out;
}

function organization(site: SiteDocument, page: ResolvedPage): Json {
  const a = site.address;
  const org: Json = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    alternateName: site.shortName,
    slogan: site.tagline,
    url: `${site.url}/`,
    logo: `${site.url}/images/logo.svg`,
    image: `${site.url}${site.seo.shareImage.src}`,
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
      name: page.doc.meta.title,
      url: site.url + canonicalPath(page.route),
      itemListElement: items.map((name) => ({ '@type': 'Offer', itemOffered: { '@type': 'Product', name } })),
    };
  }
  return org;
}

/** What this page offers, by path: a supplier's products, a partner's specialties, or the page's cards. */
export function catalogueItems(page: ResolvedPage): string[] {
  const products = Object.values(page.suppliers).flatMap((s) => s.products.map((p) => `${s.name} ${p.name}`));
  if (products.length > 0) return products;
  const partner = Object.values(page.partners)[0];
  if (page.route.startsWith('/partner/') && partner) return partner.specialties.map((s) => `${partner.name} ${s}`);
  if (!/^\/(services|$)/.test(page.route)) return [];
  const cards = page.doc.blocks.flatMap((b: Block) => (b.type === 'card-grid' && b.style === 'card' ? b.cards.map((c) => c.title) : []));
  return [...new Set(cards)].slice(0, 24);
}

function breadcrumbs(site: SiteDocument, page: ResolvedPage): Json | undefined {
  const m = /^\/(services|industries)\/[^/]+$/.exec(page.route);
  if (!m) return undefined;
  const section = m[1] === 'services' ? 'Services' : 'Industries';
  const trail = [
    { name: 'Home', url: `${site.url}/` },
    { name: section, url: `${site.url}/${m[1]}` },
    { name: page.doc.meta.title, url: site.url + page.route },
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
