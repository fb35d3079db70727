// The studio's picture endpoints (src/node/studio/pictures.ts) on a scratch copy: uploads, the list of
// pictures with their uses, replacing one everywhere, deleting one.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudioApi, studioProject } from '../support/studio-api';
import { metadataLeft, phonePhoto } from '../support/photos';

const page = 'services/water-testing.json';
let root = '';
let server: Awaited<ReturnType<typeof startStudioApi>>;
let base = '';

beforeAll(async () => {
  root = studioProject('studio-pictures-', ['pages-data', 'public', 'src', 'index.html'], ['schemas']);
  server = await startStudioApi(root);
  base = server.base;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

const uploads = () => (existsSync(join(root, 'public/images/uploads')) ? readdirSync(join(root, 'public/images/uploads')) : []);
const upload = (bytes: Buffer, name: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/__studio/api/upload?for=${encodeURIComponent(page)}&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/octet-stream', ...headers },
    body: new Uint8Array(bytes),
  });
const post = (what: string, body: unknown) =>
  fetch(`${base}/__studio/api/pictures/${what}`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

describe('uploading a picture', () => {
  it('stores a phone photo taken sideways upright, in sRGB, without EXIF, GPS or maker, named from the page and its content', async () => {
    // Stored 1200 × 900 with orientation 6: shown 900 wide and 1200 tall, its red corner at the top right.
    const photo = await phonePhoto({ width: 1200, height: 900, orientation: 6, plain: true });
    expect(await metadataLeft(photo)).toEqual(expect.arrayContaining(['EXIF', 'GPS', 'maker', 'orientation 6']));
    const res = await upload(photo, 'IMG_2024 lab bench.JPG');
    expect(res.status).toBe(200);
    const { src, width, height, existed } = (await res.json()) as { src: string; width: number; height: number; existed: boolean };
    expect(existed).toBe(false);
    expect(src).toMatch(/^\/images\/uploads\/services-water-testing-[0-9a-f]{10}\.jpg$/);
    expect([width, height]).toEqual([900, 1200]);
    const stored = readFileSync(join(root, 'public', src));
    expect(await metadataLeft(stored)).toEqual([]);
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height, meta.space]).toEqual([900, 1200, 'srgb']);
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const red = ([r, g, b]: number[]) => r! > 180 && g! < 80 && b! < 80;
    expect(red(at(info.width - 10, 10)), 'the stored top-left corner is at the top right once upright').toBe(true);
    expect(red(at(10, 10))).toBe(false);
    // The same photo again is the same file: nothing is duplicated or overwritten.
    expect((await (await upload(photo, 'copy.jpg')).json()) as { src: string; existed: boolean }).toMatchObject({ src, existed: true });
  });

  it('caps the long edge at 2560 px', async () => {
    const res = await upload(await phonePhoto({ width: 3200, height: 1800, plain: true, seed: 2 }), 'wide.jpg');
    expect(((await res.json()) as { width: number; height: number })).toMatchObject({ width: 2560, height: 1440 });
  });

  it('refuses a PNG named .jpg, a file that is not a picture, and an SVG, saying what to do; stores nothing', async () => {
    const before = uploads();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
    let res = await upload(png, 'bench.jpg');
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toMatch(/^bench\.jpg is a PNG file, not the JPEG its name says/);
    res = await upload(Buffer.from('these are notes, not a photo'), 'notes.jpg');
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toMatch(/notes\.jpg is not a picture/);
    res = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg');
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toMatch(/logo\.svg is an SVG: drawings are not taken from uploads/);
    expect(uploads()).toEqual(before);
  });

  it('converts a real HEIC picture to a JPEG of the same size', async () => {
    const res = await upload(readFileSync(join(import.meta.dirname, '../fixtures/colors-no-alpha.heic')), 'IMG_0002.HEIC');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { src: string; width: number; height: number; converted: string };
    expect(body).toEqual(expect.objectContaining({ src: expect.stringMatching(/^\/images\/uploads\/services-water-testing-[0-9a-f]{10}\.jpg$/), width: 64, height: 64, converted: 'HEIC to JPEG' }));
    expect(await sharp(join(root, 'public', body.src)).metadata()).toEqual(expect.objectContaining({ format: 'jpeg', width: 64, height: 64 }));
  });

  it('sends a HEIC photo to the WebAssembly decoder, and says to export it as JPEG when that cannot read it', async () => {
    // An iPhone photo's first box (ftyp, brand heic) and nothing a decoder can use.
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1')]);
    const res = await upload(Buffer.concat([ftyp, Buffer.alloc(200, 7)]), 'IMG_0001.HEIC');
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatch(/HEIC photo cannot be read .*export it as JPEG/);
  });

  it('refuses a file over 25 MB, another origin, another content type and a document that does not exist', async () => {
    const before = uploads();
    let res = await upload(Buffer.alloc(26 * 1024 * 1024, 1), 'huge.jpg');
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toMatch(/the file is 26\.0 MB: a picture may be at most 25\.0 MB/);
    // One byte over: not "25.0 MB ... at most 25.0 MB".
    res = await upload(Buffer.alloc(25 * 1024 * 1024 + 1, 1), 'huge.jpg');
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toMatch(/the file is 26,214,401 bytes: a picture may be at most 26,214,400 bytes \(25\.0 MB\)/);
    const photo = await phonePhoto({ width: 64, height: 48, plain: true, seed: 3 });
    res = await upload(photo, 'a.jpg', { origin: 'http://evil.example' });
    expect(res.status).toBe(403);
    res = await upload(photo, 'a.jpg', { 'content-type': 'multipart/form-data; boundary=x' });
    expect(res.status).toBe(415);
    res = await fetch(`${base}/__studio/api/upload?for=../package.json`, { method: 'POST', headers: { origin: base, 'content-type': 'application/octet-stream' }, body: new Uint8Array(photo) });
    expect(res.status).toBe(400);
    expect(uploads()).toEqual(before);
  });
});

describe('the pictures of the site', () => {
  it('lists every picture under public/ (and no PDF) with its size and each place that names it', async () => {
    const list = (await (await fetch(`${base}/__studio/api/pictures`)).json()) as { path: string; bytes: number; width?: number; uses: { file: string; line: number; path: string; field: string }[]; code: string[] }[];
    const pictures = readdirSync(join(root, 'public'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.(svg|png|jpe?g|webp|avif)$/.test(f));
    expect(list.length).toBe(pictures.length);
    expect(list.some((p) => p.path.endsWith('.pdf'))).toBe(false);
    const hero = list.find((p) => p.path === '/images/services/water-testing.svg')!;
    expect(hero.bytes).toBe(readFileSync(join(root, 'public/images/services/water-testing.svg')).length);
    expect(hero.uses).toContainEqual(expect.objectContaining({ file: `pages-data/${page}`, line: 28, path: 'blocks[0].image.src', field: expect.stringMatching(/^Block 1 \(Hero\).* › Image › Picture file$/) }));
    expect(hero.uses).toContainEqual(expect.objectContaining({ file: 'pages-data/records/partners.json', path: 'partners[0].image', field: 'Partner 1: Palintest › Image' }));
    expect(list.find((p) => p.path === '/favicon.svg')!.code).toContainEqual(expect.stringMatching(/^index\.html:\d+$/));
  });

  it('refuses to delete a picture still used, listing the uses; deletes one nothing uses', async () => {
    let res = await post('delete', { path: '/images/home/slide-1.svg' });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: string; links: { file: string; line: number }[] };
    expect(body.error).toMatch(/still used by 1 place in pages-data/);
    expect(body.links).toEqual([expect.objectContaining({ file: 'pages-data/index.json' })]);
    expect(existsSync(join(root, 'public/images/home/slide-1.svg'))).toBe(true);
    res = await post('delete', { path: '/images/logo.svg' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatch(/the site's code \(src\//);
    res = await post('delete', { path: '/images/pages/partners.svg' });
    expect(res.status).toBe(200);
    expect(existsSync(join(root, 'public/images/pages/partners.svg'))).toBe(false);
    expect((await post('delete', { path: '/../package.json' })).status).toBe(400);
  });

  it('replaces a picture in every document that names it, with the alt texts given, each changed on its own line', async () => {
    const from = '/images/brands/palintest.svg';
    const list = (await (await fetch(`${base}/__studio/api/pictures`)).json()) as { path: string; uses: { file: string; path: string }[] }[];
    const uses = list.find((p) => p.path === from)!.uses;
    expect(uses.length).toBeGreaterThan(1);
    writeFileSync(join(root, 'public/images/brands/palintest-new.svg'), readFileSync(join(root, 'public', from)));
    const texts = new Map(uses.map((u) => [u.file, readFileSync(join(root, u.file), 'utf8')]));
    const res = await post('replace', { from, to: '/images/brands/palintest-new.svg' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { changed: string[] }).changed).toEqual([...texts.keys()].sort());
    for (const [file, before] of texts) {
      const after = readFileSync(join(root, file), 'utf8');
      const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
      expect(changed.length, file).toBe(uses.filter((u) => u.file === file).length);
      expect(changed.every((line) => line.includes('/images/brands/palintest-new.svg'))).toBe(true);
    }
  });

  it('replaces nothing at all when the result would have a problem, and writes the alt text beside the picture when asked', async () => {
    const from = '/images/gallery/microscope-digital.svg';
    const use = ((await (await fetch(`${base}/__studio/api/pictures`)).json()) as { path: string; uses: { file: string; path: string }[] }[]).find((p) => p.path === from)!.uses[0]!;
    const before = readFileSync(join(root, use.file), 'utf8');
    const alt = use.path.replace(/\.src$/, '.alt');
    // An alt text validate refuses: nothing is written.
    let res = await post('replace', { from, to: '/images/gallery/microscope-stereo.svg', alt: [{ file: use.file, path: alt, alt: 'image.svg' }] });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { problems: { code: string }[] }).problems.map((p) => p.code)).toEqual(['alt-text']);
    expect(readFileSync(join(root, use.file), 'utf8')).toBe(before);
    // A picture that does not exist, and an alt text that is not beside a use: refused as well.
    expect((await post('replace', { from, to: '/images/gallery/none.svg' })).status).toBe(404);
    expect((await post('replace', { from, to: '/images/gallery/microscope-stereo.svg', alt: [{ file: use.file, path: 'meta.title', alt: 'x' }] })).status).toBe(400);
    res = await post('replace', { from, to: '/images/gallery/microscope-stereo.svg', alt: [{ file: use.file, path: alt, alt: 'A stereo microscope on a bench' }] });
    expect(res.status).toBe(200);
    const after = readFileSync(join(root, use.file), 'utf8');
    const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
    expect(changed.map((l) => l.trim())).toEqual(['"src": "/images/gallery/microscope-stereo.svg",', '"alt": "A stereo microscope on a bench"']);
  });

  it('refuses a replace or a delete from another origin', async () => {
    const res = await fetch(`${base}/__studio/api/pictures/delete`, { method: 'POST', headers: { origin: 'http://evil.example', 'content-type': 'application/json' }, body: JSON.stringify({ path: '/images/pages/not-found.svg' }) });
    expect(res.status).toBe(403);
    expect(existsSync(join(root, 'public/images/pages/not-found.svg'))).toBe(true);
  });
});
