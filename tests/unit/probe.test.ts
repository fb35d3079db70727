import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ImageLoader, PROBE_LIMITS, probeCandidates, probeFirst, probeFolders, probePartnerImages, svgProblem } from '../../src/node/probe/probe';

const DECEMBER = new Date(2025, 11, 15);
const FEBRUARY = new Date(2026, 1, 2);

describe('probe candidates (section 4)', () => {
  it('look at the site root, /images, /img and /wp-content/uploads first', () => {
    expect(probeFolders(DECEMBER).slice(0, 4)).toEqual(['', '/images', '/img', '/wp-content/uploads']);
  });

  it('then in the dated upload folders of this year and the two before, odd months, newest first', () => {
    const dated = probeFolders(DECEMBER).slice(4);
    expect(dated).toHaveLength(18);
    expect(dated.slice(0, 7)).toEqual([
      '/wp-content/uploads/2025/11', '/wp-content/uploads/2025/09', '/wp-content/uploads/2025/07', '/wp-content/uploads/2025/05',
      '/wp-content/uploads/2025/03', '/wp-content/uploads/2025/01', '/wp-content/uploads/2024/11',
    ]);
    expect(dated.at(-1)).toBe('/wp-content/uploads/2023/01');
  });

  it('leave out the months of this year that have not come yet', () => {
    const dated = probeFolders(FEBRUARY).slice(4);
    expect(dated[0]).toBe('/wp-content/uploads/2026/01');
    expect(dated).toHaveLength(1 + 6 + 6);
    expect(dated.at(-1)).toBe('/wp-content/uploads/2024/01');
    expect(probeFolders(new Date(2026, 0, 1))[4]).toBe('/wp-content/uploads/2026/01');
  });

  it('are at most 40 logos and 80 hero pictures, all at the origin of the partner website', () => {
    const logos = probeCandidates('https://www.palintest.com/en/products?x=1', 'logo', DECEMBER);
    const heroes = probeCandidates('https://www.palintest.com/en/products?x=1', 'hero', DECEMBER);
    expect(logos).toHaveLength(PROBE_LIMITS.logo);
    expect(PROBE_LIMITS.logo).toBe(40);
    expect(heroes).toHaveLength(PROBE_LIMITS.hero);
    expect(PROBE_LIMITS.hero).toBe(80);
    for (const url of [...logos, ...heroes]) expect(url.startsWith('https://www.palintest.com/')).toBe(true);
    expect(new Set(logos).size).toBe(logos.length);
    expect(logos.slice(0, 5)).toEqual([
      'https://www.palintest.com/logo.svg',
      'https://www.palintest.com/logo.png',
      'https://www.palintest.com/images/logo.svg',
      'https://www.palintest.com/images/logo.png',
      'https://www.palintest.com/img/logo.svg',
    ]);
    expect(logos).toContain('https://www.palintest.com/wp-content/uploads/2025/11/logo.png');
    expect(heroes.slice(0, 4)).toEqual(['hero.jpg', 'hero.webp', 'banner.jpg', 'header.jpg'].map((n) => `https://www.palintest.com/${n}`));
    expect(heroes).toContain('https://www.palintest.com/wp-content/uploads/2024/03/banner.jpg');
  });

  it('are fewer early in the year, when fewer dated folders exist', () => {
    expect(probeCandidates('https://micromedicalab.com', 'logo', FEBRUARY)).toHaveLength((4 + 13) * 2);
    expect(probeCandidates('https://micromedicalab.com', 'hero', FEBRUARY)).toHaveLength((4 + 13) * 4);
  });
});

/** A scripted loader: for each URL, after how many ms it loads (true) or fails (false); others never answer. */
function scripted(script: Record<string, [number, boolean]>) {
  const started: string[] = [];
  const aborted: string[] = [];
  let active = 0;
  let maxActive = 0;
  const load: ImageLoader = (url, signal) =>
    new Promise((resolve) => {
      started.push(url);
      maxActive = Math.max(maxActive, ++active);
      const end = (ok: boolean) => {
        active--;
        resolve(ok);
      };
      const entry = script[url];
      const timer = entry ? setTimeout(() => end(entry[1]), entry[0]) : undefined;
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        aborted.push(url);
        end(false);
      });
    });
  return { load, started, aborted, maxActive: () => maxActive };
}

const urls = Array.from({ length: 20 }, (_, i) => `https://partner.example/${i}.png`);

describe('probeFirst (D14)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs 6 at a time, in order, and skips failures', async () => {
    const script = Object.fromEntries(urls.map((u) => [u, [100, false] as [number, boolean]]));
    const s = scripted(script);
    const result = probeFirst(urls, s.load, { signal: new AbortController().signal });
    expect(s.started).toEqual(urls.slice(0, 6));
    await vi.advanceTimersByTimeAsync(100);
    expect(s.started).toEqual(urls.slice(0, 12));
    await vi.advanceTimersByTimeAsync(300);
    await expect(result).resolves.toBeNull();
    expect(s.started).toEqual(urls);
    expect(s.maxActive()).toBe(6);
  });

  it('gives each candidate 1.5 s, then cancels it and tries the next', async () => {
    const s = scripted({});
    const result = probeFirst(urls.slice(0, 8), s.load, { signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(1499);
    expect(s.started).toHaveLength(6);
    expect(s.aborted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.aborted).toEqual(urls.slice(0, 6));
    expect(s.started).toEqual(urls.slice(0, 8));
    await vi.advanceTimersByTimeAsync(1500);
    await expect(result).resolves.toBeNull();
  });

  it('an image that loads after its 1.5 s does not count', async () => {
    const slowLoader: ImageLoader = () => new Promise((r) => setTimeout(() => r(true), 2000));
    const result = probeFirst(urls.slice(0, 1), slowLoader, { signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toBeNull();
  });

  it('the first to load wins and everything still in flight is cancelled', async () => {
    const s = scripted({ [urls[2]!]: [400, true], [urls[4]!]: [200, true], [urls[0]!]: [50, false] });
    const result = probeFirst(urls, s.load, { signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toBe(urls[4]);
    expect(s.started).toEqual(urls.slice(0, 7)); // 0 failed at 50 ms, so 6 took its place
    expect(s.aborted.sort()).toEqual([1, 2, 3, 5, 6].map((i) => urls[i]).sort());
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.started).toHaveLength(7);
  });

  it('a loader that throws counts as a failure', async () => {
    const load: ImageLoader = async (url) => {
      if (url === urls[0]) throw new Error('boom');
      return url === urls[1];
    };
    await expect(probeFirst(urls, load, { signal: new AbortController().signal })).resolves.toBe(urls[1]);
  });

  it('stops and cancels everything when the run is cancelled', async () => {
    const s = scripted({});
    const cancel = new AbortController();
    const result = probeFirst(urls, s.load, { signal: cancel.signal });
    await vi.advanceTimersByTimeAsync(500);
    cancel.abort();
    await expect(result).resolves.toBeNull();
    expect(s.aborted).toEqual(urls.slice(0, 6));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.started).toHaveLength(6);
  });

  it('does nothing when the run is cancelled already', async () => {
    const s = scripted({});
    const cancel = new AbortController();
    cancel.abort();
    await expect(probeFirst(urls, s.load, { signal: cancel.signal })).resolves.toBeNull();
    expect(s.started).toEqual([]);
  });

  it('an empty list finds nothing', async () => {
    await expect(probeFirst([], scripted({}).load, { signal: new AbortController().signal })).resolves.toBeNull();
  });
});

describe('probePartnerImages', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('probes the logo, then the hero, never more than 6 at once, and reports what it found', async () => {
    const logo = 'https://www.palintest.com/wp-content/uploads/2025/03/logo.png';
    const hero = 'https://www.palintest.com/images/banner.jpg';
    const s = scripted({ [logo]: [10, true], [hero]: [10, true] });
    const found: [string, string][] = [];
    const run = probePartnerImages('https://www.palintest.com', { now: DECEMBER, load: s.load, signal: new AbortController().signal, onFound: (k, u) => found.push([k, u]) });
    await vi.advanceTimersByTimeAsync(60_000);
    await run;
    expect(found).toEqual([['logo', logo], ['hero', hero]]);
    expect(s.maxActive()).toBe(6);
    expect(s.started.indexOf(logo)).toBeLessThan(s.started.findIndex((u) => u.endsWith('.jpg')));
  });

  it('reports nothing once the run is cancelled', async () => {
    const s = scripted({ 'https://www.palintest.com/logo.svg': [1000, true] });
    const found: string[] = [];
    const cancel = new AbortController();
    const run = probePartnerImages('https://www.palintest.com', { now: DECEMBER, load: s.load, signal: cancel.signal, onFound: (_, u) => found.push(u) });
    await vi.advanceTimersByTimeAsync(500);
    cancel.abort();
    await vi.advanceTimersByTimeAsync(60_000);
    await run;
    expect(found).toEqual([]);
    expect(s.started).toHaveLength(6);
  });
});

describe('svgProblem', () => {
  const exported = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<!-- Generator: Adobe Illustrator 27.0.0, SVG Export Plug-In -->',
    '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">',
    '<svg version="1.1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 300 80" xml:space="preserve">',
    '<defs><linearGradient id="g"><stop offset="0" stop-color="#06c"/></linearGradient></defs>',
    '<path fill="url(#g)" d="M0 0h300v80H0z"/><use xlink:href="#g"/>',
    '</svg>',
  ].join('\n');
  const svg = (text: string) => svgProblem(Buffer.from(text));

  it('accepts a logo as drawing programs export it', () => {
    expect(svg(exported)).toBeUndefined();
  });

  it('refuses entity declarations, script, event handlers and references to other files, and what is not an SVG', () => {
    expect(svg(exported.replace('svg11.dtd">', 'svg11.dtd" [<!ENTITY a "aaaa">]>'))).toBe('an SVG with entity declarations');
    expect(svg(exported.replace('</svg>', '<script>fetch("/")</script></svg>'))).toBe('an SVG with a <script>');
    expect(svg(exported.replace('<path ', '<path onclick="x()" '))).toBe('an SVG with an on* event attribute');
    expect(svg(exported.replace('xlink:href="#g"', 'xlink:href="https://cdn.example/logo.svg#g"'))).toBe('an SVG with a reference to another file (href)');
    expect(svg(exported.replace('url(#g)', 'url(https://cdn.example/p.png)'))).toBe('an SVG with a reference to another file (url())');
    expect(svg('<html><body><svg></svg></body></html>')).toBe('Content-Type says SVG but the file is not an SVG');
  });
});
