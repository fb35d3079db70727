// npm run new-page and npm run new-block, run in a scratch copy of the project.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/node/content/load';
import { type Scratch, scratchProject } from '../support/scratch';

let scratch: Scratch;
beforeAll(() => {
  scratch = scratchProject('scaffold-');
});
afterAll(() => scratch.remove());

const codes = async () => (await loadContent(scratch.dir)).problems.map((p) => `${p.file} ${p.path} ${p.code}`);

describe('npm run new-page', { timeout: 60_000 }, () => {
  it('writes a page at the path of its URL that fails validation on its placeholders only, until they are replaced', async () => {
    const out = scratch.npm('new-page', ['/services/spectroscopy']);
    expect(out).toContain('pages-data/services/spectroscopy.json');
    // Nothing links to it yet: it says where the pages beside it are listed, the services menu and index among them.
    expect(out).toMatch(/Nothing links to \/services\/spectroscopy yet/);
    expect(out).toMatch(/pages-data\/site\.json {2}nav\.header\[2\]\.menu\.links/);
    expect(out).toMatch(/pages-data\/services\/index\.json {2}blocks\[\d+\]\.cards/);
    const file = 'pages-data/services/spectroscopy.json';
    const doc = JSON.parse(scratch.read(file));
    expect(doc.$schema).toBe('../../schemas/page.schema.json');
    expect(doc.blocks.map((b: { type: string }) => b.type)).toEqual(['hero', 'cta-banner']);
    expect((await codes()).length).toBeGreaterThan(3);
    for (const problem of await codes()) expect(problem).toMatch(new RegExp(`^${file} \\S+ placeholder$`));

    const written = (v: unknown): unknown =>
      typeof v === 'string' ? v.replace(/^TODO: .*/, 'Spectroscopy: UV-Vis, FTIR and AAS instruments for teaching, quality control and research.') : Array.isArray(v) ? v.map(written) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, written(x)])) : v;
    scratch.editJson<{ meta: { title: string; keywords: string[] } }>(file, (doc) => {
      const done = written(doc) as typeof doc;
      // A title fits 70 characters with the site's suffix (long-title), a keyword 80.
      done.meta.title = 'Spectroscopy';
      done.meta.keywords = ['spectroscopy instruments Kenya'];
      return done;
    });
    expect(await codes()).toEqual([]);
    expect((await loadContent(scratch.dir)).content!.routes.has('/services/spectroscopy')).toBe(true);
  });

  it('refuses a URL that answers already', async () => {
    expect(() => scratch.npm('new-page', ['/services/microscopy'])).toThrow(/is a page already: pages-data\/services\/microscopy\.json/);
    expect(() => scratch.npm('new-page', ['/palintest'])).toThrow(/is a page already/);
  });

  it('refuses a URL that names a page\'s file another way, or a file that exists in another case (issue 36, item 1)', () => {
    const listing = scratch.read('pages-data/policies/index.json');
    expect(() => scratch.npm('new-page', ['/policies/index'])).toThrow(/\/policies\/index names the file of the page \/policies \(pages-data\/policies\/index\.json\)/);
    expect(() => scratch.npm('new-page', ['/policies.json'])).toThrow(/lowercase words joined by hyphens/);
    // pages-data/ on a disk that ignores case would take the new file for this one.
    scratch.write('pages-data/Spectrometers.json', scratch.read('pages-data/services/microscopy.json'));
    try {
      expect(() => scratch.npm('new-page', ['/spectrometers'])).toThrow(/pages-data\/Spectrometers\.json exists, which a disk that ignores case takes for pages-data\/spectrometers\.json/);
      expect(scratch.read('pages-data/policies/index.json')).toBe(listing);
      expect(() => scratch.read('pages-data/spectrometers.json')).toThrow(/ENOENT/);
    } finally {
      rmSync(join(scratch.dir, 'pages-data/Spectrometers.json'));
    }
  });
});

describe('npm run new-product', { timeout: 60_000 }, () => {
  it('writes a product record that fails validation on its placeholders only; once they are written, the product has its page', async () => {
    const out = scratch.npm('new-product', ['nitrate-test-kit', '--brand', 'lovibond', '--category', 'field-test-kits']);
    expect(out).toContain('pages-data/records/products/nitrate-test-kit.json: its page will be /products/nitrate-test-kit');
    const file = 'pages-data/records/products/nitrate-test-kit.json';
    expect(JSON.parse(scratch.read(file))).toMatchObject({ $schema: '../../../schemas/product.schema.json', brand: 'lovibond', category: 'field-test-kits' });
    const problems = await codes();
    expect(problems.length).toBeGreaterThan(3);
    for (const problem of problems) expect(problem).toMatch(new RegExp(`^${file} \\S+ placeholder$`));
    // The stand-in picture is one of them: a product does not go live with it.
    expect(problems).toContain(`${file} image.src placeholder`);
    scratch.editJson<Record<string, unknown>>(file, (doc) => ({
      ...doc,
      name: 'Nitrate Test Kit',
      model: 'NT-4410',
      description: 'Tablets and tubes for nitrate checks at the well head.',
      image: { src: '/images/products/test-kit.svg', alt: 'A test kit with reagent bottles and tubes' },
      specifications: ['Tablet reagents'],
      applications: ['Boreholes'],
    }));
    expect(await codes()).toEqual([]);
    expect((await loadContent(scratch.dir)).content!.routes.get('/products/nitrate-test-kit')?.doc.meta.title).toBe('Lovibond Nitrate Test Kit');
  });

  it('refuses an id in use, an unknown brand or category, naming the known ones', () => {
    expect(() => scratch.npm('new-product', ['photometer-7500', '--brand', 'palintest', '--category', 'photometers'])).toThrow(/photometer-7500\.json exists already/);
    expect(() => scratch.npm('new-product', ['kit-two', '--brand', 'acme', '--category', 'photometers'])).toThrow(/--brand acme: .*lovibond/);
    expect(() => scratch.npm('new-product', ['kit-two', '--brand', 'lovibond', '--category', 'kits'])).toThrow(/--category kits: .*field-test-kits/);
  });
});

describe('npm run new-block', { timeout: 120_000 }, () => {
  it('adds a block type that passes typecheck and validation, and that pages can use', async () => {
    scratch.npm('new-block', ['gallery-strip']);
    expect(scratch.npm('typecheck')).toBe('');
    expect(scratch.read('schemas/page.schema.json')).toContain('"gallery-strip"');
    scratch.editJson<{ blocks: unknown[] }>('pages-data/contact.json', (doc) => {
      doc.blocks.splice(1, 0, { type: 'gallery-strip', id: 'strip', title: 'Our lab in pictures' });
    });
    // In the copy's own process: this one has the project's block types loaded.
    expect(scratch.npm('validate')).toMatch(/all valid/);
  });

  it('describes a new block in words, and points its component at the site\'s links and pictures', () => {
    scratch.npm('new-block', ['accreditation-badges']);
    expect(scratch.read('schemas/blocks/accreditation-badges.ts')).toContain("description: 'An accreditation badges section.'");
    expect(scratch.read('src/blocks/accreditation-badges/AccreditationBadges.tsx')).toMatch(/InternalLink.*src\/ui\/actions\.tsx/s);
  });

  it('a block type in the definitions without a component fails typecheck, naming the registry', async () => {
    scratch.write('src/blocks/registry.tsx', scratch.read('src/blocks/registry.tsx').replace(/\n {2}'gallery-strip': .*\n/, '\n'));
    expect(() => scratch.npm('typecheck')).toThrow(/src\/blocks\/registry\.tsx.*gallery-strip/s);
  });
});
