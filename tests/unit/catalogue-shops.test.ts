// The sheets companies have (issue 49 item 3): a WooCommerce export and a Shopify export of a lab range
// (tests/fixtures/woocommerce-lab.csv, shopify-lab.csv), recognised by their headers and imported on a
// scratch copy, their pictures served by a server of the test's own (tests/support/shop-pictures.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reportLines } from '../../src/node/catalogue/report';
import { applyImport, planImport } from '../../src/node/catalogue/import';
import { loadContent } from '../../src/node/content/load';
import { type Scratch, scratchProject } from '../support/scratch';
import { shopPictures } from '../support/shop-pictures';

let shop: Awaited<ReturnType<typeof shopPictures>>;
beforeAll(async () => {
  shop = await shopPictures();
});
afterAll(() => shop.close());
let scratches: Scratch[] = [];
afterEach(() => {
  for (const s of scratches) s.remove();
  scratches = [];
});

/** A scratch copy with the fixture beside it, its pictures' addresses the test's own server's. */
function withSheet(fixture: string): { scratch: Scratch; file: string } {
  const scratch = scratchProject('shop-import-');
  scratches.push(scratch);
  const file = join(scratch.dir, fixture);
  writeFileSync(file, shop.sheet(fixture));
  return { scratch, file };
}
const record = (scratch: Scratch, id: string) => JSON.parse(scratch.read(`pages-data/records/products/${id}.json`)) as Record<string, unknown>;
const stored = (name: string) => expect.stringMatching(new RegExp(`^/images/products/${name}-[0-9a-f]{10}\\.jpg$`));

describe('a WooCommerce export', () => {
  it('becomes products with packs (its variations) and a tree of categories, made with --create; the same sheet again changes nothing', async () => {
    const { scratch, file } = withSheet('woocommerce-lab.csv');
    const refused = await planImport(scratch.dir, file, { localPictures: true });
    expect(refused.format).toBe('woocommerce');
    expect(new Set(refused.problems.map((p) => p.code))).toEqual(new Set(['unknown-brand-name', 'unknown-category-name']));
    expect(refused.problems.find((p) => p.code === 'unknown-brand-name')!.at).toBe('woocommerce-lab.csv:2:AO (Brands)');

    const plan = await planImport(scratch.dir, file, { localPictures: true, create: true });
    expect(plan.problems).toEqual([]);
    expect([plan.rows, plan.products, plan.packs]).toEqual([15, 6, 7]);
    expect(plan.created.map((c) => c.id)).toEqual(['griffin-beaker-low-form', 'free-chlorine-reagent-tablets-dpd-1', 'portable-coliform-test-kit', 'pocket-ph-tester', 'total-hardness-test-strips']);
    expect(plan.leftOut).toEqual([
      { row: 6, name: 'Griffin Beaker, Low Form - 1000 mL', reason: 'a variation the shop does not sell (Published: 0)' },
      { row: 15, name: 'Burette, Class A, 50 mL', reason: 'the shop does not show it (Published: -1)' },
      { row: 16, name: 'Water Testing Starter Set', reason: 'a grouped product: its products come in on rows of their own' },
    ]);
    expect(plan.newCategories.map((c) => [c.path, c.id])).toEqual([
      ['Glassware', 'glassware'],
      ['Glassware > Beakers', 'beakers'],
      ['Water Testing', 'water-testing'],
      ['Water Testing > Reagents', 'water-testing-reagents'],
      ['Water Testing > Meters', 'meters'],
      ['Water Testing > Test Strips', 'test-strips'],
    ]);
    expect(plan.newBrands).toEqual([{ id: 'borotec-glass', name: 'Borotec Glass', row: 2 }]);
    expect(plan.warnings.map((w) => [w.at, w.message])).toEqual([['woocommerce-lab.csv:14:AE (Images)', '1 product has no picture yet: total-hardness-test-strips']]);
    expect(reportLines(plan, false)[0]).toBe('woocommerce-lab.csv, a WooCommerce export: 15 rows, 6 products and 7 packs');

    applyImport(scratch.dir, plan);
    expect((await loadContent(scratch.dir)).problems).toEqual([]);
    const beaker = record(scratch, 'griffin-beaker-low-form');
    expect(beaker).toMatchObject({
      name: 'Griffin Beaker, Low Form',
      brand: 'borotec-glass',
      category: 'beakers',
      model: 'BT-GB',
      description: 'Low-form beaker of borosilicate glass 3.3 with a spout and white enamel graduations.',
      image: { src: stored('griffin-beaker'), alt: 'Griffin Beaker, Low Form' },
      specifications: ['Borosilicate glass 3.3', 'Graduations ±5%'],
      applications: ['Heating and mixing', 'Titrations'],
      packs: [
        { code: 'BT-GB-050', label: '50 mL', price: 'KES 350' },
        { code: 'BT-GB-250', label: '250 mL', price: 'KES 520' },
        { code: 'BT-GB-600', label: '600 mL', image: { src: stored('griffin-beaker-600'), alt: 'Griffin Beaker, Low Form, 600 mL' }, price: 'KES 880' },
      ],
    });
    expect(beaker.status).toBeUndefined();
    expect(record(scratch, 'free-chlorine-reagent-tablets-dpd-1')).toMatchObject({
      brand: 'palintest',
      category: 'water-testing-reagents',
      description: 'Tablets for free chlorine by the DPD method, read on a photometer or a comparator.',
      specifications: ['One tablet per 10 mL test', 'Foil-strip packed, each tablet sealed'],
      applications: ['Drinking water treatment', 'Swimming pools'],
      packs: [
        { code: 'TST-DPD1-050', label: '50 tablets', price: 'KES 1,450' },
        { code: 'TST-DPD1-250', label: '250 tablets', price: 'KES 5,900' },
      ],
    });
    // An attribute of the category becomes its value (the product's, or each pack's where the variations differ by it); others are lines.
    expect(record(scratch, 'portable-coliform-test-kit')).toMatchObject({
      category: 'microbiology-kits',
      description: 'Field kit for faecal coliforms by membrane filtration, with its own incubator.',
      specifications: [{ name: 'Method', value: 'Membrane filtration' }, 'Power: 12 V battery or mains', 'Weight: 8.5 kg'],
      packs: [
        { code: 'DG-CK-1', label: 'Incubators: 1', specifications: [{ name: 'Incubators', value: 1 }] },
        { code: 'DG-CK-2', label: 'Incubators: 2', specifications: [{ name: 'Incubators', value: 2 }] },
      ],
    });
    expect(record(scratch, 'pocket-ph-tester')).toMatchObject({ model: 'HI-98107', price: 'KES 4,500', specifications: ['Resolution 0.1 pH', 'Two-point calibration', 'Housing: Waterproof, IP67'] });
    expect(record(scratch, 'total-hardness-test-strips').image).toBeUndefined();
    const { content } = await loadContent(scratch.dir);
    expect(['water-testing-reagents', 'meters', 'test-strips'].map((id) => content!.categories.get(id)?.parent)).toEqual(['water-testing', 'water-testing', 'water-testing']);

    const again = await planImport(scratch.dir, file, { localPictures: true, create: true });
    expect([again.problems, again.created.length, again.updated.length, again.unchanged, again.newCategories.length, again.newBrands.length, again.writes.size]).toEqual([[], 0, 0, 5, 0, 0, 0]);

    // Renamed in the shop, the product is still known by its SKU; no longer published there, it is discontinued.
    writeFileSync(file, shop.sheet('woocommerce-lab.csv').replace('130,simple,HI-98107,,Pocket pH Tester,1,', '130,simple,HI-98107,,"Pocket pH Tester, Waterproof",-1,'));
    const hidden = await planImport(scratch.dir, file, { localPictures: true });
    expect(hidden.problems).toEqual([]);
    expect(hidden.discontinued.map((c) => [c.id, c.fields])).toEqual([
      ['pocket-ph-tester', [{ field: 'name', from: 'Pocket pH Tester', to: 'Pocket pH Tester, Waterproof' }, { field: 'status', to: 'discontinued' }]],
    ]);
  });

  it('a picture that cannot be fetched is a problem at its cell, and nothing is written', async () => {
    const missing = await shopPictures(['ph-tester.jpg']);
    try {
      const { scratch } = withSheet('woocommerce-lab.csv');
      const file = join(scratch.dir, 'missing.csv');
      writeFileSync(file, missing.sheet('woocommerce-lab.csv'));
      const plan = await planImport(scratch.dir, file, { localPictures: true, create: true });
      expect(plan.problems.map((p) => [p.at, p.code])).toEqual([['missing.csv:13:AE (Images)', 'bad-file']]);
      expect(plan.problems[0]!.message).toMatch(/ph-tester\.jpg: could not be downloaded: .* answered 404$/);
      expect(plan.writes.size).toBe(0);
      expect(plan.created.length).toBe(5);
    } finally {
      await missing.close();
    }
  });
});

describe('a Shopify export', () => {
  it('becomes products with packs (its variants, their options the labels) and new categories from Type and Product Category; the same sheet again changes nothing', async () => {
    const { scratch, file } = withSheet('shopify-lab.csv');
    const plan = await planImport(scratch.dir, file, { localPictures: true, create: true });
    expect(plan.format).toBe('shopify');
    expect(plan.problems).toEqual([]);
    expect(plan.created.map((c) => c.id)).toEqual(['magnetic-stirrer-hotplate', 'nitrile-examination-gloves', 'portable-photometer-kit', 'benchtop-conductivity-meter']);
    expect(plan.leftOut).toEqual([{ row: 11, name: 'Polypropylene Sample Bottles, 250 mL', reason: 'the shop does not show it (Status: draft)' }]);
    expect(plan.newCategories.map((c) => c.path)).toEqual(['Laboratory Equipment', 'Laboratory Equipment > Stirrers', 'Safety', 'Safety > Gloves', 'Water Testing', 'Water Testing > Meters']);
    expect(plan.newBrands.map((b) => b.name)).toEqual(['Stirwell']);

    applyImport(scratch.dir, plan);
    expect((await loadContent(scratch.dir)).problems).toEqual([]);
    expect(record(scratch, 'magnetic-stirrer-hotplate')).toMatchObject({
      brand: 'stirwell',
      category: 'stirrers',
      description: 'Hotplate stirrer with a ceramic-coated top, for beakers and flasks up to 5 litres.',
      image: { src: stored('stirrer-hotplate'), alt: 'A hotplate stirrer with a beaker of blue liquid on it' },
      specifications: ['Heats to 340 °C', 'Stirs at 100–1500 rpm', 'Top plate 180 mm across'],
      packs: [
        { code: 'SW-MSH-G', label: 'UK plug (Type G)', price: 'KES 38,500' },
        { code: 'SW-MSH-C', label: 'EU plug (Type C)', price: 'KES 38,500' },
      ],
    });
    expect(record(scratch, 'nitrile-examination-gloves')).toMatchObject({
      category: 'gloves',
      applications: ['Handling reagents', 'Sample preparation'],
      packs: [
        { code: 'SW-NG-S100', label: 'Small, Box of 100', price: 'KES 950' },
        { code: 'SW-NG-M100', label: 'Medium, Box of 100', price: 'KES 950' },
        { code: 'SW-NG-L100', label: 'Large, Box of 100', image: { src: stored('nitrile-gloves-large'), alt: 'Nitrile Examination Gloves, Powder-free, Large, Box of 100' }, price: 'KES 950' },
      ],
    });
    // An option that is an attribute of the category is each pack's value of it too.
    expect(record(scratch, 'portable-photometer-kit')).toMatchObject({
      brand: 'lovibond',
      category: 'photometers',
      packs: [
        { code: 'LB-PPK-BT', label: 'Bluetooth', specifications: [{ name: 'Data transfer', value: 'Bluetooth' }], price: 'KES 96,000' },
        { code: 'LB-PPK-BTU', label: 'Bluetooth and USB', specifications: [{ name: 'Data transfer', value: 'Bluetooth and USB' }], price: 'KES 104,000' },
      ],
    });
    // One variant ("Default Title"): no packs, its SKU the model, its price the product's.
    const meter = record(scratch, 'benchtop-conductivity-meter');
    expect(meter).toMatchObject({ brand: 'hanna-instruments', category: 'meters', model: 'HI-5321', price: 'KES 185,000' });
    expect([meter.packs, meter.image]).toEqual([undefined, undefined]);

    const again = await planImport(scratch.dir, file, { localPictures: true, create: true });
    expect([again.problems, again.created.length, again.updated.length, again.unchanged, again.writes.size]).toEqual([[], 0, 0, 4, 0]);
  });
});
