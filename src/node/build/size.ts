// npm run size: first-load JavaScript and CSS (gzip), the page's document the app fetches as it starts
// (JSON, gzip) and HTML bytes per prerendered route; exits 1 past the budgets below (docs/developers.md quotes them).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const budgets = { js: 160 * 1024, css: 50 * 1024, htmlGzip: 40 * 1024 };

const dist = join(process.cwd(), 'dist');
// Most files are shared by most pages: each is read and compressed once.
const gzipped = new Map<string, number>();
const gz = (file: string) => {
  let n = gzipped.get(file);
  if (n === undefined) gzipped.set(file, (n = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length));
  return n;
};
const withZod = new Map<string, boolean>();
const hasZod = (file: string) => {
  let found = withZod.get(file);
  if (found === undefined) withZod.set(file, (found = readFileSync(join(dist, file), 'utf8').includes('"ZodError"')));
  return found;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (!existsSync(join(dist, 'index.html'))) {
  console.error('dist/ is empty: run npm run build first');
  process.exit(1);
}

let failed = false;
const rows: string[][] = [];
// Every page the build wrote, and the not-found page.
const pages = (readdirSync(dist, { recursive: true }) as string[]).filter((f) => /(^|\/)index\.html$|^404\.html$/.test(f)).sort();
for (const file of pages) {
  const route = file === '404.html' ? '/404' : `/${file.replace(/\/?index\.html$/, '')}`;
  const html = readFileSync(join(dist, file), 'utf8');
  const refs = (re: RegExp) => [...new Set([...html.matchAll(re)].map((m) => m[1]!.replace(/^\//, '')))];
  // The boot script, and the chunks it fetches after the first paint (listed in #app-chunks).
  const listed = (JSON.parse(/<script type="application\/json" id="app-chunks">(.*?)<\/script>/.exec(html)?.[1] ?? '[]') as string[]).map((f) => f.slice(1));
  const chunks = listed.filter((f) => f.endsWith('.js'));
  const js = [...new Set([...refs(/<script[^>]+src="([^"]+\.js)"/g), ...chunks])].reduce((n, f) => n + gz(f), 0);
  const data = listed.filter((f) => f.endsWith('.json')).reduce((n, f) => n + gz(f), 0);
  const css = refs(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g).reduce((n, f) => n + gz(f), 0);
  // The content contract is checked at build time; zod in the browser would be dead weight.
  if (chunks.some(hasZod)) {
    console.error(`${route}: the first-load JavaScript contains zod (a schema module imported by client code)`);
    failed = true;
  }
  const over = js > budgets.js || css > budgets.css || gzipSync(html).length > budgets.htmlGzip;
  failed ||= over;
  rows.push([route, kb(js), kb(css), kb(data), kb(html.length), kb(gzipSync(html).length), over ? 'OVER BUDGET' : '']);
}
const head = ['route', 'JS gzip', 'CSS gzip', 'data gzip', 'HTML', 'HTML gzip', ''];
const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
for (const r of [head, ...rows]) console.log(r.map((c, i) => (i === 0 ? c.padEnd(width[i]!) : c.padStart(width[i]!))).join('  '));
console.log(`budgets: JS ${kb(budgets.js)}, CSS ${kb(budgets.css)}, HTML ${kb(budgets.htmlGzip)} gzip per route`);
if (failed) process.exit(1);
