// npm run probe-partners (D14 revised) in a scratch copy of the project. Partners' websites are played by
// a local server: the injected fetch sends every https address to it, so no test reaches the network.
import { once } from 'node:events';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/node/content/load';
import { probeCandidates } from '../../src/node/probe/probe';
import { type Outcome, probePartners } from '../../src/node/probe/probe-partners';
import { rawPng } from '../support/photos';
import { type Scratch, scratchProject } from '../support/scratch';

const NOW = new Date(2025, 11, 15);
const RECORDS = 'pages-data/records/partners.json';
const BRANDS = 'public/images/brands';

/**
 * A real 8-bit RGB PNG as wide as its slot needs (validate checks it: a logo is drawn up to 240 px
 * wide, a partner's picture up to 959): some noise at the top, so it does not compress to almost
 * nothing, and a plain colour below.
 */
function png(width: number, height: number, seed: number): Buffer {
  const rows = Buffer.alloc((1 + width * 3) * height);
  let x = seed;
  for (let i = 0; i < 400; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    rows[i] = i % (1 + width * 3) === 0 ? 0 : x >>> 24;
  }
  return rawPng(width, height, rows);
}

const LOGO = png(480, 144, 1);
const HERO = png(1920, 1080, 2);
const svg = (inside: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 60">${inside}<rect width="200" height="60" fill="#0a6"/><text x="10" y="40" font-size="28">Lovibond wordmark</text></svg>`;
const HTML = '<!doctype html><html><head><title>Page not found</title></head><body><h1>Sorry, we could not find that page</h1><p>Try the search box or go back to the home page of our website.</p></body></html>';

type Route = (res: ServerResponse) => void;
const send = (type: string, body: string | Buffer): Route => (res) =>
  res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);
const redirect = (location: string): Route => (res) => res.writeHead(301, { location }).end();

/** What the partners' websites serve, by host and path; everything else is a 404. */
let routes: Record<string, Route> = {};
let server: Server;
let scratch: Scratch;
let fetched: string[];
let original: string;

/** Sends every https address to the local server, its host as the first path segment. */
const toLocalServer: typeof fetch = (input, init) => {
  const url = new URL(String(input));
  if (url.protocol !== 'https:') throw new Error(`fetched ${url.href}: only https addresses are ever asked for`);
  fetched.push(url.href);
  const { port } = server.address() as AddressInfo;
  return fetch(`http://127.0.0.1:${port}/${url.host}${url.pathname}`, init);
};

async function run(options: { only?: string; dryRun?: boolean; fetch?: typeof fetch } = {}): Promise<{ outcomes: Outcome[]; output: string }> {
  const lines: string[] = [];
  const outcomes = await probePartners({ root: scratch.dir, now: NOW, fetch: toLocalServer, log: (line) => lines.push(line), ...options });
  return { outcomes, output: lines.join('\n') };
}

const brandFiles = () => readdirSync(join(scratch.dir, BRANDS)).sort();
const statuses = (outcomes: Outcome[]) => outcomes.map((o) => `${o.partner} ${o.kind} ${o.status}`);

beforeAll(async () => {
  scratch = scratchProject('probe-partners-');
  original = scratch.read(RECORDS);
  server = createServer((req, res) => (routes[req.url!] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
});
afterAll(() => {
  server.close();
  scratch.remove();
});
beforeEach(() => {
  scratch.write(RECORDS, original);
  for (const file of brandFiles()) if (/-(logo|hero)\./.test(file)) rmSync(join(scratch.dir, BRANDS, file));
  routes = {};
  fetched = [];
});

describe('npm run probe-partners', () => {
  it('saves the pictures found under public/ and sets them and their sources in the record, changing no other line', async () => {
    routes = {
      '/www.palintest.com/logo.svg': send('text/html; charset=utf-8', HTML), // a "not found" page answered with 200
      '/www.palintest.com/images/logo.png': send('image/png', LOGO),
      '/www.palintest.com/images/banner.jpg': redirect('https://cdn.palintest.example/media/banner'),
      '/cdn.palintest.example/media/banner': send('image/png', HERO),
    };
    const { outcomes, output } = await run({ only: 'palintest' });

    expect(statuses(outcomes)).toEqual(['palintest logo found', 'palintest hero found']);
    expect(readFileSync(join(scratch.dir, BRANDS, 'palintest-logo.png')).equals(LOGO)).toBe(true);
    expect(readFileSync(join(scratch.dir, BRANDS, 'palintest-hero.png')).equals(HERO)).toBe(true);
    expect(scratch.read(RECORDS)).toBe(
      original
        .replace(
          '      "logo": "/images/brands/palintest.svg",\n',
          '      "logo": "/images/brands/palintest-logo.png",\n      "logoSource": "https://www.palintest.com/images/logo.png",\n',
        )
        .replace(
          '      "image": "/images/services/water-testing.svg",\n',
          '      "image": "/images/brands/palintest-hero.png",\n      "imageSource": "https://www.palintest.com/images/banner.jpg",\n',
        ),
    );
    expect(output).toContain('palintest logo: found: https://www.palintest.com/images/logo.png, PNG');
    expect(output).toContain('palintest hero: found: https://www.palintest.com/images/banner.jpg (via https://cdn.palintest.example/media/banner), PNG');
    expect(output).toMatch(/^1 partner, 2 pictures: 2 found, 0 changed, 0 unchanged, 0 nothing found, 0 refused\.$/m);
    expect(output).toContain('D4');
    expect(fetched.every((url) => url.startsWith('https://www.palintest.com/') || url.startsWith('https://cdn.palintest.example/'))).toBe(true);
    expect((await loadContent(scratch.dir)).problems).toEqual([]);
  });

  it('a second run reports unchanged pictures and writes nothing; a picture the partner replaced is replaced', async () => {
    routes = { '/www.palintest.com/img/logo.png': send('image/png', LOGO) };
    await run({ only: 'palintest' });
    const recorded = scratch.read(RECORDS);
    expect(recorded).not.toBe(original);

    const again = await run({ only: 'palintest' });
    expect(statuses(again.outcomes)).toEqual(['palintest logo unchanged', 'palintest hero nothing found']);
    expect(again.output).toContain(`palintest logo: unchanged: public/images/brands/palintest-logo.png (PNG, ${LOGO.length} B) is still what https://www.palintest.com/img/logo.png serves`);
    expect(scratch.read(RECORDS)).toBe(recorded);

    const newer = png(480, 144, 3);
    routes = { '/www.palintest.com/img/logo.png': send('image/png', newer) };
    const replaced = await run({ only: 'palintest' });
    expect(statuses(replaced.outcomes)).toEqual(['palintest logo changed', 'palintest hero nothing found']);
    expect(readFileSync(join(scratch.dir, BRANDS, 'palintest-logo.png')).equals(newer)).toBe(true);
    expect(scratch.read(RECORDS)).toBe(recorded);
  });

  it('refuses files that are not acceptable pictures, saying why, and changes nothing', async () => {
    const site = '/www.lovibond.com';
    const tooBig = Buffer.concat([LOGO, Buffer.alloc(1024 * 1024 + 1 - LOGO.length)]);
    routes = {
      [`${site}/logo.svg`]: send('image/svg+xml', svg('<script>alert(document.cookie)</script>')),
      [`${site}/logo.png`]: send('image/png', tooBig),
      [`${site}/images/logo.svg`]: send('image/svg+xml', svg('<g onload="alert(1)"/>')),
      [`${site}/images/logo.png`]: send('image/png', HTML),
      [`${site}/img/logo.svg`]: send('text/html', HTML),
      [`${site}/img/logo.png`]: (res) => {
        res.writeHead(200, { 'content-type': 'image/png' }); // no length: refused while reading
        for (let i = 0; i < 3; i++) res.write(tooBig.subarray(0, 512 * 1024));
        res.end();
      },
      [`${site}/wp-content/uploads/logo.svg`]: send('image/svg+xml', svg('<image href="https://tracker.example/pixel.png" width="1" height="1"/>')),
      [`${site}/wp-content/uploads/logo.png`]: redirect('http://www.lovibond.com/logo.png'),
      [`${site}/hero.jpg`]: send('image/gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(400)])),
      [`${site}/hero.webp`]: send('image/webp', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(30)])),
    };
    const files = brandFiles();
    const { outcomes, output } = await run({ only: 'lovibond' });

    expect(statuses(outcomes)).toEqual(['lovibond logo refused', 'lovibond hero refused']);
    const reasons = [
      ['logo.svg', 'an SVG with a <script>'],
      ['logo.png', '1048577 bytes, more than 1048576'],
      ['images/logo.svg', 'an SVG with an on* event attribute'],
      ['images/logo.png', 'Content-Type says PNG but the file is not a PNG'],
      ['img/logo.svg', 'Content-Type text/html, not PNG, JPEG, WebP or SVG'],
      ['img/logo.png', 'more than 1048576 bytes'],
      ['wp-content/uploads/logo.svg', 'an SVG with a reference to another file (href)'],
      ['wp-content/uploads/logo.png', 'redirects to http://www.lovibond.com/logo.png, which is not https'],
      ['hero.jpg', 'a GIF (only PNG, JPEG, WebP and SVG are accepted)'],
      ['hero.webp', '46 bytes, too small for a logo or a picture (at least 200)'],
    ];
    for (const [path, reason] of reasons) expect(output).toContain(`\n  https://www.lovibond.com/${path}: ${reason}\n`);
    expect(output).toContain('lovibond logo: refused: of 40 addresses, 8 answered with a file that is not an acceptable picture');
    expect(output).toContain('0 found, 0 changed, 0 unchanged, 0 nothing found, 2 refused.');
    expect(output).not.toContain('D4');
    expect(scratch.read(RECORDS)).toBe(original);
    expect(brandFiles()).toEqual(files);
  });

  it('reports nothing found when the website has none of the addresses', async () => {
    const { outcomes, output } = await run({ only: 'hanna-instruments' });
    expect(statuses(outcomes)).toEqual(['hanna-instruments logo nothing found', 'hanna-instruments hero nothing found']);
    expect(output).toContain('hanna-instruments logo: nothing found at 40 addresses\n');
    expect(output).toContain('hanna-instruments hero: nothing found at 80 addresses\n');
    expect(fetched).toHaveLength(120);
    expect(scratch.read(RECORDS)).toBe(original);
  });

  it('asks nothing of a website that is not https', async () => {
    scratch.write(RECORDS, original.replace('"websiteUrl": "https://glasscolabs.com"', '"websiteUrl": "http://glasscolabs.com"'));
    const { outcomes, output } = await run({ only: 'glassco' });
    expect(statuses(outcomes)).toEqual(['glassco logo refused', 'glassco hero refused']);
    expect(output).toContain('glassco: refused: its websiteUrl http://glasscolabs.com is not https');
    expect(fetched).toEqual([]);
  });

  it('--dry-run lists, per partner, the addresses it would try in order, and fetches and writes nothing', async () => {
    routes = { '/www.palintest.com/logo.svg': send('image/svg+xml', svg('')) };
    const files = brandFiles();
    const { outcomes, output } = await run({ dryRun: true });

    expect(fetched).toEqual([]);
    expect(scratch.read(RECORDS)).toBe(original);
    expect(brandFiles()).toEqual(files);
    expect(new Set(outcomes.map((o) => o.partner)).size).toBe(12);
    const lines = output.split('\n');
    const from = lines.indexOf(lines.find((l) => l.startsWith('palintest logo: would try 40 addresses, in this order'))!);
    expect(lines.slice(from + 1, from + 41)).toEqual(probeCandidates('https://www.palintest.com', 'logo', NOW).map((url) => `  ${url}`));
    expect(lines[from + 41]).toMatch(/^palintest hero: would try 80 addresses, in this order, and save .* as public\/images\/brands\/palintest-hero\.<type> for image:$/);
    expect(lines[from + 42]).toBe('  https://www.palintest.com/hero.jpg');
    expect(output).toContain('micromedica hero: would try 80 addresses');
    expect(lines.at(-1)).toBe('Dry run: 12 partners; nothing fetched, nothing written.');
  });

  it('runs as npm run probe-partners, and names the ids when --only names none', { timeout: 60_000 }, () => {
    // The command's own process gets a fetch that throws, so a mistake here cannot reach the network.
    const noFetch = `data:text/javascript,${encodeURIComponent("globalThis.fetch = () => { throw new Error('no network in tests'); };")}`;
    const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${noFetch}` };
    const output = scratch.npm('probe-partners', ['--dry-run', '--only', 'micromedica'], { env });
    expect(output.split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(/^micromedica logo: would try \d+ addresses, in this order/),
      '  https://micromedicalab.com/logo.svg',
    ]);
    expect(output).toContain('Dry run: 1 partner; nothing fetched, nothing written.');
    expect(() => scratch.npm('probe-partners', ['--only', 'acme'], { env })).toThrow(/exit 1[\s\S]*no partner "acme" in pages-data\/records\/partners\.json \(ids: palintest, lovibond/);
  });
});
