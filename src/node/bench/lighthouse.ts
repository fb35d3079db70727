// npm run lighthouse [-- /route ...]: builds, serves dist/ and prints Lighthouse figures (mobile,
// simulated throttling, Debian chromium), the median of RUNS runs per route. A benchmark, not a test.
// `-- --h2`: served as production serves it, by deploy/nginx.conf over TLS and HTTP/2 (a certificate
// made for the run), beside an empty page from the same nginx, the pages taken in turn in each round.
// `lighthouseMedians` runs it over any served site (npm run bench:images does).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NOT_FOUND_ROUTE } from '../../../schemas/routes.ts';
import { selfSignedCertificate, startNginx } from '../serve/nginx.ts';
import { loadContent } from '../content/load.ts';

const LIGHTHOUSE = 'lighthouse@12.8.2'; // run through npx: a benchmark tool, kept out of the install
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --no-first-run';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface LighthouseFigures {
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  /** Milliseconds. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's measure of the machine's speed during the run (its benchmarkIndex): TBT on a slow
   * phone is the machine's task times four, so a slower moment of a shared machine shows as more TBT. */
  speed: number;
}

interface Run {
  figures: LighthouseFigures;
  /** The protocols of the finished requests to the page's own origin, as Lighthouse's network records name them ('h2', 'http/1.1'). */
  protocols: string[];
}

function lighthouseRun(url: string, out: string, chromeFlags: string): Run {
  execFileSync('npx', ['--yes', LIGHTHOUSE, url, '--quiet', '--output=json', `--output-path=${out}`,
    '--only-categories=performance,accessibility,best-practices,seo', `--chrome-flags=${chromeFlags}`],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const origin = new URL(url).origin;
  // A request still running when Lighthouse stopped recording (a chunk fetched when idle) has no protocol.
  const requests = (r.audits['network-requests'].details.items as { url: string; protocol: string; finished: boolean }[]).filter((q) => q.finished);
  return {
    figures: {
      perf: r.categories.performance.score * 100,
      a11y: r.categories.accessibility.score * 100,
      bp: r.categories['best-practices'].score * 100,
      seo: r.categories.seo.score * 100,
      fcp: r.audits['first-contentful-paint'].numericValue,
      lcp: r.audits['largest-contentful-paint'].numericValue,
      tbt: r.audits['total-blocking-time'].numericValue,
      cls: r.audits['cumulative-layout-shift'].numericValue,
      speed: r.environment.benchmarkIndex,
    },
    protocols: [...new Set(requests.filter((q) => q.url.startsWith(origin)).map((q) => q.protocol))],
  };
}

/**
 * Each page once per round, in turn, for `runs` rounds (so a busy moment of the machine falls on all
 * of them alike): per page, the median of each figure and the protocols its requests went over.
 * `insecure`: Chrome accepts any certificate (one made for the run).
 */
export function lighthouseRounds(urls: string[], runs: number, options: { insecure?: boolean } = {}): Map<string, LighthouseFigures & { protocols: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'lh-'));
  const chromeFlags = options.insecure ? `${CHROME_FLAGS} --ignore-certificate-errors` : CHROME_FLAGS;
  const samples = new Map(urls.map((u) => [u, [] as Run[]]));
  try {
    for (let i = 0; i < runs; i++) for (const url of urls) samples.get(url)!.push(lighthouseRun(url, join(dir, 'report.json'), chromeFlags));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return new Map([...samples].map(([url, list]) => {
    const figures = Object.fromEntries(Object.keys(list[0]!.figures).map((k) => [k, median(list.map((s) => s.figures[k as keyof LighthouseFigures]))]));
    return [url, { ...(figures as unknown as LighthouseFigures), protocols: [...new Set(list.flatMap((s) => s.protocols))] }];
  }));
}

/** Lighthouse's figures for a page, each the median of `runs` runs. */
export const lighthouseMedians = (url: string, runs: number): LighthouseFigures => lighthouseRounds([url], runs).get(url)!;

export const LIGHTHOUSE_SETTINGS = `Lighthouse ${LIGHTHOUSE}, mobile, simulated throttling`;

/** The least a page can be, to measure the rest against: what the protocol, TLS and the document cost. */
export const EMPTY_PAGE = '/empty-page';
const EMPTY_HTML = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Empty page</title></head><body><h1>An empty page</h1><p>One heading and one line, to measure the pages against.</p></body></html>\n';

/** deploy/nginx.conf over `dist` with TLS and HTTP/2, and EMPTY_PAGE from a folder of its own (not `dist`). */
export async function servedOverH2(dist: string, port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'lh-nginx-'));
  writeFileSync(join(dir, 'empty.html'), EMPTY_HTML);
  const extra = `location = ${EMPTY_PAGE} { default_type text/html; alias ${join(dir, 'empty.html')}; }`;
  return startNginx(port, dist, { dir, tls: selfSignedCertificate(dir), extra });
}

const load = () => `load average ${loadavg().map((n) => n.toFixed(2)).join(', ')}`;

function printTable(head: string[], rows: string[][]) {
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const r of [head, ...rows]) console.log(r.map((c, i) => (i === 0 ? c.padEnd(width[i]!) : c.padStart(width[i]!))).join('  '));
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const signed = (ms: number) => `${ms < 0 ? '-' : '+'}${s(Math.abs(ms))}`;

async function overH2(routes: string[], port: number, runs: number) {
  const server = await servedOverH2(resolve('dist'), port);
  console.log(`deploy/nginx.conf over TLS and HTTP/2 at ${server.url}; ${load()}`);
  const pages = [EMPTY_PAGE, ...routes];
  let figures;
  try {
    figures = lighthouseRounds(pages.map((p) => server.url + p), runs, { insecure: true });
  } finally {
    await server.stop();
  }
  const empty = figures.get(server.url + EMPTY_PAGE)!;
  const rows = pages.map((page) => {
    const m = figures.get(server.url + page)!;
    const beside = page === EMPTY_PAGE ? '' : `${signed(m.fcp - empty.fcp)} / ${signed(m.lcp - empty.lcp)}`;
    return [page === EMPTY_PAGE ? `${page} (one heading, one line)` : page, `${m.perf}`, s(m.fcp), s(m.lcp), beside, `${Math.round(m.tbt)} ms`, m.cls.toFixed(3), m.protocols.join(', '), `${Math.round(m.speed)}`];
  });
  console.log(`\n${LIGHTHOUSE_SETTINGS}, median of ${runs} rounds (each page once a round, in turn); speed: Lighthouse's benchmarkIndex of the machine (higher is faster); ${load()} at the end`);
  printTable(['route', 'perf', 'FCP', 'LCP', 'FCP / LCP past the empty page', 'TBT', 'CLS', 'protocol', 'speed'], rows);
  const other = pages.filter((page) => figures.get(server.url + page)!.protocols.some((p) => p !== 'h2'));
  if (other.length) throw new Error(`not over HTTP/2 alone: ${other.join(', ')} (see the protocol column)`);
}

async function main() {
  const port = Number(process.env.LH_PORT ?? 4390);
  const runs = Number(process.env.RUNS ?? 3);
  const h2 = process.argv.includes('--h2');
  const args = process.argv.slice(2).filter((a) => a !== '--h2');
  const allRoutes = async () => [...((await loadContent()).content?.routes.keys() ?? [])].filter((r) => r !== NOT_FOUND_ROUTE);
  const routes = args[0] === '--all' ? await allRoutes() : args.length ? args : ['/', '/services/water-testing', '/contact'];
  execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  if (h2) return overH2(routes, port, runs);
  const server = spawn('npx', ['tsx', 'src/node/serve/serve.ts'], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore', detached: true });
  await new Promise((r) => setTimeout(r, 2500));
  const rows: string[][] = [];
  try {
    for (const route of routes) {
      const m = lighthouseMedians(`http://localhost:${port}${route}`, runs);
      rows.push([route, `${m.perf}`, `${m.a11y}`, `${m.bp}`, `${m.seo}`, s(m.fcp), s(m.lcp), `${Math.round(m.tbt)} ms`, m.cls.toFixed(3), `${Math.round(m.speed)}`]);
      console.log(rows[rows.length - 1]!.join('  '));
    }
  } finally {
    process.kill(-server.pid!);
  }
  console.log(`\n${LIGHTHOUSE_SETTINGS}, median of ${runs} runs; speed: Lighthouse's benchmarkIndex of the machine (higher is faster)`);
  printTable(['route', 'perf', 'a11y', 'bp', 'seo', 'FCP', 'LCP', 'TBT', 'CLS', 'speed'], rows);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
