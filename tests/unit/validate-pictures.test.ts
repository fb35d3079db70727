// npm run validate knows pictures (issue 21): a file that is not a readable picture, one of another
// type than its extension says, a HEIC photo, one too large to publish (a decompression bomb among
// them, refused from its header) and one narrower than its slot needs, each at the file, line and
// column of the field that names it. Named by code and position, as in validate.test.ts.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/node/content/load';
import type { Problem } from '../../src/node/content/problems';
import { phonePhoto, rawPng } from '../support/photos';

const project = resolve(__dirname, '../..');
let roots: string[] = [];
afterEach(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
  roots = [];
});

/** The real content and public/ with these files added or replaced (paths from the project root). */
function contentWith(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'pictures-'));
  roots.push(root);
  for (const dir of ['pages-data', 'public']) cpSync(join(project, dir), join(root, dir), { recursive: true });
  symlinkSync(join(project, 'schemas'), join(root, 'schemas'));
  for (const [rel, data] of Object.entries(files)) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), data);
  }
  return root;
}

const brief = (p: Problem) => ({ at: `${p.file}:${p.line}:${p.column}`, path: p.path, code: p.code });
const problemsWith = async (files: Record<string, string | Buffer>) => (await loadContent(contentWith(files))).problems;

/** The contact page with a hero picture and, optionally, its own share image. Line numbers are fixed. */
const page = (src: string, share = '') => ({
  'pages-data/contact.json': `{
  "$schema": "../schemas/page.schema.json",
  "meta": {
    "title": "Contact Us",
    "description": "Call, e-mail or visit us in Nairobi for quotes, catalogues and technical advice on laboratory equipment.",
    "keywords": ["contact"]${share ? `,\n    "image": { "src": "${share}", "alt": "Our office" }` : ''}
  },
  "blocks": [
    {
      "type": "hero",
      "title": "Contact us",
      "lead": "We reply within a working day.",
      "image": { "src": "${src}", "alt": "A laboratory bench" }
    },
    { "type": "cta-banner", "title": "Ask us", "text": "We reply fast.", "buttons": [{ "label": "Contact", "action": { "kind": "link", "to": "/contact" } }] }
  ]
}
`,
});
/** Where the hero picture's src is in `page`. */
const HERO_SRC = { at: 'pages-data/contact.json:13:25', path: 'blocks[0].image.src' };

const flat = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#5a7' } });

// Each test copies the content and reads its pictures: seconds on a busy machine.
describe('npm run validate on pictures', { timeout: 30_000 }, () => {
  it('accepts a phone photo wide enough for its slot, whatever its orientation says', async () => {
    // Stored 2600 × 1950 on its side (orientation 6): shown 1950 px wide, and the hero needs 1918.
    const photo = await phonePhoto({ width: 2600, height: 1950, orientation: 6, plain: true });
    expect((await problemsWith({ 'public/images/photos/bench.jpg': photo, ...page('/images/photos/bench.jpg') })).map(brief)).toEqual([]);
  });

  it('a JPEG cut short is not a readable picture', async () => {
    const photo = await phonePhoto({ width: 2000, height: 1500, plain: true });
    const problems = await problemsWith({ 'public/images/photos/bench.jpg': photo.subarray(0, photo.length / 2), ...page('/images/photos/bench.jpg') });
    expect(problems.map(brief)).toEqual([{ ...HERO_SRC, code: 'unreadable-picture' }]);
    expect(problems[0]!.message).toContain('cut short');
  });

  it('a PNG named .jpg is of another type than its extension says', async () => {
    const problems = await problemsWith({ 'public/images/photos/bench.jpg': await flat(2000, 1500).png().toBuffer(), ...page('/images/photos/bench.jpg') });
    expect(problems.map(brief)).toEqual([{ ...HERO_SRC, code: 'picture-type-mismatch' }]);
    expect(problems[0]!.message).toBe('/images/photos/bench.jpg is a PNG file, not the JPEG its extension says');
  });

  it('an iPhone\'s HEIC photo, named .jpg, is refused with what to do', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(4096)]);
    const problems = await problemsWith({ 'public/images/photos/IMG_0001.jpg': heic, ...page('/images/photos/IMG_0001.jpg') });
    expect(problems.map(brief)).toEqual([{ ...HERO_SRC, code: 'heic-picture' }]);
  });

  it('a picture of more than 40 megapixels is refused, and a decompression bomb with it, from the header alone', async () => {
    for (const [w, h, said] of [[8000, 6000, '48.0 megapixels'], [200_000, 200_000, '40000 megapixels']] as const) {
      const problems = await problemsWith({ 'public/images/photos/big.png': rawPng(w, h), ...page('/images/photos/big.png') });
      expect(problems.map(brief)).toEqual([{ ...HERO_SRC, code: 'picture-too-large' }]);
      expect(problems[0]!.message).toContain(said);
    }
  });

  it('a picture narrower than its slot is an error; one as wide as its slot but not twice is a warning, served at its size; each at the field that names it: in the page, or in the record a block shows', async () => {
    const tooSmall = await problemsWith({ 'public/images/photos/bench.jpg': await flat(600, 450).jpeg().toBuffer(), ...page('/images/photos/bench.jpg') });
    expect(tooSmall.map(brief)).toEqual([{ ...HERO_SRC, code: 'picture-too-small' }]);
    // Beside the heading: up to 959 px wide (one column, just below 62em).
    expect(tooSmall[0]!.message).toBe('/images/photos/bench.jpg is 600 px wide: here it is drawn up to 959 px wide, so it needs at least 959 px (1918 px to look sharp on screens of twice the pixel density)');

    // A maker's 1000 px photo is sharp at 1x: the content is valid, with a warning.
    const maker = await loadContent(contentWith({ 'public/images/photos/bench.jpg': await flat(1000, 750).jpeg().toBuffer(), ...page('/images/photos/bench.jpg') }));
    expect(maker.problems).toEqual([]);
    expect(maker.content).toBeDefined();
    expect(maker.warnings.filter((w) => w.code !== 'example-identity').map(brief)).toEqual([{ ...HERO_SRC, code: 'picture-small' }]);
    expect(maker.warnings[0]!.message).toContain('1918 px would be sharp on screens of twice the pixel density');

    // A supplier's logo, drawn 160 px wide by the water-testing page's supplier grid, is named in suppliers.json.
    const suppliers = (await import('node:fs')).readFileSync(join(project, 'pages-data/records/suppliers.json'), 'utf8').replace('"/images/brands/palintest.svg"', '"/images/brands/palintest.png"');
    const inRecord = await problemsWith({ 'public/images/brands/palintest.png': await flat(120, 40).png().toBuffer(), 'pages-data/records/suppliers.json': suppliers });
    expect(inRecord.map(brief)).toEqual([{ at: 'pages-data/records/suppliers.json:15:15', path: 'suppliers[0].logo', code: 'picture-too-small' }]);

    // A product's picture, drawn beside the heading of its own page, is named in its record.
    const product = (await import('node:fs')).readFileSync(join(project, 'pages-data/records/products/photometer-7500.json'), 'utf8').replace(/"src": "[^"]+"/, '"src": "/images/photos/photometer.jpg"');
    const inProduct = await loadContent(contentWith({ 'public/images/photos/photometer.jpg': await flat(1200, 900).jpeg().toBuffer(), 'pages-data/records/products/photometer-7500.json': product }));
    expect(inProduct.problems).toEqual([]);
    expect(inProduct.warnings.filter((w) => w.code !== 'example-identity').map(brief)).toEqual([{ at: expect.stringMatching(/^pages-data\/records\/products\/photometer-7500\.json:\d+:\d+$/), path: 'image.src', code: 'picture-small' }]);
  });

  it('a picture far from the shape of its place: a 2560 × 1 px hero slide, a 400 × 2000 px picture beside a heading (issue 36, item 7)', async () => {
    const home = (await import('node:fs')).readFileSync(join(project, 'pages-data/index.json'), 'utf8').replace('"/images/home/slide-1.svg"', '"/images/uploads/home-line.png"');
    const line = await flat(2560, 1).png().toBuffer();
    const problems = await problemsWith({ 'public/images/uploads/home-line.png': line, 'pages-data/index.json': home });
    expect(problems.map(brief)).toEqual([{ at: expect.stringMatching(/^pages-data\/index\.json:28:\d+$/), path: 'blocks[0].slides[0].image.src', code: 'picture-shape' }]);
    expect(problems[0]!.message).toBe('/images/uploads/home-line.png is 2560 × 1 px: a hero slide across the screen takes pictures from square to 4 times as wide as tall');

    const tall = await problemsWith({ 'public/images/photos/pole.jpg': await flat(400, 2000).jpeg().toBuffer(), ...page('/images/photos/pole.jpg') });
    expect(tall.filter((p) => p.code === 'picture-shape').map((p) => [brief(p), p.message])).toEqual([
      [{ ...HERO_SRC, code: 'picture-shape' }, '/images/photos/pole.jpg is 400 × 2000 px: a picture in a column, a card or a dialog takes pictures from 2 times as tall as wide to 4 times as wide as tall'],
    ]);
  });

  it('a share image smaller than a link preview\'s 1200 × 630', async () => {
    const problems = await problemsWith({ 'public/images/office.png': await flat(1000, 700).png().toBuffer(), ...page('/images/services/water-testing.svg', '/images/office.png') });
    expect(problems.map(brief)).toEqual([{ at: 'pages-data/contact.json:7:23', path: 'meta.image.src', code: 'share-picture-too-small' }]);
  });

  it('a remote https picture is neither measured nor refused', async () => {
    expect((await problemsWith(page('https://cdn.example.com/photos/bench.jpg'))).map(brief)).toEqual([]);
  });
});
