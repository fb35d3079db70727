// pages-data/redirects.json under `npm run serve` and deploy/nginx.conf (D17): both answer an old
// address with a 301 to its page, keeping the query, with or without a trailing slash, and a pattern
// carries its [id] over. Over a small dist/ made of the build's own host files for content with
// redirects (the shipped content has none yet); tests/e2e/studio.spec.ts does the same after a real
// build of a moved page. Runs in the 'hosts' project.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { hostFiles } from '../../src/node/build/host-files';
import { outputFile } from '../../src/node/build/prerender';
import { loadContent } from '../../src/node/content/load';
import { serve } from '../../src/node/serve/serve';
import { freePort } from '../support/dev-server';
import { startNginx } from '../../src/node/serve/nginx';

const project = resolve(import.meta.dirname, '../..');
// One dist/ and one pair of servers: keep this file's tests in one worker.
test.describe.configure({ mode: 'default' });
let dist = '';
const stops: (() => Promise<unknown>)[] = [];
const servers: { name: string; url: string }[] = [];

test.beforeAll(async () => {
  const redirects = [
    { from: '/services/microscopes-old', to: '/services/microscopy' },
    { from: '/Old-Site/about.php', to: '/contact' },
    // An old site's .html address that no page of this one has (issue 36, item 7: the servers agree).
    { from: '/about-us.html', to: '/contact' },
    // To the products' template page, which stands for every address under /products/.
    { from: '/goods/[id]', to: '/products/[id]' },
  ];
  const overrides = new Map([['redirects.json', JSON.stringify({ $schema: '../schemas/redirects.schema.json', redirects })]]);
  const { content, problems } = await loadContent(project, { overrides, skipSchemaFiles: true });
  if (!content) throw new Error(problems.map((p) => p.message).join('\n'));
  dist = mkdtempSync(join(tmpdir(), 'redirects-dist-'));
  const write = (rel: string, text: string) => {
    mkdirSync(dirname(join(dist, rel)), { recursive: true });
    writeFileSync(join(dist, rel), text);
  };
  for (const route of content.routes.keys()) write(outputFile(route), `<!doctype html><title>${route}</title>`);
  for (const [rel, text] of Object.entries(hostFiles(content, content.site))) write(rel, text);

  const ours = await serve({ dist, port: 0 });
  stops.push(() => new Promise((done) => ours.server.close(done)));
  const nginx = await startNginx(await freePort(), dist);
  stops.push(nginx.stop);
  servers.push({ name: 'npm run serve', url: ours.url }, { name: 'nginx', url: nginx.url });
});

test.afterAll(async () => {
  for (const stop of stops) await stop();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

const cases: [string, number, string?][] = [
  ['/services/microscopes-old', 301, '/services/microscopy'],
  ['/services/microscopes-old?utm_source=old-bookmark&x=1', 301, '/services/microscopy?utm_source=old-bookmark&x=1'],
  ['/services/microscopes-old/', 301, '/services/microscopy'],
  ['/Old-Site/about.php?id=4', 301, '/contact?id=4'],
  ['/about-us.html?ref=1', 301, '/contact?ref=1'],
  ['/contact.html', 301, '/contact'],
  ['/goods/photometer-7500?ref=mail', 301, '/products/photometer-7500?ref=mail'],
  ['/goods/photometer-7500/', 301, '/products/photometer-7500'],
  ['/goods/a/b', 404],
  ['/goods', 404],
  // A pattern carries over an id only (issue 36, item 3): nothing else gets a redirect.
  ['/goods/x%20y', 404],
  ['/goods/Photometer-7500', 404],
  ['/goods/a%2Fb', 404],
  ['/services/microscopy', 200],
  ['/products/photometer-7500', 200],
];

/** The head of the answer to a request sent byte for byte as written (a client library would encode or refuse it). */
function rawHead(url: string, target: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(Number(port), hostname, () => socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`));
    socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
    socket.on('end', () => resolve(answer.split('\r\n\r\n')[0]!));
    socket.on('error', reject);
  });
}

test('a line break in a pattern\'s id sets no header: no redirect, on both servers (issue 36, item 3)', async () => {
  for (const { name, url } of servers) {
    for (const target of ['/goods/x%0d%0aSet-Cookie:%20session=attacker', '/goods/x%0aSet-Cookie:%20session=attacker', '/goods/x%0d%0a%0d%0a<script>']) {
      const head = rawHead(url, target);
      const lines = (await head).split('\r\n');
      expect(lines[0], `${name} ${target}`).toMatch(/^HTTP\/1\.1 404 /);
      expect(lines.filter((l) => /^(set-cookie|location):/i.test(l)), `${name} ${target}`).toEqual([]);
    }
  }
});

for (const [path, status, location] of cases) {
  test(`${path} answers ${status}${location ? ` to ${location}` : ''} on both servers`, async ({ request }) => {
    for (const { name, url } of servers) {
      const res = await request.get(url + path, { maxRedirects: 0 });
      expect(res.status(), name).toBe(status);
      expect(res.headers().location, name).toBe(location);
      if (status === 301) {
        expect(res.headers()['cache-control'], name).toBe('no-cache');
        expect(res.headers()['content-security-policy'], name).toBeTruthy();
      }
    }
  });
}
