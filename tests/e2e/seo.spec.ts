// The built HTML as a crawler or a link preview sees it: fetched without running any script.
import { expect, test } from '@playwright/test';
import { canonicalPath, NOT_FOUND_ROUTE, parentRoute } from '../../schemas/routes';
import { builtSite, loadContent, records, withPicturePlan } from '../../src/node/content/load';
import { shareKey } from '../../src/node/pictures/plan';

const loaded = await loadContent();
if (!loaded.content) throw new Error('content is invalid: run npm run validate');
const content = withPicturePlan(loaded.content);
const site = builtSite(content.site);
const pageOf = (route: string) => content.routes.get(route)!;
const allRoutes = [...content.routes.keys()];

const attr = (html: string, re: RegExp) => re.exec(html)?.[1];
const decode = (s: string | undefined) => s?.replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');

for (const route of allRoutes.filter((r) => r !== NOT_FOUND_ROUTE)) {
  test(`${route}: head and content are in the HTML`, async ({ request }) => {
    const res = await request.get(route);
    expect(res.status()).toBe(200);
    const html = await res.text();
    const { meta, blocks } = pageOf(route).doc;
    const title = route === '/' ? site.seo.defaultTitle : `${meta.title}${site.seo.titleSuffix}`;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(decode(attr(html, /<title>([^<]*)<\/title>/))).toBe(title);
    expect(decode(attr(html, /<meta name="description" content="([^"]*)"/))).toBe(meta.description);
    // A page kept out of search engines (a comparison, whose products its address names) has no canonical address.
    expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(meta.noindex ? undefined : site.url + canonicalPath(route));
    expect(attr(html, /<meta name="robots" content="([^"]*)"/)).toBe(meta.noindex ? 'noindex, nofollow' : 'index, follow');
    // The link preview: the build's 1200×630 JPEG of the page's share image (the site's when it names none).
    const share = content.encoded!.shares.get(shareKey(meta.image ?? site.seo.shareImage))!.path;
    expect(share).toMatch(/^\/assets\/pictures\/.*-1200x630\.jpg$/);
    expect(attr(html, /<meta property="og:image" content="([^"]*)"/)).toBe(site.url + share);
    expect(attr(html, /<meta property="og:image:width" content="([^"]*)"/)).toBe('1200');
    // A link preview names its picture to screen readers: Open Graph's alt and X's (Twitter's) alike.
    const imageAlt = (meta.image ?? site.seo.shareImage).alt;
    expect(decode(attr(html, /<meta property="og:image:alt" content="([^"]*)"/))).toBe(imageAlt);
    expect(decode(attr(html, /<meta name="twitter:image:alt" content="([^"]*)"/))).toBe(imageAlt);
    expect(attr(html, /<meta name="theme-color" content="([^"]*)"/)).toBe('#6366f1');
    expect(attr(html, /<meta name="geo.region" content="([^"]*)"/)).toBe('KE');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    const hero = blocks[0]!;
    const entry = pageOf(route).entry;
    const h1 =
      hero.type === 'hero' ? hero.title : hero.type === 'partner-profile' ? content.partners.get(hero.partner)!.name : entry?.collection === 'products' ? entry.product.name : '';
    expect(decode(attr(html, /<h1[^>]*>([^<]*)<\/h1>/))).toBe(h1);

    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].flatMap((m) => [JSON.parse(m[1]!)].flat());
    const types = ld.map((d: { '@type': string }) => d['@type']);
    expect(types).toContain('Organization');
    const org = ld.find((d: { '@type': string }) => d['@type'] === 'Organization');
    expect(org.sameAs).toEqual(site.social.map((s) => s.url));
    expect(org.address.addressCountry).toBe('KE');
    // A trail Home > section > page wherever the page one level up is a page too, and on every page made
    // from a template (its entry's trail: Home > Products > category > product).
    const up = parentRoute(pageOf(route).route);
    expect(types.includes('BreadcrumbList')).toBe((!!up && content.pages.has(up)) || !!entry);
    const crumbs = ld.find((d: { '@type': string }) => d['@type'] === 'BreadcrumbList');
    if (entry) expect(crumbs.itemListElement.map((c: { item: string }) => c.item)).toEqual(entry.trail.map((c) => (c.url === '/' ? `${site.url}/` : site.url + c.url)));
    // A product's page describes the product (no offer: no price is published).
    const product = ld.find((d: { '@type': string }) => d['@type'] === 'Product');
    if (entry?.collection === 'products') {
      expect(product).toMatchObject({ name: meta.title, brand: { '@type': 'Brand', name: entry.brand.name }, category: entry.category.name, description: entry.product.description });
      expect(product.offers).toBeUndefined();
    } else expect(product).toBeUndefined();
  });
}

test('/ and /contact describe the company as a LocalBusiness too, the same company as the Organization everywhere, from site.json', async ({ request }) => {
  type Node = Record<string, unknown> & { '@type': string };
  const jsonLd = async (route: string): Promise<Node[]> =>
    [...(await (await request.get(route)).text()).matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].flatMap((m) => [JSON.parse(m[1]!)].flat());
  const id = `${site.url}/#organization`;
  for (const route of ['/', '/contact']) {
    const ld = await jsonLd(route);
    const org = ld.find((d) => d['@type'] === 'Organization')!;
    const [biz, ...more] = ld.filter((d) => d['@type'] === 'LocalBusiness');
    expect(more, route).toEqual([]);
    expect(biz, route).toMatchObject({
      '@context': 'https://schema.org',
      '@id': id,
      name: site.name,
      url: `${site.url}/`,
      email: site.mailboxes.contact,
      telephone: site.phones[0],
      address: {
        '@type': 'PostalAddress',
        streetAddress: `${site.address.building}, ${site.address.street}, ${site.address.area}`,
        addressLocality: site.address.city,
        postalCode: site.address.postalCode,
        addressCountry: site.address.country,
      },
      geo: { '@type': 'GeoCoordinates', latitude: site.map.latitude, longitude: site.map.longitude },
      sameAs: site.social.map((s) => s.url),
      hasMap: site.map.linkUrl,
      // D2: weekdays 8:00 AM to 6:00 PM, Saturday 9:00 AM to 2:00 PM, Sunday closed (no entry).
      openingHoursSpecification: [
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '18:00' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '14:00' },
      ],
    });
    // One company: the Organization says the same of it, under the same id.
    for (const key of ['@id', 'name', 'url', 'logo', 'image', 'email', 'telephone', 'address', 'geo', 'sameAs']) expect(org[key], `${route} ${key}`).toEqual(biz![key]);
    expect((await request.get(new URL(String(biz!.logo)).pathname)).status()).toBe(200);
  }
  const elsewhere = await jsonLd('/services/water-testing');
  expect(elsewhere.map((d) => d['@type'])).not.toContain('LocalBusiness');
  expect(elsewhere.find((d) => d['@type'] === 'Organization')!['@id']).toBe(id);
});

test('the not-found page is noindex and has no canonical', async ({ request }) => {
  const html = await (await request.get('/no-such-page')).text();
  expect(attr(html, /<meta name="robots" content="([^"]*)"/)).toBe('noindex, nofollow');
  expect(html).not.toContain('rel="canonical"');
  expect(html).toContain('Page not found');
});

test('water-testing offers its suppliers\' products in its catalogue', async ({ request }) => {
  const html = await (await request.get('/services/water-testing')).text();
  const ld = [JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!)].flat();
  const catalogue = ld.find((d) => d['@type'] === 'Organization').hasOfferCatalog;
  const names = catalogue.itemListElement.map((o: { itemOffered: { name: string } }) => o.itemOffered.name);
  const expected = [...content.suppliers.values()].flatMap((s) =>
    records(content).productsOf(s.id).slice(0, 3).map((p) => (p.name.startsWith(s.name) ? p.name : `${s.name} ${p.name}`)),
  );
  expect(names).toEqual(expected);
});

test('the home page offers what the company sells, the product categories, and nothing else', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const ld = [JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!)].flat();
  const names = ld.find((d) => d['@type'] === 'Organization').hasOfferCatalog.itemListElement.map((o: { itemOffered: { name: string } }) => o.itemOffered.name);
  const categories = content.pages.get('/')!.doc.blocks.find((b) => b.type === 'card-grid' && b.id === 'services');
  expect(names).toEqual(categories?.type === 'card-grid' ? categories.cards.map((c) => c.title) : []);
  for (const word of ['Mission', 'Vision', 'Goals', 'Customers', 'Integrity', 'Contact']) expect(names.join(' ')).not.toContain(word);
});

test('sitemap.xml lists every indexable page once at its canonical address, robots.txt points at it', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const indexable = allRoutes.filter((r) => r !== NOT_FOUND_ROUTE && !pageOf(r).doc.meta.noindex);
  expect(indexable.length).toBeLessThan(allRoutes.length - 1); // /compare is left out
  const expected = [...new Set(indexable.map((r) => site.url + canonicalPath(pageOf(r).route)))].sort();
  expect([...locs].sort()).toEqual(expected);
  expect(locs).not.toContain(`${site.url}/404`);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${site.url}/sitemap.xml`);
});
