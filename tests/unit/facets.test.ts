// A listing's filters (src/lib/facets.ts): what an address means, the address of a choice, and the
// counts each choice shows.
import { describe, expect, it } from 'vitest';
import { attributeKey, choicesOf, type FacetFile, filterProducts, filtersFromParams, paramsOfFilters, rangeOf } from '../../src/lib/facets';

const file: FacetFile = {
  category: { id: 'balances', name: 'Balances' },
  categories: ['Balances'],
  productRoute: '/products/[id]',
  attributes: [
    { name: 'Readability', key: 'readability', type: 'number', unit: 'mg' },
    { name: 'Display', key: 'display', type: 'choice' },
  ],
  brands: [{ id: 'acme', name: 'Acme' }, { id: 'zeta', name: 'Zeta' }],
  products: [
    ['a1', 'A1', 0, '', '/a.svg', 'a', [0.1, 'LCD'], 0],
    ['a2', 'A2', 0, '', '/a.svg', 'a', [1, 'LED'], 0],
    ['z1', 'Z1', 1, '', '/a.svg', 'a', [0.01, 'LCD'], 0],
    ['z2', 'Z2', 1, '', '/a.svg', 'a', [null, 'LCD'], 0],
  ],
  pictures: {},
};
const params = (search: string) => {
  const p = new URLSearchParams(search);
  return (k: string) => p.get(k) ?? undefined;
};

describe('listing filters', () => {
  it('read an address and write it back the same, in the attributes\' order', () => {
    const f = filtersFromParams(params('?display=LCD&brand=zeta,acme&readability=0.05..0.5'), file.attributes);
    expect(f).toEqual({ brands: ['zeta', 'acme'], values: { display: ['LCD'] }, ranges: { readability: { min: 0.05, max: 0.5 } } });
    expect(paramsOfFilters(f, file.attributes)).toEqual({ brand: 'zeta,acme', readability: '0.05..0.5', display: 'LCD' });
    expect(filtersFromParams(params('?readability=..0.5'), file.attributes).ranges).toEqual({ readability: { max: 0.5 } });
    expect(filtersFromParams(params('?readability=1..'), file.attributes).ranges).toEqual({ readability: { min: 1 } });
    expect(filtersFromParams(params('?readability=-86..-20'), file.attributes).ranges).toEqual({ readability: { min: -86, max: -20 } });
    expect(filtersFromParams(params('?readability=2'), file.attributes).ranges).toEqual({ readability: { min: 2, max: 2 } });
    expect(filtersFromParams(params('?readability=x'), file.attributes).ranges).toEqual({});
  });

  it('narrow by brand, choice and range; a product without a value is outside any range', () => {
    const ids = (search: string) => filterProducts(file, filtersFromParams(params(search), file.attributes)).map((p) => p[0]);
    expect(ids('?brand=zeta')).toEqual(['z1', 'z2']);
    expect(ids('?display=LCD&readability=..0.1')).toEqual(['a1', 'z1']);
    expect(ids('?brand=acme&display=LED')).toEqual(['a2']);
  });

  it('count for each choice what it would leave, with the other filters applied', () => {
    const f = filtersFromParams(params('?display=LCD'), file.attributes);
    expect(choicesOf(file, f, 'brand')).toEqual([{ value: 'acme', label: 'Acme', count: 1 }, { value: 'zeta', label: 'Zeta', count: 2 }]);
    // A facet's own choice does not narrow its counts: LED still counts its product.
    expect(choicesOf(file, f, 'display')).toEqual([{ value: 'LCD', label: 'LCD', count: 3 }, { value: 'LED', label: 'LED', count: 1 }]);
    expect(rangeOf(file, f, 'readability')).toEqual({ min: 0.01, max: 0.1, count: 3 });
  });

  it('a product whose packs differ matches a filter where any of its packs does, and counts once per choice', () => {
    const packs: FacetFile = { ...file, products: [...file.products, ['p1', 'P1', 1, '', '', '', [[5, 50], ['LCD', 'LED']], 0]] };
    const ids = (search: string) => filterProducts(packs, filtersFromParams(params(search), packs.attributes)).map((p) => p[0]);
    expect(ids('?readability=40..60')).toEqual(['p1']);
    expect(ids('?readability=2..4')).toEqual([]);
    expect(ids('?display=LED')).toEqual(['a2', 'p1']);
    expect(choicesOf(packs, filtersFromParams(params(''), packs.attributes), 'display')).toEqual([{ value: 'LCD', label: 'LCD', count: 4 }, { value: 'LED', label: 'LED', count: 2 }]);
    expect(rangeOf(packs, filtersFromParams(params('?brand=zeta'), packs.attributes), 'readability')).toEqual({ min: 0.01, max: 50, count: 3 });
  });

  it('an attribute\'s key in the address is its name as a slug', () => {
    expect(attributeKey('Data transfer')).toBe('data-transfer');
    expect(attributeKey('Temperature (°C)')).toBe('temperature-c');
  });
});
