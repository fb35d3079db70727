// npm run bench:interactions: what a visitor on a slow phone waits for after a tap, on the built site.
// Debian's Chromium as a Pixel 7 with the CPU slowed 4x (DevTools protocol), served by our own server
// over dist/ (no network delay). Each run is a fresh browser context (nothing cached), so each tap is
// the first of its page: its code has not been fetched because of an earlier tap. For every tap it
// records, in the page, the time from the finger going down (pointerdown) to the end of the first frame
// in which what the tap opens is visible, and the interaction's duration as Event Timing reports it (the entry
// web-vitals takes INP from). Two moments to tap: at once, the moment the page has hydrated, and
// settled, once the page has loaded and the network has been quiet for a second (a visitor reading).
// Prints medians; asserts nothing. RUNS (default 5), CPU (default 4) and -- <scenario names> override;
// DIST serves another build; BEFORE=<a copy of dist/ from before a change> measures that one and this
// one in turns, run by run, so that a busy moment of the machine falls on both alike.
import { chromium, type Page } from '@playwright/test';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '../../src/node/serve/serve.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const CPU = Number(process.env.CPU ?? 4);

interface Scenario {
  name: string;
  path: string;
  /** The control a visitor taps. */
  tap: (page: Page) => ReturnType<Page['locator']>;
  /** In the page: is what the tap opens on screen? (a function body over `visible`, `state`) */
  shown: string;
}

export const scenarios: Scenario[] = [
  { name: 'phone menu', path: '/', tap: (p) => p.getByRole('button', { name: 'Open menu' }), shown: `return visible(document.querySelector('.mantine-Drawer-content'))` },
  { name: 'search', path: '/', tap: (p) => p.getByRole('button', { name: 'Search the site' }), shown: `return visible(document.querySelector('.mantine-Spotlight-content'))` },
  { name: 'quote dialog', path: '/', tap: (p) => p.getByRole('button', { name: 'Request Quote' }).or(p.getByRole('link', { name: 'Request Quote' })).first(), shown: `return visible(document.querySelector('.mantine-Modal-content'))` },
  { name: 'footer quote', path: '/policies', tap: (p) => p.locator('footer').getByRole('button', { name: 'Request Quote' }).or(p.locator('footer').getByRole('link', { name: 'Request Quote' })), shown: `return visible(document.querySelector('.mantine-Modal-content'))` },
  {
    name: 'range tab',
    path: '/',
    tap: (p) => p.getByRole('tab').nth(1),
    shown: `const tab = document.querySelectorAll('[role="tab"]')[1]; const panel = tab && document.getElementById(tab.getAttribute('aria-controls')); return tab?.getAttribute('aria-selected') === 'true' && visible(panel)`,
  },
  {
    name: 'page to page',
    path: '/services',
    tap: (p) => p.locator('main a[href="/services/water-testing"]').first(),
    shown: `const h1 = document.querySelector('h1'); return location.pathname === '/services/water-testing' && h1 !== state.h1 && visible(h1)`,
  },
];

/** In the page before any script: the taps' start times and the Event Timing entries. */
function instrument() {
  const w = window as unknown as { bench: { downs: number[]; events: { id: number; start: number; duration: number }[] } };
  w.bench = { downs: [], events: [] };
  addEventListener('pointerdown', (e) => w.bench.downs.push(e.timeStamp), true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[]) {
      if (e.interactionId) w.bench.events.push({ id: e.interactionId, start: e.startTime, duration: e.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/**
 * Starts watching, every frame, for the scenario's `shown`; resolves with the time that frame has been
 * rendered (a task queued from requestAnimationFrame runs after the frame's style, layout and paint).
 */
export function watch(shown: string) {
  const visible = (el: Element | null | undefined) => {
    if (!el || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight;
  };
  const state = { h1: document.querySelector('h1') };
  const test = new Function('visible', 'state', shown) as (v: typeof visible, s: typeof state) => boolean;
  const w = window as unknown as { shownAt: Promise<number> };
  w.shownAt = new Promise((done) => {
    const frame = () => (test(visible, state) ? setTimeout(() => done(performance.now())) : requestAnimationFrame(frame));
    requestAnimationFrame(frame);
  });
}

export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const live = (el: Element | undefined) => !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
    const all = document.getElementById('root')?.getElementsByTagName('*');
    const inMain = document.getElementById('main')?.getElementsByTagName('*');
    return live(all?.[all.length - 1]) && (!inMain?.length || live(inMain[inMain.length - 1]));
  }, undefined, { timeout: 60_000, polling: 50 });
}

/** Waits until no request has been in flight for a second. */
async function quiet(page: Page) {
  let inFlight = 0;
  let last = Date.now();
  const track = (d: number) => () => ((inFlight += d), (last = Date.now()));
  page.on('request', track(1));
  page.on('requestfinished', track(-1));
  page.on('requestfailed', track(-1));
  await page.waitForLoadState('load');
  while (inFlight > 0 || Date.now() - last < 1000) await page.waitForTimeout(100);
}

async function measure(browser: import('@playwright/test').Browser, base: string, s: Scenario, settled: boolean) {
  const context = await browser.newContext({ ...(await import('@playwright/test')).devices['Pixel 7'] });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  // tsx names the functions it compiles with a helper (__name) that the page does not have.
  await page.addInitScript('globalThis.__name = (f) => f');
  await page.addInitScript(instrument);
  await page.goto(base + s.path);
  await hydrated(page);
  if (settled) await quiet(page);
  const target = s.tap(page);
  await target.scrollIntoViewIfNeeded();
  await page.evaluate(watch, s.shown);
  await target.tap();
  // A scenario whose `shown` never comes true (a renamed class) stops the run with its name, not a hang.
  const shown = await page.evaluate(() =>
    Promise.race([(window as unknown as { shownAt: Promise<number> }).shownAt, new Promise<undefined>((done) => setTimeout(done, 30_000))]),
  );
  if (shown === undefined) throw new Error(`${s.name}: what the tap opens was not visible 30 s after the tap (check the scenario's \`shown\`)`);
  await page.waitForTimeout(300); // Event Timing reports an interaction after its next paint
  const { downs, events } = await page.evaluate(() => (window as unknown as { bench: { downs: number[]; events: { id: number; start: number; duration: number }[] } }).bench);
  const down = downs.at(-1)!;
  const inp = Math.max(0, ...events.filter((e) => e.start >= down - 1).map((e) => e.duration));
  await context.close();
  return { visible: shown - down, inp };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (x: number) => `${Math.round(x)} ms`;

async function main() {
  const only = process.argv.slice(2);
  const chosen = only.length ? scenarios.filter((s) => only.includes(s.name)) : scenarios;
  // BEFORE: another build (a copy of dist/ from before a change), measured in turns with this one, run by run.
  const builds = [...(process.env.BEFORE ? [{ name: 'before', dist: process.env.BEFORE }] : []), { name: process.env.BEFORE ? 'after' : '', dist: process.env.DIST ?? 'dist' }];
  const served = await Promise.all(builds.map(async (b) => ({ ...b, ...(await serve({ dist: resolve(b.dist), host: '127.0.0.1', port: 0 })) })));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  console.log(`Built site${served.length > 1 ? 's' : ''} at ${served.map((b) => `${b.url}${b.name ? ` (${b.name}: ${b.dist})` : ''}`).join(', ')}; Pixel 7, CPU ${CPU}x slower, no network delay; median of ${RUNS} fresh pages each`);
  console.log('INP "<16" means every event of the tap took under 16 ms (Event Timing reports none).\n');
  const rows = [['interaction', ...(served.length > 1 ? ['build'] : []), 'tapped', 'tap to visible', 'INP', 'runs (visible)']];
  try {
    for (const s of chosen) {
      for (const settled of [false, true]) {
        const runs = served.map(() => [] as Awaited<ReturnType<typeof measure>>[]);
        for (let i = 0; i < RUNS; i++) for (const [b, build] of served.entries()) runs[b]!.push(await measure(browser, build.url, s, settled));
        for (const [b, build] of served.entries()) {
          const inp = median(runs[b]!.map((r) => r.inp));
          rows.push([s.name, ...(served.length > 1 ? [build.name] : []), settled ? 'settled' : 'at once', ms(median(runs[b]!.map((r) => r.visible))), inp ? ms(inp) : '<16', runs[b]!.map((r) => Math.round(r.visible)).join(' ')]);
          console.log(rows.at(-1)!.join('  |  '));
        }
      }
    }
  } finally {
    await browser.close();
    for (const b of served) b.server.close();
  }
  console.log('\n' + rows.map((r) => `| ${r.join(' | ')} |`).join('\n'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
