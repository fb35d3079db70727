// npm run bench:trace: where a slow phone's main thread goes on the built site. Debian's Chromium as a
// Pixel 7 with the CPU slowed 4x, our own server over dist/ (run `npm run build` first). For each page
// given (default / and /services/water-testing) it records a Chrome performance trace of the load, up
// to a second after the page has hydrated and the network is quiet, and for each tap given
// (`--tap "quote dialog"`, the scenarios of interactions.ts), on the page settled (TAP_AT_ONCE=1: the
// moment it has hydrated), one from the
// pointerdown to the frame that shows what it opens. It prints every main-thread task over 50 ms, with what ran in it: the script
// evaluated or called (by chunk), style, layout, paint, parsing, garbage collection. A tool for finding
// what costs, not a test; TRACE_DIR keeps the raw traces (open them in Chrome's Performance panel), and
// DIST serves another build (as in interactions.ts).
import { chromium, devices, type CDPSession, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve } from '../../src/node/serve/serve.ts';
import { hydrated, scenarios, watch } from './interactions.ts';

const CPU = Number(process.env.CPU ?? 4);
/** A load's tasks are listed from this many milliseconds (OVER; 50 by default, the threshold of TBT). */
const LOAD_OVER = Number(process.env.OVER ?? 50);
const CATEGORIES = [...(process.env.TRACE_PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []), 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'toplevel', 'blink.user_timing', 'loading'];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> } & Record<string, unknown>;
}

async function record(cdp: CDPSession, during: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const complete = new Promise<void>((done) => cdp.once('Tracing.tracingComplete', () => done()));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  await during();
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

const short = (url: unknown) => (typeof url === 'string' && url ? url.replace(/^https?:\/\/[^/]+/, '').replace(/-[\w-]{8}\.js$/, '.js') : '');

/** What an event inside a task was, in a few words (the script's chunk, the event's type). */
function label(e: TraceEvent): string | undefined {
  const d = (e.args?.data ?? {}) as Record<string, unknown>;
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return `evaluate ${short(d.url ?? (e.args as Record<string, unknown>)?.url ?? '') || '(inline)'}`;
    case 'v8.compile':
    case 'v8.compileModule':
      return `compile ${short(d.url ?? (e.args as Record<string, unknown>)?.fileName ?? '')}`;
    case 'FunctionCall':
      return `call ${short(d.url)}${d.functionName ? ` ${d.functionName as string}` : ''}`;
    case 'EventDispatch':
      return `event ${d.type as string}`;
    case 'TimerFire':
      return 'timer';
    case 'FireAnimationFrame':
      return 'animation frame';
    case 'FireIdleCallback':
      return 'idle callback';
    case 'ParseHTML':
      return 'parse HTML';
    case 'ParseAuthorStyleSheet':
      return 'parse CSS';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'PrePaint':
    case 'Paint':
    case 'Layerize':
    case 'UpdateLayer':
    case 'Commit':
      return 'paint';
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_SCAVENGER':
      return 'GC';
    default:
      return undefined;
  }
}

/** The main-thread tasks over 50 ms, each with the time of what ran in it (outermost labelled events). */
function longTasks(events: TraceEvent[], from = 0, over = 50) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'RunTask' && x.dur! > 5000));
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur! > over * 1000 && e.ts >= from);
  return tasks.map((task) => {
    const end = task.ts + task.dur!;
    const parts = new Map<string, number>();
    let coveredUntil = task.ts;
    for (const e of onMain) {
      if (e.ts < task.ts || e.ts >= end || e === task) continue;
      const what = label(e);
      if (!what || e.ts < coveredUntil) continue; // count only the outermost labelled event
      parts.set(what, (parts.get(what) ?? 0) + e.dur!);
      coveredUntil = e.ts + e.dur!;
    }
    const listed = [...parts].sort((a, b) => b[1] - a[1]).filter(([, us]) => us >= 2000);
    return { at: (task.ts - from) / 1000, ms: task.dur! / 1000, parts: listed.map(([what, us]) => `${what} ${Math.round(us / 1000)}`) };
  });
}

function print(title: string, tasks: ReturnType<typeof longTasks>, over = 50) {
  const blocking = tasks.reduce((sum, t) => sum + Math.max(0, t.ms - 50), 0);
  console.log(`\n${title}: ${tasks.length} task(s) over ${over} ms, ${Math.round(blocking)} ms over 50 in all`);
  for (const t of tasks) console.log(`  at ${Math.round(t.at)} ms: ${Math.round(t.ms)} ms  (${t.parts.join(', ') || 'nothing labelled'})`);
}

async function newPage(browser: import('@playwright/test').Browser) {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await page.addInitScript('globalThis.__name = (f) => f');
  return { context, page, cdp };
}

function keep(name: string, events: TraceEvent[]) {
  if (!process.env.TRACE_DIR) return;
  mkdirSync(process.env.TRACE_DIR, { recursive: true });
  writeFileSync(join(process.env.TRACE_DIR, `${name.replace(/[^\w]+/g, '_') || 'home'}.json`), JSON.stringify({ traceEvents: events }));
}

async function settle(page: Page) {
  await hydrated(page);
  await page.waitForLoadState('load');
  await page.waitForTimeout(1500);
}

const args = process.argv.slice(2);
const taps = args.flatMap((a, i) => (args[i - 1] === '--tap' ? [a] : []));
const paths = args.filter((a, i) => a !== '--tap' && args[i - 1] !== '--tap');
const routes = paths.length || taps.length ? paths : ['/', '/services/water-testing'];

const { server, url } = await serve({ dist: resolve(process.env.DIST ?? 'dist'), host: '127.0.0.1', port: 0 });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
console.log(`Built site at ${url}; Pixel 7, CPU ${CPU}x slower, no network delay`);
try {
  for (const route of routes) {
    const { context, page, cdp } = await newPage(browser);
    const events = await record(cdp, async () => {
      await page.goto(url + route);
      await settle(page);
    });
    keep(route, events);
    const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationBodyLoader::StartLoadingBody');
    print(`load ${route}`, longTasks(events, nav?.ts ?? 0, LOAD_OVER), LOAD_OVER);
    await context.close();
  }
  for (const name of taps) {
    const s = scenarios.find((x) => x.name === name);
    if (!s) throw new Error(`no tap named "${name}": ${scenarios.map((x) => x.name).join(', ')}`);
    const { context, page, cdp } = await newPage(browser);
    await page.goto(url + s.path);
    await (process.env.TAP_AT_ONCE ? hydrated(page) : settle(page));
    const target = s.tap(page);
    await target.scrollIntoViewIfNeeded();
    let down = 0;
    const events = await record(cdp, async () => {
      await page.evaluate(watch, s.shown);
      await page.evaluate(() => addEventListener('pointerdown', (e) => ((window as unknown as { down: number }).down = e.timeStamp), { capture: true, once: true }));
      await target.tap();
      const shown = await page.evaluate(() => (window as unknown as { shownAt: Promise<number> }).shownAt);
      down = await page.evaluate(() => (window as unknown as { down: number }).down);
      console.log(`\ntap "${name}" on ${s.path}: shown ${Math.round(shown - down)} ms after pointerdown`);
    });
    keep(`tap ${name}`, events);
    const tapped = events.find((e) => e.name === 'EventDispatch' && (e.args?.data as { type?: string })?.type === 'pointerdown');
    print(`tap "${name}"`, longTasks(events, tapped?.ts ?? 0, 10), 10);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
