// npm run lighthouse [-- /route ...]: builds, serves dist/ and prints Lighthouse figures (mobile,
// simulated throttling, Debian chromium), the median of RUNS runs per route. A benchmark, not a test.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NOT_FOUND_ROUTE } from '../../../schemas/routes.ts';
import { loadContent } from '../content/load.ts';

const LIGHTHOUSE = 'lighthouse@12.8.2'; // run through npx: a benchmark tool, kept out of the install
const port = Number(process.env.LH_PORT ?? 4390);
const runs = Number(process.env.RUNS ?? 3);
const args = process.argv.slice(2);
const allRoutes = async () => [...((await loadContent()).content?.routes.keys() ?? [])].filter((r) => r !== NOT_FOUND_ROUTE);
const routes = args[0] === '--all' ? await allRoutes() : args.length ? args : ['/', '/services/water-testing', '/contact'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  const server = spawn('npx', ['tsx', 'src/node/serve/serve.ts'], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore', detached: true });
  await new Promise((r) => setTimeout(r, 2500));
  const dir = mkdtempSync(join(tmpdir(), 'lh-'));
  const rows: string[][] = [];
  try {
    for (const route of routes) {
      const samples: Record<string, number[]> = {};
      for (let i = 0; i < runs; i++) {
        const out = join(dir, 'report.json');
        execFileSync('npx', ['--yes', LIGHTHOUSE, `http://localhost:${port}${route}`, '--quiet', '--output=json', `--output-path=${out}`,
          '--only-categories=performance,accessibility,best-practices,seo',
          '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --no-first-run'],
          { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'inherit'] });
        const r = JSON.parse(readFileSync(out, 'utf8'));
        const add = (k: string, v: number) => (samples[k] ??= []).push(v);
        add('perf', r.categories.performance.score * 100);
        add('a11y', r.categories.accessibility.score * 100);
        add('bp', r.categories['best-practices'].score * 100);
        add('seo', r.categories.seo.score * 100);
        add('fcp', r.audits['first-contentful-paint'].numericValue);
        add('lcp', r.audits['largest-contentful-paint'].numericValue);
        add('tbt', r.audits['total-blocking-time'].numericValue);
        add('cls', r.audits['cumulative-layout-shift'].numericValue);
      }
      const m = (k: string) => median(samples[k]!);
      rows.push([route, `${m('perf')}`, `${m('a11y')}`, `${m('bp')}`, `${m('seo')}`, `${(m('fcp') / 1000).toFixed(2)} s`, `${(m('lcp') / 1000).toFixed(2)} s`, `${Math.round(m('tbt'))} ms`, m('cls').toFixed(3)]);
      console.log(rows[rows.length - 1]!.join('  '));
    }
  } finally {
    process.kill(-server.pid!);
    rmSync(dir, { recursive: true, force: true });
  }
  const head = ['route', 'perf', 'a11y', 'bp', 'seo', 'FCP', 'LCP', 'TBT', 'CLS'];
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  console.log(`\nLighthouse ${LIGHTHOUSE}, mobile, simulated throttling, median of ${runs} runs`);
  for (const r of [head, ...rows]) console.log(r.map((c, i) => (i === 0 ? c.padEnd(width[i]!) : c.padStart(width[i]!))).join('  '));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
