// JSON-LD written into each prerendered page's head (D10): the Organization with an offer catalogue of
// what the page's blocks say the company sells (each block definition's `offers`), the same company as
// a LocalBusiness (opening hours, map) on the pages that show where and when to find it, a
// BreadcrumbList on every page whose parent is a page too (/services/water-testing under /services) or
// that a template made (its entry's trail), and on a product's page the Product.
import { blockDefinitions } from '../../../schemas/blocks/index.ts';
import { brandedName, type Crumb, type Entry, isSpecValue, packValue } from '../../../schemas/collections.ts';
import type { SpecValue } from '../../../schemas/records.ts';
import { UNIT_CODES } from '../../../schemas/units.ts';
import { openingHours } from '../../../schemas/hours.ts';
import { parentRoute } from '../../../schemas/routes.ts';
import type { SiteDocument } from '../../../schemas/site.ts';
import type { ResolvedPage } from '../../page/types.ts';
import type { Content } from '../content/load.ts';
import { shareKey } from '../pictures/plan.ts';

type Json = Record<string, unknown>;

export function structuredData(site: SiteDocument, content: Content, page: ResolvedPage, entry?: Entry): Json[] {
  const out: Json[] = [organization(site, content, page)];
  if (showsPremises(page)) out.push(localBusiness(site, content));
  if (entry?.collection === 'products') out.push(product(site, entry));
  const crumbs = entry ? breadcrumbList(site, entry.trail) : breadcrumbs(site, content, page);
  if (crumbs) out.push(crumbs);
  return out;
}

/**
 * A product as schema.org describes one: no offer, since no price is published (an invented one would
 * mislead); its model or part number as its mpn where the record gives one; its specification values
 * as additionalProperty (PropertyValue, with the unit's UN/CEFACT code where it has one); its picture
 * where it has one of its own (a stand-in is not its picture). A product sold in packs (D22) is a
 * ProductGroup, each pack a variant with its order code as sku and its label as size, as Google
 * documents product variants.
 */
function product(site: SiteDocument, { product: p, brand, category, url }: Extract<Entry, { collection: 'products' }>): Json {
  const name = brandedName(p, brand);
  const absolute = (src: string) => (src.startsWith('/') ? site.url + src : src);
  const values = (list: readonly SpecValue[]) => list.map((v) => ({
    '@type': 'PropertyValue',
    name: v.name,
    value: v.value,
    ...(v.unit ? { unitText: v.unit } : {}),
    ...(v.unit && UNIT_CODES[v.unit] ? { unitCode: UNIT_CODES[v.unit] } : {}),
  }));
  const own = values(p.specifications.filter(isSpecValue));
  const common = {
    '@context': 'https://schema.org',
    name,
    description: p.description,
    ...(p.image ? { image: absolute(p.image.src) } : {}),
    category: category.name,
    brand: { '@type': 'Brand', name: brand.name },
    url: site.url + url,
  };
  if (!p.packs?.length) return { ...common, '@type': 'Product', ...(p.model ? { mpn: p.model } : {}), ...(own.length > 0 ? { additionalProperty: own } : {}) };
  const names = [...new Set([...p.specifications.filter(isSpecValue), ...p.packs.flatMap((k) => k.specifications ?? [])].map((v) => v.name))];
  return {
    ...common,
    '@type': 'ProductGroup',
    productGroupID: p.model ?? p.id,
    variesBy: ['https://schema.org/size'],
    hasVariant: p.packs.map((k) => {
      const packValues = values(names.flatMap((n) => packValue(p, k, n) ?? []));
      const image = k.image ?? p.image;
      return {
        '@type': 'Product',
        sku: k.code,
        name: `${name}, ${k.label}`,
        size: k.label,
        ...(image ? { image: absolute(image.src) } : {}),
        ...(packValues.length > 0 ? { additionalProperty: packValues } : {}),
      };
    }),
  };
}

/** One id for the company wherever it is described, so the Organization and the LocalBusiness are one company. */
const companyId = (site: SiteDocument) => `${site.url}/#organization`;

/** What the Organization and the LocalBusiness both say of the company, from the site document (D1). */
function company(site: SiteDocument, content: Content): Json {
  const a = site.address;
  return {
    '@id': companyId(site),
    name: site.name,
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
    sameAs: site.social.map((s) => s.url),
  };
}

function organization(site: SiteDocument, content: Content, page: ResolvedPage): Json {
  const org: Json = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    ...company(site, content),
    alternateName: site.shortName,
    slogan: site.tagline,
    contactPoint: site.phones.map((telephone) => ({
      '@type': 'ContactPoint',
      telephone,
      email: site.mailboxes.contact,
      contactType: 'sales',
      areaServed: site.address.country,
      availableLanguage: ['English', 'Swahili'],
    })),
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

/** The pages that show the company's address, hours and map (its contact section: / and /contact). */
const showsPremises = (page: ResolvedPage) => page.blocks.some(({ block }) => block.type === 'contact-section');

/**
 * The company as a place buyers find in local search ("laboratory supplier Nairobi"): schema.org has
 * no type for a laboratory supplier, and LocalBusiness is the one local results read. Its opening
 * hours are the site document's business hours (D2).
 */
function localBusiness(site: SiteDocument, content: Content): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    ...company(site, content),
    openingHoursSpecification: openingHours(site.hours).map((h) => ({ '@type': 'OpeningHoursSpecification', ...h })),
    hasMap: site.map.linkUrl,
  };
}

/** What this page offers for sale, as its blocks' definitions say; never more than 24 names. */
export function catalogueItems(page: ResolvedPage): string[] {
  const offers = page.blocks.flatMap(({ block, props }) => blockDefinitions[block.type].offers(block as never, props as never));
  return [...new Set(offers)].slice(0, 24);
}

function breadcrumbs(site: SiteDocument, content: Content, page: ResolvedPage): Json | undefined {
  const up = parentRoute(page.route);
  const parent = up && content.routes.get(up);
  if (!parent) return undefined;
  return breadcrumbList(site, [
    { name: 'Home', url: '/' },
    { name: parent.doc.meta.title, url: up },
    { name: page.meta.title, url: page.canonical },
  ]);
}

function breadcrumbList(site: SiteDocument, trail: readonly Crumb[]): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((t, i) => ({ '@type': 'ListItem', position: i + 1, name: t.name, item: t.url === '/' ? `${site.url}/` : site.url + t.url })),
  };
}

/** Safe inside a <script> element: no '</script>' or '<!--' can close it early. */
export function jsonLdScript(data: Json[]): string {
  const json = JSON.stringify(data.length === 1 ? data[0] : data).replace(/</g, '\\u003c');
  return `<script type="application/ld+json">${json}</script>`;
}
