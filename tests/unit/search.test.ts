import { describe, expect, it } from 'vitest';
import { policySectionAnchor } from '../../schemas/anchors';
import { canonicalPath } from '../../schemas/routes';
import { anchors, loadContent, sitePages } from '../../src/node/content/load';
import { searchData, searchEntries, termFiles } from '../../src/node/build/search-index';
import { createSearch, decodeIds, normalizeTerm, partsInMemory, type SearchEntry, termFileOf, termFilesFor, words } from '../../src/lib/search';

const { content } = await loadContent();
if (!content) throw new Error('content is invalid: run npm run validate');
const entries = searchEntries(content);
const data = searchData(content);
const search = await createSearch(data.index, partsInMemory(data));
/** The pages a query finds, in the order the results list shows them. */
const pagesFor = async (query: string) => [...new Set((await search(query)).map((h) => h.url.split('#')[0]))];

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
  // A product word finds the products first now that each has a page (D16): their category, the products, then where they are used.
  ['photometer', ['/products/category/photometers', '/products/photometer-7500', '/services/laboratory-instruments', '/services/water-testing', '/lovibond', '/palintest']],
  ['photometer 7500', ['/products/photometer-7500']],
  ['Palintest Photometer 7500 Kenya', ['/products/photometer-7500']],
  ['md 610', ['/products/md-610-photometer']],
  ['pooltset', ['/products/pooltest-9-bluetooth']],
  ['delagua kit', ['/products/delagua-kit-consumables', '/products/delagua-dual-incubator-kit']],
  ['lovibond', ['/lovibond', '/services/water-testing']],
  ['autoclave', ['/services/laboratory-instruments', '/labtron']],
  ['agar', ['/micromedica', '/services/life-sciences-products']],
  ['gifts hospitality', ['/policies/anti-bribery']],
  ['privacy', ['/privacy-policy']],
  ['contact', ['/contact']],
];

describe('search ranking against the real content', () => {
  for (const [query, want] of expectations) {
    it(`'${query}' finds ${want.join(', ')}`, async () => {
      const got = await pagesFor(query);
      expect(got[0]).toBe(want[0]);
      const at = want.map((p) => got.indexOf(p));
      expect(at.every((i) => i >= 0), `${want.join(', ')} all in ${got.join(', ')}`).toBe(true);
      expect(at, `in order in ${got.join(', ')}`).toEqual([...at].sort((a, b) => a - b));
    });
  }

  it('leads to the section that answers, where the section has an anchor', async () => {
    expect((await search('fume hood'))[0]).toMatchObject({ url: '/services/safety-solutions#categories-fume-hoods-and-containment', title: 'Fume Hoods and Containment', group: 'Products & services' });
    // A section of a tab: the tab opens on it (src/blocks/tabs/Tabs.tsx).
    expect((await search('Containment & Storage'))[0]?.url).toBe('/#products-safety-containment-storage');
    const raise = (await search('how to raise a grievance')).slice(0, 2).map((h) => h.url);
    expect(raise).toEqual(['/policies/grievance-mechanism', `/policies/grievance-mechanism#${policySectionAnchor(3)}`]);
  });

  // Enter opens the first result: the card that answers, not the top of its grid (issue 52: the first
  // card, Spectrophotometers, two to five screens above it on a phone).
  it.each([
    ['centrifuge', '/services/laboratory-instruments#instruments-centrifuges', 'Centrifuges'],
    ['pH meter', '/services/laboratory-instruments#instruments-ph-meters', 'pH Meters'],
    ['autoclave', '/services/laboratory-instruments#instruments-autoclaves', 'Autoclaves'],
  ])("'%s' leads first to its own card, %s, an anchor of the page", async (query, url, title) => {
    expect((await search(query))[0]).toMatchObject({ url, title });
    const [path, anchor] = url.split('#');
    expect(anchors(content.routes.get(path!)!.doc.blocks)).toContain(anchor);
  });

  it('lists an entry that has all but one of three or more words, after those that have them all', async () => {
    const urls = (await search('chlorine test for water')).map((h) => h.url);
    expect(urls).toContain('/products/palintest-dpd-tablets');
    expect(urls[0]).toBe('/services/water-testing');
  });

  it('shows the page a result is on, and the list item that matched when only an item did', async () => {
    const ph = (await search('ph met'))[0]!;
    expect(ph.title).toBe('pH Meters');
    expect(ph.description).toMatch(/^Laboratory Instruments · /);
    const labtron = (await search('autoclave')).find((h) => h.url === '/services/scientific-equipment#partners-labtron');
    expect(labtron?.description).toBe('Scientific Equipment · Autoclaves');
  });

  it('groups the results by kind, the best result first', async () => {
    const hits = await search('photometer');
    // The category, then its products, in the one group of products.
    expect(hits.slice(0, 3)).toMatchObject([
      { title: 'Photometers', url: '/products/category/photometers', kind: 'Product', group: 'Products' },
      { title: 'Photometer 7500', url: '/products/photometer-7500', kind: 'Product', group: 'Products' },
      { title: 'MD 610 Photometer', url: '/products/md-610-photometer', kind: 'Product', group: 'Products' },
    ]);
    const groups = hits.map((h) => h.group);
    // Each group is one run: once left, never seen again.
    expect(groups.filter((g, i) => g !== groups[i - 1])).toEqual([...new Set(groups)]);
    expect(new Set(groups).size).toBeGreaterThan(2);
  });

  it('lists no link twice and at most two sections of one page', async () => {
    for (const query of ['water', 'laboratory', 'safety', 'a']) {
      const urls = (await search(query)).map((h) => h.url);
      expect(new Set(urls).size).toBe(urls.length);
      const paths = urls.map((u) => u.split('#')[0]);
      for (const p of paths) expect(paths.filter((q) => q === p).length, `${query}: ${p}`).toBeLessThanOrEqual(2);
    }
  });

  it('finds nothing for nonsense, stop words or an empty box', async () => {
    expect(await search('xyzzyq')).toEqual([]);
    expect(await search('   ')).toEqual([]);
    expect(await search('the and of')).toEqual([]);
  });

  it('still finds the entries with most of the words when no entry has them all', async () => {
    expect((await pagesFor('palintest spaceship'))[0]).toBe('/palintest');
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

  it('has an entry for every page but the not-found page and the later pages of a list, at its canonical address', () => {
    const urls = new Set(entries.map((e) => e.url));
    for (const page of sitePages(content)) {
      const later = page.entry && 'page' in page.entry && page.entry.page > 1;
      expect(urls.has(canonicalPath(page.route)), page.route).toBe(page.route !== '/404' && !later);
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
    expect(named('Photometer 7500')).toMatchObject({ kind: 'Product', url: '/products/photometer-7500', page: 'Palintest' });
    expect(named('Photometer 7500')!.items).toContain('Pre-programmed Palintest test methods');
    expect(named('Hanna Instruments')).toMatchObject({ kind: 'Partner', url: '/hanna-instruments' });
    const delagua = content.suppliers.get('delagua')!;
    expect(named(delagua.name)).toMatchObject({ kind: 'Partner', url: '/services/water-testing#partners' });
  });

  it("keeps the products' entries out of the chunk: each is in one file of entries, and every word of it in its term file", () => {
    const products = [...content.products.keys()].map((id) => `/products/${id}`);
    expect(data.index.entries.filter((e) => products.includes(e.url))).toEqual([]);
    const filed = data.entries.flat();
    expect(filed.map((e) => e.url).sort()).toEqual([...products].sort());
    expect(data.entries.every((f) => f.length <= data.index.products.chunk)).toBe(true);
    filed.forEach((e, id) => {
      for (const word of words([e.title, e.page, e.text, ...(e.items ?? [])].join(' '))) {
        const [title = '', other = ''] = data.terms.get(termFileOf(word, new Set(data.terms.keys()))!)?.[word] ?? [];
        expect([...decodeIds(title), ...decodeIds(other)], `${e.title}: ${word}`).toContain(id);
      }
    });
    expect([...data.terms.keys()].sort()).toEqual(data.index.products.shards);
  });

  it('splits a large term file by one more letter, and still finds every word and every word a prefix starts', () => {
    // A catalogue's model numbers: thousands of words starting with the same two letters.
    const words = [...Array.from({ length: 3000 }, (_, i) => `bi${String(i * 7).padStart(5, '0')}`), 'bi', 'bio', 'biobase', 'ph'];
    const files = termFiles(words.map((w) => [w, ['', '0']]));
    const keys = new Set(files.keys());
    expect([...keys].some((k) => k.length > 2)).toBe(true);
    expect(Math.max(...[...files.values()].map((f) => JSON.stringify(f).length))).toBeLessThan(12_000);
    for (const w of words) expect(files.get(termFileOf(w, keys)!)?.[w], w).toBeDefined();
    const under = (prefix: string) => termFilesFor(prefix, keys, true).flatMap((k) => Object.keys(files.get(k)!)).filter((w) => w.startsWith(prefix)).sort();
    expect(under('bi01')).toEqual(words.filter((w) => w.startsWith('bi01')).sort());
    expect(under('bio')).toEqual(['bio', 'biobase']);
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
