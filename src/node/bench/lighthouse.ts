// npm run lighthouse [-- /route ...]: builds, serves dist/ and prints Lighthouse figures (mobile,
// simulated throttling, Debian chromium), the median of RUNS runs per route. A benchmark, not a test.
// `lighthouseMedians` runs it over any served site (npm run bench:images does).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NOT_FOUND_ROUTE } from '../../../schemas/routes.ts';
import { loadContent } from '../content/load.ts';

const LIGHTHOUSE = 'lighthouse@12.8.2'; // run through npx: a benchmark tool, kept out of the install

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

/** Lighthouse's figures for a page, each the median of `runs` runs. */
export function lighthouseMedians(url: string, runs: number): LighthouseFigures {
  const dir = mkdtempSync(join(tmpdir(), 'lh-'));
  const samples: Record<keyof LighthouseFigures, number[]> = { perf: [], a11y: [], bp: [], seo: [], fcp: [], lcp: [], tbt: [], cls: [], speed: [] };
  try {
    for (let i = 0; i < runs; i++) {
      const out = join(dir, 'report.json');
      execFileSync('npx', ['--yes', LIGHTHOUSE, url, '--quiet', '--output=json', `--output-path=${out}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --no-first-run'],
        { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'inherit'] });
      const r = JSON.parse(readFileSync(out, 'utf8'));
      samples.perf.push(r.categories.performance.score * 100);
      samples.a11y.push(r.categories.accessibility.score * 100);
      samples.bp.push(r.categories['best-practices'].score * 100);
      samples.seo.push(r.categories.seo.score * 100);
      samples.fcp.push(r.audits['first-contentful-paint'].numericValue);
      samples.lcp.push(r.audits['largest-contentful-paint'].numericValue);
      samples.tbt.push(r.audits['total-blocking-time'].numericValue);
      samples.cls.push(r.audits['cumulative-layout-shift'].numericValue);
      samples.speed.push(r.environment.benchmarkIndex);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)])) as unknown as LighthouseFigures;
}

export const LIGHTHOUSE_SETTINGS = `Lighthouse ${LIGHTHOUSE}, mobile, simulated throttling`;

async function main() {
  const port = Number(process.env.LH_PORT ?? 4390);
  const runs = Number(process.env.RUNS ?? 3);
  const args = process.argv.slice(2);
  const allRoutes = async () => [...((await loadContent()).content?.routes.keys() ?? [])].filter((r) => r !== NOT_FOUND_ROUTE);
  const routes = args[0] === '--all' ? await allRoutes() : args.length ? args : ['/', '/services/water-testing', '/contact'];
  execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  const server = spawn('npx', ['tsx', 'src/node/serve/serve.ts'], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore', detached: true });
  await new Promise((r) => setTimeout(r, 2500));
  const rows: string[][] = [];
  try {
    for (const route of routes) {
      const m = lighthouseMedians(`http://localhost:${port}${route}`, runs);
      rows.push([route, `${m.perf}`, `${m.a11y}`, `${m.bp}`, `${m.seo}`, `${(m.fcp / 1000).toFixed(2)} s`, `${(m.lcp / 1000).toFixed(2)} s`, `${Math.round(m.tbt)} ms`, m.cls.toFixed(3), `${Math.round(m.speed)}`]);
      console.log(rows[rows.length - 1]!.join('  '));
    }
  } finally {
    process.kill(-server.pid!);
  }
  const head = ['route', 'perf', 'a11y', 'bp', 'seo', 'FCP', 'LCP', 'TBT', 'CLS', 'speed'];
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  console.log(`\n${LIGHTHOUSE_SETTINGS}, median of ${runs} runs; speed: Lighthouse's benchmarkIndex of the machine (higher is faster)`);
  for (const r of [head, ...rows]) console.log(r.map((c, i) => (i === 0 ? c.padEnd(width[i]!) : c.padStart(width[i]!))).join('  '));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
