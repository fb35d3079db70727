// Holds the shipped content to the specification (site-spec.md sections 1, 2, 3 and 9; decisions D3,
// D5, D9): the route lists, the shape every page shares, the home page, every claimed figure on the
// page the specification puts it on, and the partner and supplier records.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Action, Button } from '../../schemas/action';
import type { Block } from '../../schemas/blocks';
import { loadContent, type Page } from '../../src/node/content/load';

const { content, problems } = await loadContent(resolve(__dirname, '../..'));
if (!content) throw new Error(`content is invalid (npm run validate):\n${problems.map((p) => p.message).join('\n')}`);
const { pages, partners, suppliers, site } = content;

// Specification section 2, in its order.
const SPEC_SERVICES = [
  'scientific-equipment', 'water-testing', 'plant-tissue-culture', 'dairy-testing', 'soil-testing',
  'weighing-balances', 'microscopy', 'laboratory-glassware', 'medical-refrigerators', 'filtration',
  'diagnostic-medical', 'laboratory-chemicals', 'safety-solutions', 'glassware-consumables',
  'chemicals-reagents', 'chemical-reference-standards', 'chromatography-solutions',
  'laboratory-instruments', 'life-sciences-products',
];
const SPEC_INDUSTRIES = ['education', 'healthcare', 'pharmaceutical', 'food-beverages', 'research-institutions', 'environmental'];
const SPEC_POLICIES = [
  'anti-bribery', 'business-continuity', 'customer-service', 'health-safety-environment',
  'environmental-sustainability', 'ethical-policy', 'grievance-mechanism',
];
const SPEC_PARTNERS = [
  'palintest', 'lovibond', 'hanna-instruments', 'merck-millipore', 'fisher-scientific', 'loba-chemie',
  'pyrex', 'glassco', 'labtron', 'biobase', 'duchefa-biochemie', 'micromedica',
];

/** Every string a document holds (titles, copy, labels, figures), in document order. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** Every object of a given shape inside a value, found by a predicate. */
function objects<T>(value: unknown, is: (o: Record<string, unknown>) => boolean): T[] {
  if (Array.isArray(value)) return value.flatMap((v) => objects<T>(v, is));
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return [...(is(o) ? [o as T] : []), ...Object.values(o).flatMap((v) => objects<T>(v, is))];
  }
  return [];
}

const page = (route: string): Page => {
  const p = pages.get(route);
  if (!p) throw new Error(`no document for ${route}`);
  return p;
};
const blocksOf = <T extends Block['type']>(route: string, type: T) =>
  page(route).doc.blocks.filter((b): b is Extract<Block, { type: T }> => b.type === type);

/**
 * How often a figure stands in a text as a whole figure: '1 mg' counts in 'readability 1 mg' but not
 * in '0.1 mg', '24 h' not in '24 hours'.
 */
function occurrences(text: string, figure: string): number {
  const escaped = figure.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.match(new RegExp(`(?<![\\w.])${escaped}(?![\\w]|\\.\\d)`, 'g'))?.length ?? 0;
}

const slugsUnder = (prefix: string) =>
  [...pages.keys()].filter((r) => r.startsWith(prefix)).map((r) => r.slice(prefix.length));

// The pages are whatever pages-data/ holds; the specification's route table is checked here, as content.
describe('routes (specification section 2)', () => {
  it('the site answers at exactly the routes of the specification', () => {
    const single = ['/', '/services', '/industries', '/policies', '/contact', '/privacy-policy', '/terms-of-service', '/404'];
    expect([...content.routes.keys()].sort()).toEqual(
      [
        ...single,
        ...SPEC_SERVICES.map((s) => `/services/${s}`),
        ...SPEC_INDUSTRIES.map((s) => `/industries/${s}`),
        ...SPEC_POLICIES.map((s) => `/policies/${s}`),
        ...SPEC_PARTNERS.flatMap((id) => [`/partner/${id}`, `/${id}`]),
        // The catalogue (D16): its index, a page per product, a page per category and per brand with products.
        '/products',
        '/compare',
        ...[...content.products.keys()].map((id) => `/products/${id}`),
        ...new Set([...content.products.values()].map((p) => `/products/category/${p.category}`)),
        ...new Set([...content.products.values()].map((p) => `/products/brand/${p.brand}`)),
        // What the site's own controls lead to before its scripts run (D19): the quote list's page, the
        // catalogue request's, and the page that shows the way around in place of search.
        ...Object.values(content.site.pages),
      ].sort(),
    );
  });

  it('a document exists for exactly those slugs, and a record for every partner', () => {
    expect(slugsUnder('/services/').sort()).toEqual([...SPEC_SERVICES].sort());
    expect(slugsUnder('/industries/').sort()).toEqual([...SPEC_INDUSTRIES].sort());
    expect(slugsUnder('/policies/').sort()).toEqual([...SPEC_POLICIES].sort());
    expect(slugsUnder('/partner/').sort()).toEqual([...SPEC_PARTNERS].sort());
    expect([...partners.keys()].sort()).toEqual([...SPEC_PARTNERS].sort());
  });

  it('a partner page answers at its fixed top-level path with its own document', () => {
    for (const id of SPEC_PARTNERS) expect(content.routes.get(`/${id}`)?.file).toBe(`partner/${id}.json`);
  });
});

const partnerRoute = (route: string) => route.startsWith('/partner/');
// Template pages (/products/[id]) open with what their collection's entry shows; test/unit/catalogue.test.ts checks them.
const contentRoutes = [...pages.keys()].filter((r) => r !== '/404' && !partnerRoute(r) && !r.includes('['));
const toContact = (b: Button) => b.action.kind === 'link' && /^\/contact(#[a-z0-9-]+)?$/.test(b.action.to);

describe('every page', () => {
  it.each(contentRoutes)('%s opens with its one hero and closes with a call to action to /contact', (route) => {
    const { blocks } = page(route).doc;
    expect(blocks[0]?.type).toBe('hero');
    expect(blocks.filter((b) => b.type === 'hero')).toHaveLength(1);
    const last = blocks[blocks.length - 1]!;
    expect(last.type).toBe('cta-banner');
    expect(last.type === 'cta-banner' && last.buttons.some(toContact)).toBe(true);
  });

  it.each(SPEC_PARTNERS)('/partner/%s is its partner profile, closing with Contact Us and the partner\'s own website', (id) => {
    const { blocks } = page(`/partner/${id}`).doc;
    expect(blocks[0]).toEqual({ type: 'partner-profile', partner: id });
    const last = blocks[blocks.length - 1]!;
    expect(last.type).toBe('cta-banner');
    if (last.type !== 'cta-banner') return;
    expect(last.buttons.some(toContact)).toBe(true);
    expect(last.buttons.map((b) => b.action)).toContainEqual({ kind: 'external', href: partners.get(id)!.websiteUrl });
  });

  it('service pages lead back to /services and industry pages to /industries', () => {
    for (const slug of SPEC_SERVICES) expect(blocksOf(`/services/${slug}`, 'hero')[0]?.back?.to).toBe('/services');
    for (const slug of SPEC_INDUSTRIES) expect(blocksOf(`/industries/${slug}`, 'hero')[0]?.back?.to).toBe('/industries');
  });

  it('has a specific title without the site suffix, a description of 50 to 160 characters and keywords', () => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const [route, { doc }] of pages) {
      const { title, description, keywords } = doc.meta;
      expect(title, route).not.toContain(site.seo.titleSuffix.trim());
      expect(description.length, route).toBeGreaterThanOrEqual(50);
      expect(description.length, route).toBeLessThanOrEqual(160);
      expect(keywords.length, route).toBeGreaterThan(0);
      expect(titles.get(title), `${route} shares its title`).toBeUndefined();
      expect(descriptions.get(description), `${route} shares its description`).toBeUndefined();
      titles.set(title, route);
      descriptions.set(description, route);
    }
  });
});

describe('buttons (D5: no dead buttons)', () => {
  const buttons = [...pages.values()].flatMap(({ route, doc }) =>
    objects<Button>(doc, (o) => typeof o.label === 'string' && typeof o.action === 'object').map((b) => ({ route, ...b })),
  );

  it('a catalogue button opens the catalogue request with its interest filled in, or goes to /contact', () => {
    const catalogue = buttons.filter((b) => /catalog/i.test(b.label));
    expect(catalogue.length).toBeGreaterThan(10);
    for (const b of catalogue) {
      const ok = (b.action.kind === 'catalogue' && !!b.action.interest?.trim()) || toContact(b);
      expect(ok, `${b.route}: ${b.label}`).toBe(true);
    }
  });

  it('a demo, training or consultation button opens the quote request with its details filled in, or goes to /contact', () => {
    const asks = buttons.filter((b) => /demo|training|consultation|validation|partnership/i.test(b.label));
    expect(asks.length).toBeGreaterThan(10);
    for (const b of asks) {
      const ok = (b.action.kind === 'quote' && !!b.action.details?.trim()) || toContact(b);
      expect(ok, `${b.route}: ${b.label}`).toBe(true);
    }
  });

  it('every external link is the https homepage of a site, and a partner brand always links to its record\'s website', () => {
    const external = (a: Action): a is Extract<Action, { kind: 'external' }> => a.kind === 'external';
    for (const { route, label, action } of buttons) {
      if (!external(action)) continue;
      const url = new URL(action.href);
      expect(url.protocol, `${route}: ${label}`).toBe('https:');
      expect(url.pathname + url.search, `${route}: ${label} ${action.href} is a deep link`).toMatch(/^\/?$/);
    }
    for (const p of partners.values()) {
      expect(new URL(p.websiteUrl).pathname).toMatch(/^\/?$/);
      // A link named after the brand, or any external link on a card titled with its name.
      const named = buttons.filter((b) => b.label.toLowerCase().includes(p.name.toLowerCase()) && external(b.action));
      const cards = [...pages.values()].flatMap(({ doc }) => objects<{ title: string }>(doc, (o) => o.title === p.name && Array.isArray(o.buttons ?? o.links)));
      const onCards = cards.flatMap((c) => objects<Button>(c, (o) => typeof o.label === 'string' && typeof o.action === 'object'));
      for (const b of [...named, ...onCards]) {
        if (external(b.action)) expect(b.action.href, `${p.name}: ${b.label}`).toBe(p.websiteUrl);
      }
    }
  });
});

describe('home page', () => {
  const home = page('/').doc.blocks;

  it('has the anchors #home, #about, #services and #contact', () => {
    const ids = home.map((b) => ('id' in b ? b.id : undefined));
    expect(ids).toEqual(expect.arrayContaining(['home', 'about', 'services', 'contact']));
  });

  it('has a hero with 4 slides, Explore Our Products (/services) and Contact Us Today (/contact)', () => {
    const hero = blocksOf('/', 'hero')[0]!;
    expect(hero.id).toBe('home');
    expect(hero.slides).toHaveLength(4);
    expect(hero.buttons.map((b) => [b.label, b.action])).toEqual([
      ['Explore Our Products', { kind: 'link', to: '/services' }],
      ['Contact Us Today', { kind: 'link', to: '/contact' }],
    ]);
  });

  it('states the principle and the five values', () => {
    const text = strings(home).join('\n');
    expect(text).toContain('Service with Care and Integrity');
    const values = home.find((b) => b.type === 'card-grid' && b.id === 'values');
    expect(values?.type === 'card-grid' && values.cards.map((c) => c.title)).toEqual([
      'Integrity', 'Quality and Reliability', 'Service First', 'Transparency', 'Innovation',
    ]);
    for (const word of ['Mission', 'Vision', 'Goals', 'Customers']) expect(text).toContain(`Our ${word}`);
  });

  it('has 12 category cards, each with partner links and Request Quote and Download Catalogue buttons', () => {
    const grid = home.find((b) => b.type === 'card-grid' && b.id === 'services');
    if (grid?.type !== 'card-grid') throw new Error('no #services card grid');
    expect(grid.cards).toHaveLength(12);
    for (const card of grid.cards) {
      expect(card.links?.some((l) => l.action.kind === 'external'), card.title).toBe(true);
      const byLabel = new Map(card.buttons?.map((b) => [b.label, b.action.kind]));
      expect(byLabel.get('Request Quote'), card.title).toBe('quote');
      expect(byLabel.get('Download Catalogue'), card.title).toBe('catalogue');
    }
  });

  it('has the 5 product range tabs, chemicals first and default, labelled Lab Chemicals & Supplies', () => {
    const tabs = blocksOf('/', 'tabs');
    expect(tabs).toHaveLength(1);
    const range = tabs[0]!;
    expect(range.tabs.map((t) => t.id)).toEqual(['chemicals', 'instruments', 'analytical', 'safety', 'heating']);
    expect(range.defaultTab).toBe('chemicals');
    expect(range.tabs[0]!.label).toBe('Lab Chemicals & Supplies');
    for (const t of range.tabs) expect(t.sections.every((s) => s.title && s.items.length > 0), t.id).toBe(true);
  });

  it('has the contact section with a 5-row message box', () => {
    const contact = blocksOf('/', 'contact-section')[0];
    expect(contact?.id).toBe('contact');
    expect(contact?.messageRows).toBe(5);
  });
});

// Specification sections 1 and 9 (D3): each figure, written as the page shows it, on its page. A
// figure listed twice must appear twice (two different claims that share a value).
const FIGURES: Record<string, string[]> = {
  '/': ['15+', '1000+', '500+', '500+', '5000+', '25+'],
  '/services': ['25+', '15+', '10+'],
  '/services/water-testing': ['75+', '100%', '24/7', '10+'],
  '/services/dairy-testing': ['140+', '1881'],
  '/services/weighing-balances': ['0.1 mg', '1 mg', '0.01 mg', '0.001%', '320 g', '64 kg', '220 g', '200 g', '40+'],
  '/services/microscopy': ['40x to 2000x', '7x to 180x', '10x to 5000x', '100x to 1000x'],
  '/services/medical-refrigerators': ['2°C to 8°C', '2°C to 8°C', '1°C to 6°C', '-20°C to -86°C', '±0.5°C'],
  '/services/filtration': ['0.1-10 μm', '0.1-5 μm', '2.5-25 μm', 'Variable', '13 mm', '25 mm', '47 mm', '90 mm', '0.22 μm'],
  '/policies/anti-bribery': ['USD 75', 'USD 150', 'Cash gifts are never allowed'],
  '/policies/business-continuity': ['Order processing: 24 h', 'Warehousing and distribution: 48 h', 'Communication systems: 12 h', 'Finance and invoicing: 48 h', 'tested annually'],
  '/policies/customer-service': ['24 business hours', '24 h'],
  '/policies/grievance-mechanism': ['3 working days', '10 to 15 working days', '5 working days'],
  '/policies/environmental-sustainability': ['HSE-ENV-001', '1.0'],
  '/privacy-policy': ['August 2025'],
  '/terms-of-service': ['August 2025', 'cash on delivery', '30 days', '3%', 'Kenya'],
};
for (const slug of SPEC_POLICIES) (FIGURES[`/policies/${slug}`] ??= []).push('01/01/2025', 'Reviewed annually');

describe('figures of specification sections 1 and 9 (D3)', () => {
  it.each(Object.entries(FIGURES))('%s shows %j', (route, figures) => {
    const text = strings(page(route).doc).join('\n');
    const wanted = new Map<string, number>();
    for (const f of figures) wanted.set(f, (wanted.get(f) ?? 0) + 1);
    for (const [figure, times] of wanted) expect(occurrences(text, figure), `${route}: ${figure}`).toBeGreaterThanOrEqual(times);
  });

  it('shows the claimed statistics as written, in figure rows (D9)', () => {
    const rows = (route: string) => blocksOf(route, 'stats').map((s) => s.items.map((i) => i.value));
    expect(rows('/')).toEqual([['15+', '1000+', '500+'], ['500+', '5000+', '25+']]);
    expect(rows('/services')).toEqual([['25+', '15+', '10+']]);
    expect(rows('/services/water-testing')).toEqual([['75+', '100%', '24/7', '10+']]);
  });

  it('the figure matcher counts whole figures only', () => {
    expect(occurrences('readability 0.1 mg', '1 mg')).toBe(0);
    expect(occurrences('within 24 hours', '24 h')).toBe(0);
    expect(occurrences('0.1 mg and 1 mg', '1 mg')).toBe(1);
    expect(occurrences('version 1.0.2', '1.0')).toBe(0);
    expect(occurrences('500+ clients, 500+ categories, 5000+ products', '500+')).toBe(2);
  });
});

describe('partner records (specification section 3)', () => {
  const CATEGORIES: Record<string, string> = {
    palintest: 'Water Testing & Analysis', lovibond: 'Water Testing & Analysis', 'hanna-instruments': 'Water Testing & Analysis',
    'merck-millipore': 'Chemicals & Reagents', 'fisher-scientific': 'Chemicals & Reagents', 'loba-chemie': 'Chemicals & Reagents',
    pyrex: 'Laboratory Glassware', glassco: 'Laboratory Glassware', labtron: 'Scientific Equipment', biobase: 'Scientific Equipment',
    'duchefa-biochemie': 'Biotechnology & Plant Tissue Culture', micromedica: 'Microbiology & Pathology',
  };

  it('each partner has its category and the fields every partner carries', () => {
    for (const id of SPEC_PARTNERS) {
      const p = partners.get(id)!;
      expect(p.category, id).toBe(CATEGORIES[id]);
      expect(p.name && p.description && p.logo && p.image, id).toBeTruthy();
      expect(p.specialties.length, id).toBeGreaterThan(0);
      expect(p.websiteUrl, id).toMatch(/^https:\/\//);
    }
  });

  it('palintest is the only official distributor, established 1947; micromedica has empty contact info', () => {
    const official = [...partners.values()].filter((p) => p.isOfficialDistributor).map((p) => p.id);
    expect(official).toEqual(['palintest']);
    expect(partners.get('palintest')!.established).toBe(1947);
    expect(partners.get('micromedica')!.contactInfo).toEqual({});
  });

  it('the partners listing on /services groups all 12 by the five categories, each once', () => {
    const [listing, ...more] = blocksOf('/services', 'partner-listing');
    expect(more).toHaveLength(0);
    expect(listing!.groups.map((g) => g.title)).toEqual([
      'Scientific Equipment', 'Water Testing & Analysis', 'Chemicals & Reagents', 'Specialized Solutions', 'Laboratory Glassware',
    ]);
    const listed = listing!.groups.flatMap((g) => g.partners);
    expect([...listed].sort()).toEqual([...SPEC_PARTNERS].sort());
  });
});

describe('water-testing suppliers (specification sections 3 and 9)', () => {
  it('are palintest, lovibond, delagua and wagtech, established 1947, 1885, 1985 and 1996, all on the water-testing page', () => {
    expect([...suppliers.values()].map((s) => [s.id, s.established])).toEqual([
      ['palintest', 1947], ['lovibond', 1885], ['delagua', 1985], ['wagtech', 1996],
    ]);
    expect(blocksOf('/services/water-testing', 'supplier-grid').map((g) => g.suppliers)).toEqual([['palintest', 'lovibond', 'delagua', 'wagtech']]);
  });

  it('each has 1 to 3 products, records of their own with specifications, applications and a category; a shown price is "Contact for pricing"', () => {
    const prices: string[] = [];
    for (const s of suppliers.values()) {
      const own = [...content.products.values()].filter((p) => p.brand === s.id);
      expect(own.length, s.id).toBeGreaterThanOrEqual(1);
      expect(own.length, s.id).toBeLessThanOrEqual(3);
      for (const p of own) {
        expect(p.category && p.specifications.length > 0 && p.applications.length > 0, `${s.id}/${p.id}`).toBeTruthy();
        if (p.price !== undefined) prices.push(p.price);
      }
    }
    expect(prices.length).toBeGreaterThan(0);
    expect(new Set(prices)).toEqual(new Set(['Contact for pricing']));
  });

  it("the catalogue is the specification's eight products, nothing added (D16)", () => {
    expect([...content.products.keys()].sort()).toEqual([
      'comparator-2000-plus', 'delagua-dual-incubator-kit', 'delagua-kit-consumables', 'md-610-photometer',
      'palintest-dpd-tablets', 'photometer-7500', 'pooltest-9-bluetooth', 'potatest-plus',
    ]);
    for (const p of content.products.values()) expect(p.model, p.id).toBeUndefined();
  });
});

describe('/services and /industries (specification section 2)', () => {
  const linksTo = (block: Block | undefined) =>
    block?.type === 'card-grid' ? block.cards.map((c) => (c.link?.action.kind === 'link' ? c.link.action.to : undefined)) : [];

  it('/services has the eight main categories in order, and links to /industries', () => {
    const categories = page('/services').doc.blocks.find((b) => 'id' in b && b.id === 'categories');
    expect(linksTo(categories)).toEqual([
      'chemical-reference-standards', 'chromatography-solutions', 'laboratory-instruments', 'life-sciences-products',
      'laboratory-chemicals', 'diagnostic-medical', 'glassware-consumables', 'safety-solutions',
    ].map((s) => `/services/${s}`));
    expect(strings(page('/services').doc)).toContain('/industries');
  });

  it('/industries links the six sectors and names the six further sectors without links', () => {
    const blocks = page('/industries').doc.blocks;
    expect(linksTo(blocks.find((b) => 'id' in b && b.id === 'sectors'))).toEqual(SPEC_INDUSTRIES.map((s) => `/industries/${s}`));
    const other = blocks.find((b) => 'id' in b && b.id === 'other-sectors');
    expect(other?.type === 'card-grid' && other.cards.map((c) => [c.title.toLowerCase(), c.link ?? c.links ?? c.buttons])).toEqual(
      ['third party testing labs', 'agrochemical', 'herbal and animal health', 'textile and cosmetics', 'petrochemical', 'forensic'].map((t) => [t, undefined]),
    );
  });
});

describe('copy a buyer reads (issue 52)', () => {
  const shown = (value: unknown) => strings(value).filter((s) => !/^(\/|https?:|mailto:|\.\.\/)/.test(s));
  const everything = [...[...pages.values()].map((p) => ({ where: p.route, text: shown(p.doc) })), { where: 'site.json', text: shown(site) }, ...[...content.products.values()].map((p) => ({ where: p.id, text: shown(p) }))];

  it('spells catalogue one way, the British way as the rest of the site, in labels from the specification too', () => {
    for (const { where, text } of everything) expect(text.filter((s) => /\bcatalog\b/i.test(s)), where).toEqual([]);
  });

  it('has no "Oops!"', () => {
    for (const { where, text } of everything) expect(text.filter((s) => /\boops\b/i.test(s)), where).toEqual([]);
  });

  it('a product\'s specification value reads after its name and one colon, not as a second "label: value"', () => {
    for (const p of content.products.values()) {
      for (const s of p.specifications) if (typeof s !== 'string') expect(String(s.value), `${p.id}: ${s.name}`).not.toMatch(/:\s/);
    }
  });

  it('a figure\'s label names what it counts: the same words never stand beside two different figures, on a page or across the site', () => {
    const byLabel = new Map<string, Set<string>>();
    for (const p of pages.values()) {
      for (const s of p.doc.blocks) if (s.type === 'stats') for (const i of s.items) (byLabel.get(i.label.toLowerCase()) ?? byLabel.set(i.label.toLowerCase(), new Set()).get(i.label.toLowerCase())!).add(i.value);
    }
    for (const [label, values] of byLabel) expect([...values], label).toHaveLength(1);
  });
});
