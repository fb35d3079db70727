// The picture pipeline's pieces on files made here (src/node/pictures/): a file's type by its first
// bytes, a picture turned upright without its metadata, the facts the validator reads (and the files
// it refuses without decoding), and the widths and names the build plans.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { besideHeading, fixedSlot, fullWidthSlot, gridSlot } from '../../schemas/slots';
import { encodePictures } from '../../src/node/pictures/encode';
import { PictureError, type PictureFacts, pictureFacts } from '../../src/node/pictures/facts';
import { ladderWidths, neededWidth, planPictures } from '../../src/node/pictures/plan';
import { sniffType, typeOfExtension } from '../../src/node/pictures/sniff';
import { MAX_EDGE, uprightPicture } from '../../src/node/pictures/upright';
import { metadataLeft, phonePhoto, rawPng } from '../support/photos';

// Encoding and decoding take seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const dir = mkdtempSync(join(tmpdir(), 'picture-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, data: Buffer | string) => {
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
};

const tiny = sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366aa' } });
/** The first bytes of an iPhone's HEIC photo: its ftyp box names the heic brand. */
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]);

const faultOf = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => (e instanceof PictureError ? e.fault : { kind: 'other', detail: String(e) }));

describe('a file\'s type, by its first bytes', () => {
  it('tells the picture formats apart whatever the file is called', async () => {
    expect(sniffType(await tiny.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffType(await tiny.clone().png().toBuffer())).toBe('png');
    expect(sniffType(await tiny.clone().webp().toBuffer())).toBe('webp');
    expect(sniffType(await tiny.clone().avif().toBuffer())).toBe('avif');
    expect(sniffType(HEIC)).toBe('heic');
  });

  it('knows an SVG by its <svg> element, after a byte order mark, an XML declaration, comments or a doctype', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>';
    for (const text of [svg, `\uFEFF<?xml version="1.0"?>\n<!-- drawn by hand -->\n<!DOCTYPE svg>\n${svg}`]) expect(sniffType(Buffer.from(text))).toBe('svg');
    expect(sniffType(Buffer.from('<!doctype html><html><body><svg></svg></body></html>'))).toBe('other');
    expect(sniffType(Buffer.from('this is text, not a JPEG'))).toBe('other');
    expect(sniffType(Buffer.alloc(0))).toBe('other');
  });

  it('reads what a file name promises', () => {
    expect(['a.jpg', 'a.JPEG', 'a.png', 'a.webp', 'a.avif', 'a.svg', 'IMG_0001.HEIC', 'a.gif'].map(typeOfExtension)).toEqual(['jpeg', 'jpeg', 'png', 'webp', 'avif', 'svg', 'heic', 'other']);
  });
});

describe('a picture as the site publishes it (uprightPicture)', () => {
  it('turns a photo taken with the phone upright the right way up and keeps none of its metadata', async () => {
    // Stored 400 × 300 with orientation 6: shown 300 × 400, its stored top-left corner at the top right.
    const photo = await phonePhoto({ width: 400, height: 300, orientation: 6, grain: 0 });
    expect(await metadataLeft(photo)).toEqual(['EXIF', 'XMP', 'ICC profile', 'orientation 6', 'GPS', 'maker']);
    const out = await uprightPicture(photo);
    expect([out.format, out.width, out.height]).toEqual(['jpeg', 300, 400]);
    expect(await metadataLeft(out.data)).toEqual([]);
    const { data, info } = await sharp(out.data).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const red = ([r, g, b]: number[]) => r! > 180 && g! < 90 && b! < 90;
    expect(red(pixel(info.width - 5, 5))).toBe(true);
    expect(red(pixel(5, 5))).toBe(false);
  });

  it('caps the long edge at 2560 px and never enlarges', async () => {
    const wide = await sharp({ create: { width: 3200, height: 800, channels: 3, background: '#808080' } }).png().toBuffer();
    expect(await uprightPicture(wide)).toMatchObject({ width: MAX_EDGE, height: 640, format: 'png' });
    expect(await uprightPicture(await tiny.clone().webp().toBuffer())).toMatchObject({ width: 8, height: 8, format: 'webp' });
  });

  it('converts a wide-gamut (Display P3) picture to sRGB and drops the profile', async () => {
    // sharp writes the sRGB colour (40, 200, 60) as P3 values, with the P3 profile attached.
    const p3 = await sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 40, g: 200, b: 60 } } }).withIccProfile('p3').png().toBuffer();
    const rgb = async (data: Buffer, ignoreIcc = false) => [...(await sharp(data, { ignoreIcc }).raw().toBuffer()).subarray(0, 3)];
    const stored = await rgb(p3, true);
    expect(stored).not.toEqual([40, 200, 60]);
    const out = await uprightPicture(p3);
    expect((await sharp(out.data).metadata()).icc).toBeUndefined();
    // Without a profile a browser reads the values as sRGB: they must be the sRGB colour again, not the P3 values.
    const shown = await rgb(out.data, true);
    shown.forEach((v, i) => expect(Math.abs(v - [40, 200, 60][i]!)).toBeLessThanOrEqual(2));
  });
});

describe('what the validator reads of a picture file (pictureFacts)', () => {
  it('reads the size as shown, turned by the EXIF orientation, and the file\'s bytes', async () => {
    const path = file('upright.jpg', await phonePhoto({ width: 400, height: 300, orientation: 6, grain: 0 }));
    const facts = await pictureFacts(path, join(dir, 'cache'));
    expect(facts).toMatchObject({ width: 300, height: 400, type: 'jpeg', hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    const started = performance.now();
    expect(await faultOf(pictureFacts(file('bomb.png', rawPng(100_000, 100_000))))).toEqual({ kind: 'too-large', detail: expect.stringContaining('100000 × 100000 px, 10000 megapixels') });
    // Decoding ten billion pixels would take minutes and 30 GB; reading a header takes milliseconds.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await faultOf(pictureFacts(file('big.png', rawPng(8000, 6000))))).toEqual({ kind: 'too-large', detail: expect.stringContaining('48.0 megapixels') });
  });

  it('refuses a file over 25 MB before reading it', async () => {
    const path = file('huge.jpg', Buffer.concat([await tiny.clone().jpeg().toBuffer(), Buffer.alloc(26 * 1024 * 1024)]));
    expect(await faultOf(pictureFacts(path))).toEqual({ kind: 'too-large', detail: expect.stringContaining('26.0 MB') });
  });

  it('refuses a JPEG cut short, a PNG named .jpg and a HEIC photo', async () => {
    const jpeg = await phonePhoto({ width: 400, height: 300 });
    expect(await faultOf(pictureFacts(file('cut.jpg', jpeg.subarray(0, jpeg.length / 2))))).toEqual({ kind: 'unreadable', detail: expect.stringContaining('cut short') });
    expect(await faultOf(pictureFacts(file('png.jpg', await tiny.clone().png().toBuffer())))).toEqual({ kind: 'type-mismatch', actual: 'png', expected: 'jpeg' });
    expect(await faultOf(pictureFacts(file('IMG_0001.jpg', HEIC)))).toEqual({ kind: 'heic' });
    expect(await faultOf(pictureFacts(file('text.png', 'not a picture')))).toEqual({ kind: 'unreadable', detail: expect.stringContaining('first bytes') });
  });
});

describe('the widths the build encodes (plan.ts)', () => {
  it('a slot needs twice its widest drawn width, at most 2560 px', () => {
    expect(neededWidth(fixedSlot(160))).toBe(320);
    expect(neededWidth(gridSlot({ base: 1, sm: 2, lg: 3 }, 20))).toBe(1470);
    expect(neededWidth(fullWidthSlot)).toBe(2560);
  });

  it('the ladder up to what is needed, never wider than the file', () => {
    expect(ladderWidths(4000, 1918)).toEqual([320, 480, 640, 720, 800, 1080, 1440, 1918]);
    expect(ladderWidths(700, 1918)).toEqual([320, 480, 700]);
    expect(ladderWidths(200, 2560)).toEqual([200]);
    expect(ladderWidths(4000, 2560)).toEqual([320, 480, 640, 720, 800, 1080, 1440, 1920, 2560]);
  });

  it('names a picture\'s files by its bytes: the same bytes the same names, other bytes other names; SVGs are not encoded', () => {
    const facts = (hash: string, type: PictureFacts['type'] = 'jpeg'): PictureFacts => ({ width: 4000, height: 3000, type, bytes: 1, hash });
    const known = new Map([['/a.jpg', facts('1'.repeat(64))], ['/b.jpg', facts('1'.repeat(64))], ['/c.jpg', facts('2'.repeat(64))], ['/d.svg', facts('3'.repeat(64), 'svg')]]);
    const uses = [...known.keys()].map((src) => ({ src, slot: fixedSlot(160) }));
    const plan = planPictures([...uses, { src: '/a.jpg', slot: fixedSlot(1280) }], [{ src: '/c.jpg', alt: '', focal: { x: 10, y: 20 } }], known);
    const [a, b, c] = ['/a.jpg', '/b.jpg', '/c.jpg'].map((src) => plan.pictures.get(src)!);
    expect(a!.base).toMatch(/^\/assets\/pictures\/a-[0-9a-f]{12}$/);
    expect(a!.id).toBe(b!.id);
    expect(a!.id).not.toBe(c!.id);
    expect(a!.widths).toEqual(ladderWidths(4000, 2560));
    expect(b!.widths).toEqual([320]);
    expect(plan.pictures.has('/d.svg')).toBe(false);
    expect(plan.shares.get('/c.jpg@10,20')!.path).toMatch(/^\/assets\/pictures\/c-[0-9a-f]{12}-1200x630\.jpg$/);
  });
});

describe('the build\'s encoding (encodePictures)', () => {
  it('encodes what it has not encoded before, and nothing on a second build; strips every raster file of public/ and leaves out a HEIC it cannot read', async () => {
    const root = join(dir, 'project');
    const dist = join(root, 'dist');
    const photo = async (seed: number) => phonePhoto({ width: 800, height: 600, orientation: 6, plain: true, seed });
    mkdirSync(join(root, 'public/images'), { recursive: true });
    writeFileSync(join(root, 'public/images/bench.jpg'), await photo(1));
    writeFileSync(join(root, 'public/images/IMG_0001.heic'), HEIC);
    const build = async () => {
      // As the client build does: public/ copied into dist/ as it is.
      rmSync(dist, { recursive: true, force: true });
      cpSync(join(root, 'public'), dist, { recursive: true });
      const src = '/images/bench.jpg';
      const facts = new Map([[src, await pictureFacts(join(root, 'public', src))]]);
      const plan = planPictures([{ src, slot: fixedSlot(240) }], [{ src, alt: 'A bench' }], facts);
      return { plan, report: await encodePictures(root, dist, plan) };
    };

    const first = await build();
    expect(first.report).toMatchObject({ encoded: 1, cached: 0, withheld: [{ path: 'public/images/IMG_0001.heic', reason: expect.stringContaining('HEIC') }] });
    const { base, widths } = first.plan.pictures.get('/images/bench.jpg')!;
    expect(widths).toEqual([320, 480]);
    for (const w of widths) for (const f of ['avif', 'webp']) expect(existsSync(join(dist, `${base}-${w}.${f}`)), `${w}.${f}`).toBe(true);
    expect(existsSync(join(dist, [...first.plan.shares.values()][0]!.path))).toBe(true);
    expect(await metadataLeft(readFileSync(join(dist, 'images/bench.jpg')))).toEqual([]);
    expect(existsSync(join(dist, 'images/IMG_0001.heic'))).toBe(false);

    const second = await build();
    expect(second.report).toMatchObject({ encoded: 0, cached: 1, files: first.report.files });
    expect(second.plan).toEqual(first.plan);

    // Other bytes at the same path: other names, encoded anew.
    writeFileSync(join(root, 'public/images/bench.jpg'), await photo(2));
    const third = await build();
    expect(third.report).toMatchObject({ encoded: 1, cached: 0 });
    expect(third.plan.pictures.get('/images/bench.jpg')!.base).not.toBe(base);
  });

  it('a photo shown only as a hero slide, under its overlay, is sent in fewer bytes than the same photo beside a heading, under other names', async () => {
    const root = join(dir, 'overlaid');
    const dist = join(root, 'dist');
    mkdirSync(join(root, 'public/images'), { recursive: true });
    const photo = await phonePhoto({ width: 800, height: 600, camera: true });
    const [slide, beside, both] = ['/images/slide.jpg', '/images/beside.jpg', '/images/both.jpg'];
    for (const src of [slide, beside, both]) writeFileSync(join(root, 'public', src!), photo);
    cpSync(join(root, 'public'), dist, { recursive: true });
    const facts = new Map(await Promise.all([slide!, beside!, both!].map(async (src) => [src, await pictureFacts(join(root, 'public', src))] as const)));
    const plan = planPictures([{ src: slide!, slot: fullWidthSlot }, { src: beside!, slot: besideHeading }], [], facts);
    await encodePictures(root, dist, plan);
    const bytes = (src: string, format: string) => readFileSync(join(dist, `${plan.pictures.get(src)!.base}-720.${format}`)).length;
    for (const format of ['avif', 'webp']) expect(bytes(slide!, format), format).toBeLessThan(0.9 * bytes(beside!, format));
    expect(plan.pictures.get(slide!)!.id).not.toBe(plan.pictures.get(beside!)!.id);
    // Drawn beside a heading as well as in a slide, it keeps the detail it needs beside the heading: the same files.
    const twice = planPictures([{ src: both!, slot: fullWidthSlot }, { src: both!, slot: besideHeading }], [], facts);
    await encodePictures(root, dist, twice);
    const file = (p: typeof plan, src: string) => readFileSync(join(dist, `${p.pictures.get(src)!.base}-720.avif`));
    expect(file(twice, both!).equals(file(plan, beside!))).toBe(true);
  }, 120_000);
});
