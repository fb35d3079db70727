// npm run bench:build: how validate and build grow with the catalogue. Times both in a scratch copy on
// the real content, then again with EXTRA (1,000) more service pages, copies of one service document
// at /services/catalogue-0001 and on, each with its own title and heading. Prints figures, asserts nothing.
import { performance } from 'node:perf_hooks';
import { scratchProject } from '../support/scratch';

const EXTRA = Number(process.env.EXTRA ?? 1000);
const SOURCE = 'pages-data/services/water-testing.json';

const scratch = scratchProject('build-bench-');
const run = (script: string) => {
  const start = performance.now();
  const out = scratch.npm(script);
  const seconds = (performance.now() - start) / 1000;
  const routes = Number(/prerendered (\d+) routes/.exec(out)?.[1] ?? NaN);
  const phases = /^build phases: (.*)$/m.exec(out)?.[1] ?? '';
  return { seconds, routes, phases };
};
const measure = () => ({ validate: run('validate').seconds, build: run('build') });

try {
  const real = measure();
  const doc = JSON.parse(scratch.read(SOURCE)) as { meta: { title: string }; blocks: { title?: string }[] };
  for (let i = 1; i <= EXTRA; i++) {
    const n = String(i).padStart(4, '0');
    const copy = structuredClone(doc);
    copy.meta.title = `${doc.meta.title} ${n}`;
    copy.blocks[0]!.title = `${doc.blocks[0]!.title} ${n}`;
    scratch.write(`pages-data/services/catalogue-${n}.json`, JSON.stringify(copy, null, 2) + '\n');
  }
  const grown = measure();

  const perPage = (seconds: number, pages: number) => `${((seconds / pages) * 1000).toFixed(1)} ms/page`;
  const row = (what: string, m: typeof real) =>
    `| ${what.padEnd(24)} | ${String(m.build.routes).padStart(6)} | ${m.validate.toFixed(1).padStart(10)} | ${m.build.seconds.toFixed(1).padStart(7)} |`;
  console.log('| content                  | routes | validate s | build s |');
  console.log('| ------------------------ | ------ | ---------- | ------- |');
  console.log(row('real', real));
  console.log(row(`real + ${EXTRA} copies`, grown));
  const added = grown.build.routes - real.build.routes;
  console.log(`build cost per page: real site ${perPage(real.build.seconds, real.build.routes)} (all of its build over its routes), ` +
    `extra pages ${perPage(grown.build.seconds - real.build.seconds, added)} (the added build time over the ${added} added routes)`);
  console.log(`build phases, real: ${real.build.phases}`);
  console.log(`build phases, real + ${EXTRA} copies: ${grown.build.phases}`);
} finally {
  scratch.remove();
}
