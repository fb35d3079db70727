// The picture pipeline (issue 21) on a scratch copy with phone photos in it: a JPEG taken with the
// phone upright (EXIF orientation 6) with a GPS position, the maker and a P3 profile, as the water-testing
// hero, the home page's about picture and Palintest's partner picture; a landscape photo as the first
// home slide and the share image; one as a card, a gallery picture and a product; a PNG logo. One build
// for the file; its own Playwright project (the browser sizes are set here).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { ladderWidths, neededWidth } from '../../src/node/pictures/plan';
import { besideHeading, fullWidthSlot, gridSlot } from '../../schemas/slots';
import { metadataLeft, phonePhoto } from '../support/photos';
import { type Scratch, scratchProject, serveScratch } from '../support/scratch';
import { expect, hydrated, recordLayoutShifts, test } from './fixtures';

let scratch: Scratch;
let server: Awaited<ReturnType<typeof serveScratch>>;
const url = (path: string) => server.url + path;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  scratch = scratchProject('pictures-e2e-');
  const put = async (src: string, data: Promise<Buffer>) => {
    mkdirSync(dirname(join(scratch.dir, 'public', src)), { recursive: true });
    writeFileSync(join(scratch.dir, 'public', src), await data);
  };
  await put('/images/photos/bench.jpg', phonePhoto({ width: 2600, height: 1950, orientation: 6, plain: true, seed: 1 }));
  await put('/images/photos/slide.jpg', phonePhoto({ width: 2600, height: 1463, orientation: 1, plain: true, seed: 2 }));
  await put('/images/photos/card.jpg', phonePhoto({ width: 1600, height: 1200, orientation: 1, plain: true, seed: 3 }));
  await put('/images/photos/product.jpg', phonePhoto({ width: 2400, height: 1800, orientation: 1, plain: true, seed: 4 }));
  await put('/images/photos/logo.png', sharp({ create: { width: 500, height: 150, channels: 4, background: '#0a6a' } }).png().toBuffer());
  type Image = { src: string; alt: string; focal?: { x: number; y: number } };
  type Doc = { meta: { image?: Image }; blocks: { slides?: { image: Image }[]; image?: Image; cards?: { image?: Image }[]; images?: { image: Image }[] }[] };
  scratch.editJson<Doc>('pages-data/services/water-testing.json', (d) => {
    d.blocks[0]!.image!.src = '/images/photos/bench.jpg';
    d.meta.image = { src: '/images/photos/bench.jpg', alt: 'A water test kit on a bench', focal: { x: 50, y: 10 } };
  });
  scratch.editJson<Doc>('pages-data/index.json', (d) => {
    d.blocks[0]!.slides![0]!.image.src = '/images/photos/slide.jpg';
    d.blocks[1]!.image!.src = '/images/photos/bench.jpg';
    d.blocks[5]!.cards![0]!.image = { src: '/images/photos/card.jpg', alt: 'Reagent bottles on a shelf', focal: { x: 20, y: 30 } };
  });
  scratch.editJson<Doc>('pages-data/services/index.json', (d) => void (d.blocks[2]!.cards![0]!.image!.src = '/images/photos/card.jpg'));
  scratch.editJson<Doc>('pages-data/services/microscopy.json', (d) => void (d.blocks[1]!.images![0]!.image.src = '/images/photos/card.jpg'));
  scratch.editJson<{ seo: { shareImage: Image } }>('pages-data/site.json', (d) => void (d.seo.shareImage.src = '/images/photos/slide.jpg'));
  scratch.editJson<{ partners: { id: string; logo: string; image: string }[] }>('pages-data/records/partners.json', (d) => {
    const palintest = d.partners.find((p) => p.id === 'palintest')!;
    palintest.logo = '/images/photos/logo.png';
    palintest.image = '/images/photos/bench.jpg';
  });
  scratch.editJson<{ suppliers: { id: string; logo: string }[] }>('pages-data/records/suppliers.json', (d) => {
    d.suppliers.find((s) => s.id === 'palintest')!.logo = '/images/photos/logo.png';
  });
  scratch.editJson<{ image: Image }>('pages-data/records/products/photometer-7500.json', (d) => void (d.image.src = '/images/photos/product.jpg'));
  scratch.npm('build');
  server = await serveScratch(scratch);
});

test.afterAll(async () => {
  await server?.stop();
  scratch?.remove();
});

const dist = (path: string) => join(scratch.dir, 'dist', path);
const html = (route: string) => readFileSync(dist(route === '/' ? 'index.html' : `${route.slice(1)}/index.html`), 'utf8');
/** The <picture> elements of a prerendered page, as their sources' and image's attributes. */
/** Each <picture>: its AVIF and WebP candidates, sizes, <img> attributes, and `narrow`, the sources for narrow screens before them (media, type, srcSet). */
function picturesIn(page: string): { avif: string; webp: string; sizes: string; img: string; narrow: string[][] }[] {
  return [...page.matchAll(/<picture>((?:<source media=[^>]*\/>)*)<source type="image\/avif" srcSet="([^"]+)" sizes="([^"]+)"\/><img ([^>]*)\/><\/picture>/g)].map((m) => ({
    avif: m[2]!, sizes: m[3]!, img: m[4]!, webp: /srcSet="([^"]+)"/.exec(m[4]!)![1]!,
    narrow: [...m[1]!.matchAll(/<source media="([^"]+)" type="([^"]+)" srcSet="([^"]+)"/g)].map((n) => n.slice(1)),
  }));
}
const candidates = (srcset: string) => srcset.split(', ').map((c) => ({ url: c.split(' ')[0]!, width: Number(c.split(' ')[1]!.slice(0, -1)) }));

test('each picture is published as AVIF and WebP at every width of its ladder, and no published file keeps its metadata', async () => {
  const hero = picturesIn(html('/services/water-testing'))[0]!;
  // Shown 1950 px wide (2600 stored on its side); beside the heading it needs 1918.
  const widths = ladderWidths(1950, neededWidth(besideHeading));
  expect(candidates(hero.avif).map((c) => c.width)).toEqual(widths);
  expect(candidates(hero.webp).map((c) => c.width)).toEqual(widths);
  for (const { url: file, width } of [...candidates(hero.avif), ...candidates(hero.webp)]) {
    const data = readFileSync(dist(file));
    const m = await sharp(data).metadata();
    expect([m.format, m.width, m.compression ?? 'webp'], file).toEqual([file.endsWith('.avif') ? 'heif' : 'webp', width, file.endsWith('.avif') ? 'av1' : 'webp']);
  }
  // Every raster file in dist/: the encoded ones, the share JPEGs, and the photos themselves at their own paths.
  const rasters = (readdirSync(dist(''), { recursive: true }) as string[]).filter((f) => /\.(jpe?g|png|webp|avif)$/.test(f));
  expect(rasters).toContain('images/photos/bench.jpg');
  expect(rasters.length).toBeGreaterThan(30);
  for (const f of rasters) expect(await metadataLeft(readFileSync(dist(f))), f).toEqual([]);
  // The photo's own path still answers, upright and no larger than 2560 px.
  expect(await sharp(readFileSync(dist('images/photos/bench.jpg'))).metadata()).toMatchObject({ width: 1920, height: 2560 });
});

test('a product\'s photo is its page\'s first picture, fetched at once, in the sizes of its place beside the heading', () => {
  const [photo] = picturesIn(html('/products/photometer-7500'));
  expect(candidates(photo!.avif).at(-1)!.url).toMatch(/^\/assets\/pictures\/.*\.avif$/);
  expect(photo!.sizes).toBe(besideHeading.sizes);
  expect(photo!.img).toContain('fetchPriority="high"');
  expect(photo!.img).not.toContain('loading="lazy"');
});

test('a photo taken with the phone upright is published upright', async ({ page }) => {
  const { webp } = picturesIn(html('/services/water-testing'))[0]!;
  const { data, info } = await sharp(readFileSync(dist(candidates(webp).at(-1)!.url))).raw().toBuffer({ resolveWithObject: true });
  expect(info.height).toBeGreaterThan(info.width);
  // The red block the phone stored at its top-left is at the top right once turned.
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
  const red = ([r, g, b]: number[]) => r! > 180 && g! < 90 && b! < 90;
  expect(red(at(info.width - 10, 10))).toBe(true);
  expect(red(at(10, 10))).toBe(false);
  await page.goto(url('/services/water-testing'));
  const img = page.locator('.hero-image');
  await expect(img).toHaveJSProperty('complete', true);
  const shown = await img.evaluate((el: HTMLImageElement) => ({ natural: el.naturalHeight > el.naturalWidth, box: el.getBoundingClientRect().height > el.getBoundingClientRect().width, src: el.currentSrc }));
  expect(shown).toEqual({ natural: true, box: true, src: expect.stringMatching(/\/assets\/pictures\/bench-[0-9a-f]{12}-\d+\.avif$/) });
});

test('the prerendered HTML names the widths and the sizes of each slot; the opening block\'s first picture is fetched first, the rest lazily', () => {
  const [slide, about, card] = picturesIn(html('/'));
  expect(slide!.sizes).toBe(fullWidthSlot.sizes);
  expect(about!.sizes).toBe(besideHeading.sizes);
  expect(card!.sizes).toBe(gridSlot({ base: 1, sm: 2, lg: 3 }, 20).sizes);
  // A phone gets the part of the slide its screen shows, cut to it; the pictures beside a heading and on cards are whole.
  const base = slide!.avif.split(' ')[0]!.replace(/-\d+\.avif$/, '');
  expect(slide!.narrow).toEqual(['avif', 'webp'].map((f) => [fullWidthSlot.narrow!.media, `image/${f}`, `${base}-narrow.${f}`]));
  for (const p of [about!, card!]) expect(p.narrow).toEqual([]);
  expect(slide!.img).toMatch(/fetchPriority="high"/);
  expect(slide!.img).toMatch(/loading="eager"/);
  for (const p of [about!, card!]) {
    expect(p.img).toMatch(/loading="lazy"/);
    expect(p.img).not.toMatch(/fetchPriority/);
  }
  // width and height from the file as shown, so the browser keeps the room before it loads.
  expect(about!.img).toMatch(/width="1950" height="2600"/);
  expect(card!.img).toMatch(/style="object-position:20% 30%"/);
});

test('the commonest phones fetch a photo at the width their screen needs, not the next one up', async ({ browser }) => {
  // A full-width slide on a 360 px screen is the part of it cut to a phone's shape (Slot.narrow); the hero beside
  // the heading, the screen less its margins, 716 at 390 px and 2, and 665 at 412 px and 1.75 (Lighthouse's phone).
  const phones = [[360, 2, '/', 'slide', 'narrow.avif'], [390, 2, '/services/water-testing', 'bench', '720.avif'], [412, 1.75, '/services/water-testing', 'bench', '720.avif']] as const;
  for (const [width, deviceScaleFactor, route, photo, file] of phones) {
    // A phone's screen is its viewport (the project's desktop screen, 1920 px wide, would be taken before the page's meta viewport).
    const context = await browser.newContext({ viewport: { width, height: 800 }, screen: { width, height: 800 }, deviceScaleFactor, isMobile: true });
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => void (r.url().includes(`/assets/pictures/${photo}-`) && fetched.push(r.url().split('-').pop()!)));
    await page.goto(url(route));
    await expect(page.locator(photo === 'slide' ? '.hero-slide-image' : '.hero-image').first()).toHaveJSProperty('complete', true);
    expect(fetched, `${route} at ${width} px and ${deviceScaleFactor}`).toEqual([file]);
    await context.close();
  }
});

test('the link preview is a 1200×630 JPEG cropped around the focal point, without metadata', async () => {
  const og = (route: string) => /<meta property="og:image" content="([^"]+)"/.exec(html(route))![1]!;
  const share = new URL(og('/services/water-testing')).pathname;
  expect(share).toMatch(/^\/assets\/pictures\/bench-[0-9a-f]{12}-1200x630\.jpg$/);
  expect(html('/services/water-testing')).toContain('<meta property="og:image:width" content="1200"/>');
  const data = readFileSync(dist(share));
  expect(await sharp(data).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  expect(await metadataLeft(data)).toEqual([]);
  // Its focal point is near the top (y 10 %): the crop keeps the top of the upright photo, the red block at its right.
  const { data: px, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  expect(px[(10 * info.width + info.width - 10) * info.channels]).toBeGreaterThan(180);
  // Other pages share the site's picture, at its own file.
  expect(new URL(og('/contact')).pathname).toMatch(/^\/assets\/pictures\/slide-[0-9a-f]{12}-1200x630\.jpg$/);
});

/** What a picture's `sizes` says it is drawn at, here and now (the first media condition that holds). */
function drawnBySizes(sizes: string): number {
  for (const part of sizes.split(',').map((p) => p.trim())) {
    const m = /^(\([^)]*\))\s+(.+)$/.exec(part);
    if (m && !matchMedia(m[1]!).matches) continue;
    const probe = document.createElement('div');
    probe.style.cssText = `position:absolute;visibility:hidden;width:${m ? m[2] : part}`;
    document.body.append(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return width;
  }
  return NaN;
}

/** Each drawn picture with sizes: its class, what `sizes` says and what the layout draws. */
const slotsOn = (page: Page) =>
  page.evaluate((fn) => {
    const measure = new Function(`return (${fn})`)() as (s: string) => number;
    return [...document.querySelectorAll<HTMLImageElement>('img[sizes]')]
      .filter((img) => img.getBoundingClientRect().width > 0)
      .map((img) => ({
        what: `${img.className} ${img.alt}`.trim(),
        said: Math.round(measure(img.sizes)),
        drawn: Math.round(img.getBoundingClientRect().width),
        // 100vw counts a classic scroll bar and its gutter (the desktop's; a phone's draws over the page).
        scrollbar: window.innerWidth - document.body.clientWidth,
      }));
  }, drawnBySizes.toString());

test('every slot\'s sizes says how wide the layout draws the picture, at phone, tablet, laptop and wide screens', async ({ page }) => {
  test.setTimeout(240_000);
  const seen = new Set<string>();
  const wrong: string[] = [];
  for (const width of [390, 768, 1024, 1366, 1600]) {
    await page.setViewportSize({ width, height: 900 });
    const check = async (where: string) => {
      for (const s of await slotsOn(page)) {
        seen.add(s.what.split(' ')[0]!);
        // Never less than drawn (it would look blurred); at most a few pixels or 3 % more, and the scroll bar.
        if (s.said < s.drawn - 1 || s.said > s.drawn + s.scrollbar + Math.max(4, s.drawn * 0.03)) wrong.push(`${width} px ${where} ${s.what}: sizes says ${s.said}, drawn ${s.drawn}`);
      }
    };
    for (const route of ['/', '/services', '/services/microscopy', '/partner/palintest']) {
      await page.goto(url(route));
      await check(route);
    }
    await page.goto(url('/services/water-testing'));
    await check('/services/water-testing');
    await hydrated(page);
    await page.getByRole('button', { name: /^View products \(\d+\) from Palintest$/ }).click();
    await check('/services/water-testing, Palintest\'s products');
    await page.getByRole('button', { name: 'Details' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check('/services/water-testing, a product\'s details');
  }
  expect(wrong).toEqual([]);
  // Every kind of slot was measured: hero backgrounds and beside the heading, cards, gallery, logos, the dialog.
  expect([...seen].sort()).toEqual(['brand-logo', 'brand-logo-large', 'card-image', 'hero-image', 'hero-slide-image', 'rounded-image']);
});

test('the photos move nothing while they load, on a phone and on a desktop, and the pages hydrate without a complaint', async ({ page, consoleErrors }) => {
  await page.addInitScript(recordLayoutShifts);
  for (const viewport of [{ width: 390, height: 844 }, { width: 1366, height: 900 }]) {
    await page.setViewportSize(viewport);
    for (const route of ['/', '/services/water-testing']) {
      await page.goto(url(route));
      await hydrated(page);
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += 300) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 30));
        }
        // Back up to the hero, whose next slide's picture is drawn once the page is live.
        window.scrollTo(0, 0);
      });
      // Every picture drawn has loaded (a slide not reached yet is not drawn).
      await expect.poll(() => page.evaluate(() => [...document.images].filter((i) => i.getClientRects().length > 0 && !i.complete).map((i) => i.currentSrc || i.src))).toEqual([]);
      const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { line: string }[] }).layoutShifts.map((s) => s.line));
      expect(shifts, `${viewport.width} px ${route}`).toEqual([]);
    }
  }
  // The prerendered <picture>s are what the app draws: no hydration mismatch, no error.
  expect(consoleErrors).toEqual([]);
});

test('when the browser asks to save data, a photo below the window of the page the browser loads is fetched once it is in view, in one format at one width', async ({ page, consoleErrors }) => {
  // As save-data.spec.ts does: the header, and navigator.connection.saveData stubbed.
  await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
  await page.addInitScript(recordLayoutShifts);
  const fetched: string[] = [];
  page.on('request', (r) => void (/\/assets\/pictures\/bench-/.test(r.url()) && fetched.push(new URL(r.url()).pathname)));
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(url('/'));
  await hydrated(page);
  // The about picture (the page's second <picture>): below the window, its sources and its own
  // address kept aside, nothing of it asked for.
  const about = page.locator('main picture').nth(1);
  const img = about.locator('img');
  expect(await img.evaluate((el) => el.getBoundingClientRect().top >= innerHeight)).toBe(true);
  await expect(about.locator('source[srcset]')).toHaveCount(0);
  await expect(img).not.toHaveAttribute('src');
  await expect(img).not.toHaveAttribute('srcset');
  expect(fetched).toEqual([]);

  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  expect(await img.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname)).toMatch(/\.avif$/);
  expect(fetched).toHaveLength(1);
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { line: string }[] }).layoutShifts.map((s) => s.line));
  expect(shifts).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a picture whose file fails to load is replaced silently by the placeholder, its sources with it', async ({ page }) => {
  await page.route(/\/assets\/pictures\/bench-.*\.(avif|webp)$/, (r) => r.abort());
  await page.goto(url('/services/water-testing'));
  const hero = page.locator('.hero-image');
  await expect(hero).toHaveAttribute('src', '/images/placeholder.svg');
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.locator('picture:has(.hero-image) source')).toHaveCount(0);
  await expect(hero).toHaveJSProperty('currentSrc', url('/images/placeholder.svg'));
});
