// The data-dependent parts of blocks whose every case the shipped content cannot show (a logo on a
// stock-photo host, a catalogue URL, a supplier without e-mail or website, an unknown supplier id),
// rendered to HTML as the prerenderer does, with the records the block definitions resolve.
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ShownSupplier } from '../../schemas/blocks/supplier-grid';
import type { Partner } from '../../schemas/records';
import { PartnerProfile } from '../../src/blocks/partner-profile/PartnerProfile';
import { ProductView } from '../../src/blocks/supplier-grid/SupplierGrid';
import { theme } from '../../src/ui/theme';

// Links inside the site (a product's page) need a router to render.
const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory() });

function html(node: ReactNode): HTMLDoc {
  const markup = renderToStaticMarkup(
    <RouterContextProvider router={router}>
      <MantineProvider theme={theme}>{node}</MantineProvider>
    </RouterContextProvider>,
  );
  return new HTMLDoc(markup.replace(/<style[\s\S]*?<\/style>/g, ''));
}

/** Just enough querying of static markup for these assertions. */
class HTMLDoc {
  constructor(readonly markup: string) {}
  get text() {
    return this.markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  }
  /** Every <a> with its text and attributes. */
  links() {
    return [...this.markup.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attrs, inner]) => ({
      text: inner!.replace(/<[^>]+>/g, '').trim(),
      href: /href="([^"]*)"/.exec(attrs!)?.[1],
      target: /target="([^"]*)"/.exec(attrs!)?.[1],
      rel: /rel="([^"]*)"/.exec(attrs!)?.[1],
    }));
  }
  buttons() {
    return [...this.markup.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/g)].map(([, inner]) => inner!.replace(/<[^>]+>/g, '').trim());
  }
  imgs() {
    return [...this.markup.matchAll(/<img\b([^>]*)>/g)].map(([, attrs]) => /src="([^"]*)"/.exec(attrs!)?.[1]);
  }
}

type ShownProduct = ShownSupplier['products'][number];
const product = (over: Partial<ShownProduct> = {}): ShownProduct => ({
  id: 'p',
  name: 'Photometer',
  brand: 'acme',
  description: 'Measures things.',
  image: { src: '/images/products/photometer.svg', alt: 'A handheld photometer' },
  category: 'photometers',
  categoryName: 'Photometers',
  specifications: [],
  applications: [],
  url: '/products/p',
  ...over,
});

const supplier = (over: Partial<ShownSupplier> = {}): ShownSupplier => ({
  id: 'acme',
  name: 'Acme Water',
  description: 'Water kits.',
  specialties: ['Kits'],
  logo: '/images/brands/palintest.svg',
  image: '/images/products/photometer.svg',
  contactInfo: {},
  certification: [],
  established: 1990,
  countries: [],
  products: [product()],
  productCount: 1,
  ...over,
});

describe('supplier product view (section 2)', () => {
  it('shows nothing for an unknown supplier id', () => {
    expect(html(<ProductView supplier={undefined} onClose={() => {}} />).markup).toBe('');
  });

  it('hides the e-mail, website and quote buttons when the supplier has neither e-mail nor website', () => {
    const doc = html(<ProductView supplier={supplier()} />);
    expect(doc.text).toContain('1 product available');
    expect(doc.text).toContain('Custom configurations');
    expect(doc.links().filter((l) => l.href?.startsWith('mailto:') || l.text === 'Visit Website')).toEqual([]);
    expect(doc.links().map((l) => l.text)).not.toContain('Request Quote');
    // Details is its product's page until the app runs, which opens the dialog instead (D19).
    expect(doc.links()).toContainEqual(expect.objectContaining({ text: 'Details', href: '/products/p' }));
    // Without onClose there is no close button.
    expect(doc.markup).not.toContain('Close products');
  });

  it('shows the e-mail and Visit Website buttons when the data exists, the website in a new tab', () => {
    const doc = html(<ProductView supplier={supplier({ contactInfo: { email: 'sales@acme.example' }, websiteUrl: 'https://acme.example' })} onClose={() => {}} />);
    const links = doc.links();
    expect(links).toContainEqual(expect.objectContaining({ href: 'mailto:sales@acme.example' }));
    expect(links).toContainEqual({ text: 'Visit Website', href: 'https://acme.example', target: '_blank', rel: 'noopener noreferrer' });
    expect(doc.links().find((l) => l.text === 'Request Quote')?.href).toMatch(/^mailto:sales@acme\.example\?subject=Quote%20Request/);
  });

  it('a product without specifications, applications, price or datasheet shows none of their parts', () => {
    const doc = html(<ProductView supplier={supplier()} />);
    expect(doc.text).not.toContain('Key Features');
    expect(doc.text).not.toContain('Contact for pricing');
    expect(doc.links().map((l) => l.text)).not.toContain('Sheet');
  });

  it('links each product card to its page, and a supplier with more products than it shows to all of them', () => {
    const three = [product({ id: 'a', name: 'A', url: '/products/a' }), product({ id: 'b', name: 'B', url: '/products/b' }), product({ id: 'c', name: 'C', url: '/products/c' })];
    const doc = html(<ProductView supplier={supplier({ products: three, productCount: 7, allProducts: '/products/brand/acme' })} />);
    expect(doc.text).toContain('7 products available');
    expect(doc.links()).toContainEqual(expect.objectContaining({ text: 'B', href: '/products/b' }));
    expect(doc.links()).toContainEqual(expect.objectContaining({ text: 'All 7 Acme Water products', href: '/products/brand/acme' }));
    const few = html(<ProductView supplier={supplier()} />);
    expect(few.links().map((l) => l.text)).not.toContainEqual(expect.stringMatching(/^All /));
  });

  it('caps a product card at 3 specifications and 3 applications, with the counts of the rest', () => {
    const p = product({ specifications: ['s1', 's2', 's3', 's4', 's5'], applications: ['a1', 'a2', 'a3', 'a4'], price: 'KES 10,000', datasheet: '/datasheets/x.pdf' });
    const doc = html(<ProductView supplier={supplier({ products: [p] })} />);
    expect(doc.text).toContain('Key Features s1 s2 s3 +2 more features');
    expect(doc.text).not.toContain('s4');
    expect(doc.text).toContain('a1 a2 a3 +1');
    expect(doc.text).not.toContain('a4');
    expect(doc.text).toContain('KES 10,000');
    expect(doc.links()).toContainEqual({ text: 'Sheet', href: '/datasheets/x.pdf', target: '_blank', rel: 'noopener noreferrer' });
  });
});

const partner = (over: Partial<Partner> = {}): Partner => ({
  id: 'acme',
  name: 'Acme Labware',
  description: 'Glass.',
  specialties: ['Beakers'],
  logo: '/images/brands/pyrex.svg',
  image: '/images/services/laboratory-glassware.svg',
  websiteUrl: 'https://acme.example/en/',
  category: 'Laboratory Glassware',
  ...over,
});

const renderPartner = (p: Partner) => html(<PartnerProfile block={{ type: 'partner-profile', partner: p.id }} partner={p} products={[]} productCount={0} allProducts={undefined} />);

describe('partner detail (section 2)', () => {
  it('writes the name instead of a logo from a stock-photo host, and leaves out a stock hero picture', () => {
    const doc = renderPartner(partner({ logo: 'https://images.unsplash.com/photo-1?w=300', image: 'https://images.pexels.com/photos/2/x.jpeg' }));
    expect(doc.imgs()).toEqual([]);
    expect(doc.markup).toMatch(/<p[^>]*>Acme Labware<\/p>/);
  });

  it('shows a logo and hero picture from any other host', () => {
    const doc = renderPartner(partner({ logo: 'https://cdn.acme.example/logo.png' }));
    expect(doc.imgs()).toEqual(['https://cdn.acme.example/logo.png', '/images/services/laboratory-glassware.svg']);
  });

  it('opens Visit Website and Product Catalogue (only with a catalogue URL) in new tabs', () => {
    const without = renderPartner(partner()).links();
    expect(without.map((l) => l.text)).not.toContain('Product Catalogue');
    const links = renderPartner(partner({ productCatalogUrl: 'https://acme.example/catalogue.pdf' })).links();
    expect(links).toContainEqual({ text: 'Product Catalogue', href: 'https://acme.example/catalogue.pdf', target: '_blank', rel: 'noopener noreferrer' });
    expect(links).toContainEqual({ text: 'Visit Website', href: 'https://acme.example/en/', target: '_blank', rel: 'noopener noreferrer' });
  });

  it("shows the 'Official Distributor' badge only where flagged", () => {
    expect(renderPartner(partner()).text).not.toContain('Official Distributor');
    expect(renderPartner(partner({ isOfficialDistributor: true })).text).toContain('Official Distributor');
  });

  it('shows each card and contact field only when present', () => {
    const bare = renderPartner(partner({ contactInfo: {} })).text;
    for (const absent of ['Certifications', 'Operating countries', 'Established', 'Email', 'Phone', 'Address']) expect(bare).not.toContain(absent);
    expect(bare).toContain('Specialties');
    expect(bare).toContain('Visit Partner Website');
    const full = renderPartner(
      partner({ certification: ['ISO 9001'], countries: ['India', 'Kenya'], established: 1950, contactInfo: { email: 'a@acme.example', phone: '+91 22 0000 0000', address: 'Mumbai' } }),
    );
    expect(full.text).toContain('ISO 9001');
    expect(full.text).toContain('India, Kenya');
    expect(full.text).toContain('Established 1950');
    expect(full.links()).toContainEqual(expect.objectContaining({ href: 'mailto:a@acme.example' }));
    expect(full.links()).toContainEqual(expect.objectContaining({ href: 'tel:+912200000000' }));
    expect(full.text).toContain('Address Mumbai');
  });
});
