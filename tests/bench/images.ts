// npm run bench:images: what phone photos cost the site, before and after they go in. In a scratch
// copy: builds and measures the site as it is, then puts phone-size photos (4000×3000 JPEGs of some
// 5 MB, with detail at every scale as a camera's have, an EXIF orientation, a GPS position, the phone's maker and a P3 colour profile, made
// here) in the home hero's slides, the water-testing hero and on every product (its record), validates,
// builds cold (empty picture cache) and warm, and measures again: the seconds of each build, the bytes
// of pictures a 390 px phone (DPR 2) and a 1366 px desktop download per page scrolled to its end, the
// layout shift, Lighthouse (median of RUNS, default 3) for /, /services/water-testing and a product's page, and whether
// any published file still carries metadata; with `-- --h2`, Lighthouse also as production serves the
// pages, deploy/nginx.conf over TLS and HTTP/2, beside an empty page (npm run lighthouse -- --h2).
// Prints figures, asserts nothing: measure on a quiet machine.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type Page, type Request } from '@playwright/test';
import { pathToFileURL } from 'node:url';
import { EMPTY_PAGE, LIGHTHOUSE_SETTINGS, lighthouseMedians, lighthouseRounds, servedOverH2, type LighthouseFigures } from '../../src/node/bench/lighthouse';
import { freePort } from '../support/dev-server';
import { metadataLeft, phonePhoto } from '../support/photos';
import { type Scratch, scratchProject } from '../support/scratch';
import { PRODUCTS_FOLDER, productFile } from '../../schemas/routes';

const RUNS = Number(process.env.RUNS ?? 3);
const H2 = process.argv.includes('--h2');
const PAGES = ['/', '/services/water-testing', '/products/photometer-7500'];
const PRODUCTS_PAGE = '/services/water-testing';

/** Puts a photo on every product: one record each under pages-data/records/products/, named by its id. */
function photoOnEveryProduct(scratch: Scratch, photoOf: (productId: string) => string): string[] {
  const folder = join(scratch.dir, 'pages-data', PRODUCTS_FOLDER);
  const ids = readdirSync(folder).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length)).sort();
  for (const id of ids) scratch.editJson<{ image: { src: string } }>(`pages-data/${productFile(id)}`, (doc) => void (doc.image.src = photoOf(id)));
  return ids;
}

/** Makes the camera photos and puts them in the scratch copy's content; returns how many. */
export async function putPhotos(scratch: Scratch): Promise<number> {
  mkdirSync(join(scratch.dir, 'public/images/photos'), { recursive: true });
  let seed = 0;
  const photo = async (name: string, orientation: number) => {
    const src = `/images/photos/${name}.jpg`;
    writeFileSync(join(scratch.dir, 'public', src), await phonePhoto({ orientation, seed: ++seed, camera: true }));
    return src;
  };
  type Doc = { blocks: { slides?: { image: { src: string; alt: string } }[]; image?: { src: string; alt: string } }[] };
  const slides: string[] = [];
  for (let i = 1; i <= 4; i++) slides.push(await photo(`home-slide-${i}`, 1));
  scratch.editJson<Doc>('pages-data/index.json', (doc) => doc.blocks[0]!.slides!.forEach((s, i) => (s.image.src = slides[i]!)));
  // Taken with the phone upright: stored sideways, shown upright by its orientation tag.
  const bench = await photo('water-testing-bench', 6);
  scratch.editJson<Doc>('pages-data/services/water-testing.json', (doc) => void (doc.blocks[0]!.image!.src = bench));
  const products = new Map<string, string>();
  for (const id of photoOnEveryProduct(scratch, () => '/images/placeholder.svg')) products.set(id, await photo(`product-${id}`, 1));
  photoOnEveryProduct(scratch, (id) => products.get(id)!);
  return seed;
}

function timedBuild(scratch: Scratch): { seconds: number; pictures: string } {
  const start = performance.now();
  // In full: what is measured is the pictures' cache, not the pages a build reuses.
  const out = scratch.npm('build', ['--full']);
  return { seconds: (performance.now() - start) / 1000, pictures: /^pictures: .*$/m.exec(out)?.[0] ?? '' };
}

async function serve(scratch: Scratch, port: number) {
  const server = spawn(process.execPath, [join(scratch.dir, 'node_modules/tsx/dist/cli.mjs'), 'src/node/serve/serve.ts'], {
    cwd: scratch.dir, env: { ...process.env, PORT: String(port) }, stdio: 'ignore',
  });
  const url = `http://localhost:${port}`;
  for (let tries = 0; !(await fetch(url).then(() => true, () => false)); tries++) {
    if (tries === 200 || server.exitCode !== null) throw new Error(`the scratch server did not answer at ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop: async () => void (server.exitCode === null && (server.kill(), await once(server, 'exit'))) };
}

interface Visit {
  kb: number;
  cls: number;
}
const DEVICES = {
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 },
} as const;

/** The bytes of pictures a fresh visitor downloads on a page scrolled to its end (and, with `products`, with a supplier's products open), and the layout shift. */
async function visit(browser: Browser, url: string, device: keyof typeof DEVICES, products = false): Promise<Visit> {
  const context = await browser.newContext(DEVICES[device]);
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { cls: number };
    w.cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'image') sizes.push(request.sizes().then((s) => s.responseBodySize));
  });
  await page.goto(url, { waitUntil: 'load' });
  await settled(page);
  const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls);
  if (products) {
    // Once the page is live (its last element hydrated), the supplier's button shows the products.
    await page.waitForFunction(() => Object.keys(document.getElementById('root')?.lastElementChild ?? {}).some((k) => k.startsWith('__reactFiber')));
    await page.getByRole('button', { name: /^View products/ }).first().click();
    await settled(page);
  }
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 400) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(50);
  }
  await settled(page);
  const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  await context.close();
  return { kb: bytes / 1024, cls };
}

/** Until no picture is loading and none has been asked for in the last second. */
async function settled(page: Page) {
  const pending = new Set<Request>();
  let asked = Date.now();
  const start = (r: Request) => {
    if (r.resourceType() === 'image') pending.add(r), (asked = Date.now());
  };
  const end = (r: Request) => void pending.delete(r);
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  await page.waitForTimeout(250);
  while (pending.size > 0 || Date.now() - asked < 1000) await page.waitForTimeout(250);
  page.off('request', start);
  page.off('requestfinished', end);
  page.off('requestfailed', end);
}

interface Measures {
  visits: Map<string, Record<keyof typeof DEVICES, Visit>>;
  lighthouse: Map<string, LighthouseFigures>;
  /** With --h2: over nginx, TLS and HTTP/2, by path (EMPTY_PAGE too). */
  h2: Map<string, LighthouseFigures>;
}

async function measure(scratch: Scratch, port: number): Promise<Measures> {
  const server = await serve(scratch, port);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const visits = new Map<string, Record<keyof typeof DEVICES, Visit>>();
  const lighthouse = new Map<string, LighthouseFigures>();
  try {
    const targets: [string, string, boolean][] = [...PAGES.map((p): [string, string, boolean] => [p, p, false]), [`${PRODUCTS_PAGE} (a supplier's products open)`, PRODUCTS_PAGE, true]];
    for (const [label, path, products] of targets) {
      visits.set(label, { phone: await visit(browser, server.url + path, 'phone', products), desktop: await visit(browser, server.url + path, 'desktop', products) });
    }
    for (const path of PAGES) lighthouse.set(path, lighthouseMedians(server.url + path, RUNS));
  } finally {
    await browser.close();
    await server.stop();
  }
  const h2 = new Map<string, LighthouseFigures>();
  if (H2) {
    const nginx = await servedOverH2(join(scratch.dir, 'dist'), port);
    try {
      const figures = lighthouseRounds([EMPTY_PAGE, ...PAGES].map((p) => nginx.url + p), RUNS, { insecure: true });
      for (const [url, m] of figures) h2.set(url.slice(nginx.url.length), m);
    } finally {
      await nginx.stop();
    }
  }
  return { visits, lighthouse, h2 };
}

/** Every raster file the build published, and those that still carry metadata (a GPS position first). */
async function publishedMetadata(scratch: Scratch): Promise<{ checked: number; carrying: string[] }> {
  const dist = join(scratch.dir, 'dist');
  const files = (readdirSync(dist, { recursive: true }) as string[]).filter((f) => /\.(jpe?g|png|webp|avif)$/i.test(f));
  const carrying: string[] = [];
  for (const f of files) {
    const left = await metadataLeft(readFileSync(join(dist, f)));
    if (left.length) carrying.push(`dist/${f}: ${left.join(', ')}`);
  }
  return { checked: files.length, carrying };
}

const load = () => `load average ${loadavg().map((n) => n.toFixed(2)).join(', ')} on ${availableParallelism()} cores`;

const table = (head: string[], rows: string[][]) => {
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(width[i]!) : c.padStart(width[i]!))).join(' | ')} |`;
  return [line(head), `| ${width.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
};

async function main() {
  const port = Number(process.env.LH_PORT ?? (await freePort()));
  const scratch = scratchProject('images-bench-');
  try {
    console.log(`scratch copy: ${scratch.dir}; Lighthouse and the browser against http://localhost:${port}; ${load()}`);
    const before = timedBuild(scratch);
    console.log(`photo-free build: ${before.seconds.toFixed(1)} s (${before.pictures})`);
    const was = await measure(scratch, port);

    const photos = await putPhotos(scratch);
    console.log(`${photos} phone photos made (4000×3000 JPEG, EXIF orientation and GPS) and put in the content; ${scratch.npm('validate').trim()}`);
    rmSync(join(scratch.dir, '.cache'), { recursive: true, force: true });
    const cold = timedBuild(scratch);
    console.log(`cold build: ${cold.seconds.toFixed(1)} s (${cold.pictures})`);
    const warm = timedBuild(scratch);
    console.log(`warm build: ${warm.seconds.toFixed(1)} s (${warm.pictures})`);
    const now = await measure(scratch, port);
    const meta = await publishedMetadata(scratch);

    console.log('\n## Builds (seconds)\n');
    console.log(table(['build', 'seconds', 'pictures'], [
      ['photo-free', before.seconds.toFixed(1), before.pictures],
      [`with ${photos} photos, cold cache`, cold.seconds.toFixed(1), cold.pictures],
      [`with ${photos} photos, warm cache`, warm.seconds.toFixed(1), warm.pictures],
    ]));
    console.log(`\nwarm build minus photo-free build: ${(warm.seconds - before.seconds).toFixed(1)} s (target: 2 s or less)`);

    console.log('\n## Pictures downloaded, scrolled to the end (KB; phone 390 px at DPR 2, desktop 1366 px at DPR 1)\n');
    const kb = (v: Visit) => v.kb.toFixed(0);
    console.log(table(['page', 'phone before', 'phone after', 'desktop before', 'desktop after', 'CLS after (phone, desktop)'], [...now.visits].map(([label, v]) => {
      const b = was.visits.get(label)!;
      return [label, kb(b.phone), kb(v.phone), kb(b.desktop), kb(v.desktop), `${v.phone.cls.toFixed(3)}, ${v.desktop.cls.toFixed(3)}`];
    })));
    console.log('\ntarget: 250 KB or less for the phone on /, CLS 0');

    console.log(`\n## ${LIGHTHOUSE_SETTINGS}, median of ${RUNS} runs\n`);
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(table(['page', 'perf before', 'perf after', 'LCP before', 'LCP after', 'FCP after', 'TBT after', 'CLS after'], PAGES.map((p) => {
      const b = was.lighthouse.get(p)!;
      const a = now.lighthouse.get(p)!;
      return [p, `${b.perf}`, `${a.perf}`, s(b.lcp), s(a.lcp), s(a.fcp), `${Math.round(a.tbt)} ms`, a.cls.toFixed(3)];
    })));
    console.log('\ntarget: performance 99-100, LCP 1.2 s or less, CLS 0');
    if (H2) {
      console.log(`\n## The same over deploy/nginx.conf with TLS and HTTP/2, each page once a round in turn, median of ${RUNS} rounds\n`);
      console.log(table(['page', 'LCP before', 'LCP after', 'FCP after', 'LCP after past the empty page', 'speed after'], [EMPTY_PAGE, ...PAGES].map((p) => {
        const b = was.h2.get(p)!;
        const a = now.h2.get(p)!;
        return [p, s(b.lcp), s(a.lcp), s(a.fcp), p === EMPTY_PAGE ? '' : s(a.lcp - now.h2.get(EMPTY_PAGE)!.lcp), `${Math.round(a.speed)}`];
      })));
    }

    console.log(`\n${load()} at the end (the figures above are only as steady as the machine was quiet)`);
    console.log(`\n## Metadata\n\n${meta.checked} raster files published; ${meta.carrying.length} carry metadata${meta.carrying.length ? `:\n${meta.carrying.join('\n')}` : ' (no GPS position, maker, EXIF, XMP or ICC profile in any)'}`);
  } finally {
    scratch.remove();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
