// npm run bench:serve: requests per second and latency of our own server (npm run serve) over the built
// dist/, for a page and for the largest file under dist/assets/ as a browser asks for it. Prints; never judges.
// BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 50) override the load.
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { serve } from '../serve/serve.ts';

const dist = resolve('dist');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const browser = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

const assets = readdirSync(join(dist, 'assets')).filter((f) => !/\.(gz|br)$/.test(f)); // the build's own files, not its compressed copies
const largest = assets.sort((a, b) => statSync(join(dist, 'assets', b)).size - statSync(join(dist, 'assets', a)).size)[0];
if (!largest) throw new Error('nothing under dist/assets: run npm run build first');

const targets = [
  { name: 'page /services/water-testing', path: '/services/water-testing', headers: browser },
  { name: `asset /assets/${largest} (${Math.round(statSync(join(dist, 'assets', largest)).size / 1024)} KB)`, path: `/assets/${largest}`, headers: browser },
];

const { server, url } = await serve({ dist, host: '127.0.0.1', port: 0 });
console.log(`Serving dist/ at ${url}; ${connections} connections, ${duration} s per target, Accept-Encoding: ${browser['Accept-Encoding']}`);
const rows: string[][] = [];
try {
  for (const target of targets) {
    // The load comes from a worker thread, so it does not queue behind the server on this one.
    const r = await autocannon({ url: url + target.path, connections, duration, workers: 1, headers: target.headers });
    const problems = r.errors + r.timeouts + r.non2xx;
    rows.push([target.name, Math.round(r.requests.average).toString(), `${r.latency.p50} ms`, `${r.latency.p90} ms`, `${r.latency.p99} ms`,
      `${(r.throughput.average / 1024 / 1024).toFixed(1)} MB/s`, problems ? `${problems} (errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx})` : '0']);
    console.log(`${target.name}: done`);
  }
} finally {
  server.close();
  server.closeAllConnections();
}

const head = ['target', 'req/s', 'p50', 'p90', 'p99', 'throughput', 'failed'];
const width = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(width[i]!) : i === cells.length - 1 ? c : c.padStart(width[i]!))).join('  ');
console.log(`\n${line(head)}\n${width.map((w) => '-'.repeat(w)).join('  ')}\n${rows.map(line).join('\n')}`);
