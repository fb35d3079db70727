import { describe, expect, it } from 'vitest';
import { policySectionAnchor } from '../../schemas/anchors';
import { anchors, loadContent } from '../../src/node/content/load';
import { buildSearchIndex } from '../../src/node/build/search-index';
import { createSearch, normalizeTerm, type SearchEntry } from '../../src/lib/search';

const { content } = await loadContent();
if (!content) throw new Error('content is invalid: run npm run validate');
const entries = buildSearchIndex(content);
const search = await createSearch(entries);
/** The pages a query finds, in the order the results list shows them. */
const pagesFor = (query: string) => [...new Set(search(query).map((h) => h.url.split('#')[0]))];

// What a buyer types, and the pages it must find, best first: the first is the first result and the
// others follow in this order.
const expectations: [string, string[]][] = [
  ['ph met', ['/services/laboratory-instruments', '/hanna-instruments']],
  ['palin', ['/palintest', '/services/water-testing']],
  ['palintest', ['/palintest', '/services/water-testing']],
  ['Palintest photometer', ['/palintest', '/services/water-testing']],
  ['microscpe', ['/services/microscopy']],
  ['microscope', ['/services/microscopy']],
  ['fridge', ['/services/medical-refrigerators', '/biobase']],
  ['vaccine fridge', ['/services/medical-refrigerators', '/industries/healthcare']],
  ['fume hood', ['/services/safety-solutions', '/labtron']],
  ['balance', ['/services/weighing-balances']],
  ['scale', ['/services/weighing-balances']],
  ['HPLC', ['/services/chromatography-solutions', '/industries/pharmaceutical']],
  ['grievance', ['/policies/grievance-mechanism', '/policies']],
  ['water testing', ['/services/water-testing', '/palintest']],
  ['photometer', ['/services/water-testing', '/services/laboratory-instruments', '/lovibond', '/palintest']],
  ['lovibond', ['/lovibond', '/services/water-testing']],
  ['autoclave', ['/services/laboratory-instruments', '/labtron']],
  ['agar', ['/micromedica', '/services/life-sciences-products']],
  ['gifts hospitality', ['/policies/anti-bribery']],
  ['privacy', ['/privacy-policy']],
  ['contact', ['/contact']],
];

describe('search ranking against the real content', () => {
  for (const [query, want] of expectations) {
    it(`'${query}' finds ${want.join(', ')}`, () => {
      const got = pagesFor(query);
      expect(got[0]).toBe(want[0]);
      const at = want.map((p) => got.indexOf(p));
      expect(at.every((i) => i >= 0), `${want.join(', ')} all in ${got.join(', ')}`).toBe(true);
      expect(at, `in order in ${got.join(', ')}`).toEqual([...at].sort((a, b) => a - b));
    });
  }

  it('leads to the section that answers, where the section has an anchor', () => {
    expect(search('fume hood')[0]).toMatchObject({ url: '/services/safety-solutions#categories', title: 'Fume Hoods and Containment', group: 'Products & services' });
    expect(search('Containment & Storage').some((h) => h.url === '/#products')).toBe(true);
    const raise = search('how to raise a grievance').slice(0, 2).map((h) => h.url);
    expect(raise).toEqual(['/policies/grievance-mechanism', `/policies/grievance-mechanism#${policySectionAnchor(3)}`]);
  });

  it('shows the page a result is on, and the list item that matched when only an item did', () => {
    const ph = search('ph met')[0]!;
    expect(ph.title).toBe('pH Meters');
    expect(ph.description).toMatch(/^Laboratory Instruments · /);
    const labtron = search('autoclave').find((h) => h.url === '/services/scientific-equipment#partners');
    expect(labtron?.description).toBe('Scientific Equipment · Autoclaves');
  });

  it('groups the results by kind, the best result first', () => {
    const hits = search('photometer');
    expect(hits[0]).toMatchObject({ title: 'Photometer 7500', kind: 'Product', group: 'Products' });
    const groups = hits.map((h) => h.group);
    // Each group is one run: once left, never seen again.
    expect(groups.filter((g, i) => g !== groups[i - 1])).toEqual([...new Set(groups)]);
    expect(new Set(groups).size).toBeGreaterThan(2);
  });

  it('lists no link twice and at most two sections of one page', () => {
    for (const query of ['water', 'laboratory', 'safety', 'a']) {
      const urls = search(query).map((h) => h.url);
      expect(new Set(urls).size).toBe(urls.length);
      const paths = urls.map((u) => u.split('#')[0]);
      for (const p of paths) expect(paths.filter((q) => q === p).length, `${query}: ${p}`).toBeLessThanOrEqual(2);
    }
  });

  it('finds nothing for nonsense, stop words or an empty box', () => {
    expect(search('xyzzyq')).toEqual([]);
    expect(search('   ')).toEqual([]);
    expect(search('the and of')).toEqual([]);
  });

  it('still finds the entries with most of the words when no entry has them all', () => {
    expect(pagesFor('palintest spaceship')[0]).toBe('/palintest');
  });

  it('makes plurals and accents meet their singular, unaccented form', () => {
    expect(normalizeTerm('Meters')).toBe('meter');
    expect(normalizeTerm('Analysis')).toBe('analysis');
    expect(normalizeTerm('glass')).toBe('glass');
    expect(normalizeTerm('Réfrigérateurs')).toBe('refrigerateur');
    expect(normalizeTerm('the')).toBeNull();
  });
});

describe('search index', () => {
  const anchorsOf = (path: string) => new Set(anchors(content.routes.get(path)!.doc.blocks));

  it('has an entry for every page but the not-found page, at its canonical address', () => {
    const pages = new Set(entries.filter((e) => !e.page).map((e) => e.url));
    for (const route of content.pages.keys()) {
      if (route === '/404') expect(pages.has(route)).toBe(false);
      else expect(pages.has(route.replace(/^\/partner\//, '/'))).toBe(true);
    }
  });

  it('leads only to pages that exist and to sections those pages have', () => {
    for (const e of entries) {
      const [path = '', anchor] = e.url.split('#');
      expect(content.routes.has(path), e.url).toBe(true);
      if (anchor) expect(anchorsOf(path).has(anchor), e.url).toBe(true);
    }
  });

  it('indexes products, partners and suppliers by name and specification', () => {
    const named = (title: string): SearchEntry | undefined => entries.find((e) => e.title === title);
    expect(named('Photometer 7500')).toMatchObject({ kind: 'Product', url: '/services/water-testing#partners', page: 'Palintest' });
    expect(named('Photometer 7500')!.items).toContain('Pre-programmed Palintest test methods');
    expect(named('Hanna Instruments')).toMatchObject({ kind: 'Partner', url: '/hanna-instruments' });
    const delagua = content.suppliers.get('delagua')!;
    expect(named(delagua.name)).toMatchObject({ kind: 'Partner', url: '/services/water-testing#partners' });
  });

  it('is compact: one entry per link and title, short snippets, no empty or repeated items', () => {
    const keys = entries.map((e) => `${e.url} ${e.title.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of entries) {
      expect(e.text?.length ?? 0).toBeLessThanOrEqual(120);
      if (e.items) {
        expect(e.items.length).toBeGreaterThan(0);
        expect(new Set(e.items).size).toBe(e.items.length);
        expect(Math.max(...e.items.map((i) => i.length))).toBeLessThanOrEqual(60);
      }
    }
  });
});
