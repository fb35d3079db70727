// deploy/nginx.conf run by a real nginx over dist/ answers like our own server (D11, D12): every check
// below is made against both. Runs in the 'hosts' project only (playwright.config.ts).
//
// Where they still differ, and why (none of it changes what a browser gets):
// - Requests Node's HTTP parser refuses before our code sees them: an unknown method (FOO) is 400 from
//   ours and 405 from nginx; raw non-ASCII bytes in a path are 400 from ours and 404 from nginx; too
//   large headers are 431 from ours and 400 from nginx. CONNECT is 405 from ours, 400 from nginx 1.22.
// - A client that half-closes its connection right after its request gets no answer from ours (Node
//   drops the request); nginx answers it.
// - nginx repeats its headers on a 416 (see below and deploy/nginx.conf).
// - Error bodies (a line of text from ours, a small HTML page from nginx) and ETag values differ.
// - Compression: both send the build's .br or .gz copy (nginx with the brotli_static module, which
//   src/node/serve/nginx.ts loads); files under 1 KB have none, and go as they are from ours, compressed
//   on the fly by nginx.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { cacheControl } from '../../src/node/serve/headers';
import { SERVER_HEADERS_FILE } from '../../src/node/build/host-files';
import { startNginx } from '../../src/node/serve/nginx';

const project = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(project, 'dist');
const notFoundText = 'Page not found';
const securityHeaders = JSON.parse(readFileSync(join(dist, SERVER_HEADERS_FILE), 'utf8')) as Record<string, string>;

// One nginx per worker: keep this file's tests in one worker.
test.describe.configure({ mode: 'default' });

let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
let servers: { name: string; url: string }[] = [];

test.beforeAll(async ({}, testInfo) => {
  const nginxURL = testInfo.project.use.baseURL!;
  servers = [{ name: 'nginx', url: nginxURL }, { name: 'npm run serve', url: testInfo.config.webServer!.url!.replace(/\/$/, '') }];
  nginx = await startNginx(Number(new URL(nginxURL).port), dist);
});

test.afterAll(async () => {
  await nginx?.stop();
});

type Ask = { method?: string; headers?: Record<string, string> };

/** The same request to nginx and to our own server, without following redirects. */
async function ask(request: APIRequestContext, path: string, options: Ask = {}): Promise<[string, APIResponse][]> {
  return Promise.all(
    servers.map(async (s) => [s.name, await request.fetch(s.url + path, { ...options, maxRedirects: 0 })] as [string, APIResponse]),
  );
}

/** Every value of a header, in the order sent. */
const values = (res: APIResponse, name: string) => res.headersArray().filter((h) => h.name.toLowerCase() === name.toLowerCase()).map((h) => h.value);

const distFile = (file: string) => readFileSync(join(dist, file), 'utf8');
const largestAsset = () =>
  readdirSync(join(dist, 'assets'))
    .filter((f) => /\.(js|css)$/.test(f))
    .sort((a, b) => statSync(join(dist, 'assets', b)).size - statSync(join(dist, 'assets', a)).size)[0]!;
/** Byte-exact answers: a text file under 1 KB has no precompressed copy, and identity stops nginx compressing it. */
const identity = { 'Accept-Encoding': 'identity' };

test('pages answer 200 with their prerendered file and no-cache', async ({ request }) => {
  const pages: [string, string][] = [
    ['/', 'index.html'],
    ['/services', 'services/index.html'],
    ['/services/', 'services/index.html'],
    ['/services/water-testing', 'services/water-testing/index.html'],
    ['/palintest', 'palintest/index.html'],
    ['/partner/palintest', 'partner/palintest/index.html'],
    ['//services', 'services/index.html'], // doubled slashes once crashed our own server
  ];
  for (const [path, file] of pages) {
    for (const [server, res] of await ask(request, path)) {
      const where = `${server} ${path}`;
      expect(res.status(), where).toBe(200);
      expect(res.headers()['content-type'], where).toMatch(/^text\/html/);
      expect(res.headers()['cache-control'], where).toBe(cacheControl.other);
      expect(await res.text(), where).toBe(distFile(file));
    }
  }
});

test('unknown paths answer 404 with the not-found page', async ({ request }) => {
  const paths = ['/no-such-page', '/services/no-such', '/old-page.html', '/404', '/404.html', '/assets/no-such.js', '/images/', '/.vite/manifest.json',
    '/.host/security-headers.json', '/index.html.gz', '/services/index.html.br', `/assets/${largestAsset()}.gz`]; // the build's precompressed copies, by their own names
  for (const path of paths) {
    for (const [server, res] of await ask(request, path)) {
      const where = `${server} ${path}`;
      expect(res.status(), where).toBe(404);
      expect(res.headers()['content-type'], where).toMatch(/^text\/html/);
      expect(res.headers()['cache-control'], where).toBe(cacheControl.other);
      expect(await res.text(), where).toContain(notFoundText);
    }
  }
});

test('an old .html address of a page redirects permanently to the clean path, keeping the query', async ({ request }) => {
  const redirects: [string, string][] = [
    ['/contact.html?x=1', '/contact?x=1'],
    ['/services/water-testing/index.html', '/services/water-testing'],
    ['/palintest.html', '/palintest'],
    ['/index.html?utm=mail', '/?utm=mail'],
  ];
  for (const [path, location] of redirects) {
    for (const [server, res] of await ask(request, path)) {
      expect(res.status(), `${server} ${path}`).toBe(301);
      expect(res.headers()['location'], `${server} ${path}`).toBe(location);
    }
  }
});

test('hashed assets are cached for a year', async ({ request }) => {
  const js = readdirSync(join(dist, 'assets')).find((f) => f.endsWith('.js'));
  expect(js, 'a built script under dist/assets').toBeTruthy();
  for (const [server, res] of await ask(request, `/assets/${js}`)) {
    expect(res.status(), server).toBe(200);
    expect(res.headers()['content-type'], server).toMatch(/javascript/);
    expect(res.headers()['cache-control'], server).toBe(cacheControl.assets);
    expect(res.headers()['cache-control'], server).toContain('immutable');
  }
});

test('every answer carries the security headers: 200, 206, 301, 304, 400, 404, 405 and 416', async ({ request }) => {
  const cases: [number, string, Ask][] = [
    [200, '/services', {}],
    [206, '/robots.txt', { headers: { ...identity, Range: 'bytes=0-9' } }],
    [301, '/contact.html', {}],
    [304, '/services', { headers: { 'If-None-Match': '*' } }],
    [400, '/%00', {}],
    [404, '/no-such-page', {}],
    [405, '/services', { method: 'POST' }],
    [416, '/robots.txt', { headers: { ...identity, Range: 'bytes=10-5' } }],
  ];
  for (const [status, path, options] of cases) {
    for (const [server, res] of await ask(request, path, options)) {
      const where = `${server} ${options.method ?? 'GET'} ${path} ${JSON.stringify(options.headers ?? {})}`;
      expect(res.status(), where).toBe(status);
      // nginx sends each header twice on a 416 (it adds them for the file, then again for the error);
      // every copy must hold the value.
      for (const [name, value] of Object.entries(securityHeaders)) {
        expect(values(res, name), `${where} ${name}`).not.toHaveLength(0);
        for (const v of values(res, name)) expect(v, `${where} ${name}`).toBe(value);
      }
      expect(res.headers()['x-frame-options'], where).toMatch(/DENY/);
    }
  }
});

test('a conditional request for an unchanged file answers 304 with its caching', async ({ request }) => {
  for (const path of ['/services', `/assets/${largestAsset()}`]) {
    for (const [server, first] of await ask(request, path, { headers: identity })) {
      const etag = first.headers()['etag'];
      expect(etag, `${server} ${path}`).toBeTruthy();
      const url = servers.find((s) => s.name === server)!.url + path;
      const again = await request.get(url, { headers: { ...identity, 'If-None-Match': etag! }, maxRedirects: 0 });
      expect(again.status(), `${server} ${path}`).toBe(304);
      expect(await again.body(), `${server} ${path}`).toHaveLength(0);
      expect(again.headers()['cache-control'], `${server} ${path}`).toBe(first.headers()['cache-control']);
    }
  }
});

test('byte ranges: one range answers 206, several the whole file, a bad or unsatisfiable one 416', async ({ request }) => {
  const file = readFileSync(join(dist, 'robots.txt'));
  const size = file.length;
  expect(size, 'robots.txt is big enough to cut').toBeGreaterThan(20);
  const cases: [string, number, [number, number]?][] = [
    ['bytes=0-9', 206, [0, 9]],
    ['bytes=-5', 206, [size - 5, size - 1]],
    [`bytes=${size - 3}-`, 206, [size - 3, size - 1]],
    [`bytes=${size - 3}-${size + 100}`, 206, [size - 3, size - 1]],
    ['bytes=0-1,5-6', 200], // max_ranges 1: several ranges get the whole file
    ['bytes=0-1,0-1,0-1', 200],
    [`bytes=0-1,${size}-`, 206, [0, 1]], // an unsatisfiable range beside a good one is dropped
    ['items=0-5', 200], // another unit is ignored
    ['bytes=10-5', 416], // this one once stopped our server
    ['bytes=abc', 416],
    ['bytes=--1', 416],
    ['bytes=0-1,', 416],
    [`bytes=${size}-`, 416],
    ['bytes=-0', 416],
    ['bytes=99999999999999999999999999-', 416],
  ];
  for (const [range, status, span] of cases) {
    for (const [server, res] of await ask(request, '/robots.txt', { headers: { ...identity, Range: range } })) {
      const where = `${server} Range: ${range}`;
      expect(res.status(), where).toBe(status);
      const body = await res.body();
      if (status === 416) expect(res.headers()['content-range'], where).toBe(`bytes */${size}`);
      else if (status === 200) expect(body.equals(file), where).toBe(true);
      else {
        expect(res.headers()['content-range'], where).toBe(`bytes ${span![0]}-${span![1]}/${size}`);
        expect(body.equals(file.subarray(span![0], span![1] + 1)), where).toBe(true);
      }
    }
  }
  // Both still answer, and a range of a copy the client no longer holds gets the whole file.
  for (const [server, res] of await ask(request, '/robots.txt', { headers: { ...identity, Range: 'bytes=0-9', 'If-Range': '"an-old-etag"' } })) {
    expect(res.status(), server).toBe(200);
    expect((await res.body()).equals(file), server).toBe(true);
  }
});

test('an unsatisfiable range or a refused method under /assets/ is not cached', async ({ request }) => {
  const asset = `/assets/${largestAsset()}`;
  const cases: [number, Ask][] = [
    [416, { headers: { ...identity, Range: 'bytes=999999999-' } }],
    [405, { method: 'POST' }],
  ];
  for (const [status, options] of cases) {
    for (const [server, res] of await ask(request, asset, options)) {
      expect(res.status(), server).toBe(status);
      // nginx's 416 repeats the file's Cache-Control before its own no-cache (see deploy/nginx.conf);
      // a cache obeys no-cache over max-age.
      expect(values(res, 'cache-control'), `${server} ${status}`).toContain(cacheControl.other);
    }
  }
});

test('methods other than GET and HEAD answer 405 naming GET and HEAD', async ({ request }) => {
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE']) {
    for (const path of ['/', '/services', `/assets/${largestAsset()}`, '/no-such-page', '/contact.html']) {
      for (const [server, res] of await ask(request, path, { method })) {
        const where = `${server} ${method} ${path}`;
        expect(res.status(), where).toBe(405);
        expect(res.headers()['allow'], where).toBe('GET, HEAD');
        expect(await res.text(), where).not.toContain(notFoundText);
      }
    }
  }
  for (const [server, res] of await ask(request, '/services', { method: 'HEAD', headers: identity })) {
    expect(res.status(), server).toBe(200);
    expect(res.headers()['content-length'], server).toBe(String(statSync(join(dist, 'services/index.html')).size));
    expect(await res.body(), server).toHaveLength(0);
    expect(res.headers()['allow'], server).toBeUndefined();
  }
});

test('a malformed path answers 400', async ({ request }) => {
  for (const path of ['/%zz', '/services%', '/%00', '/robots.txt%00.html']) {
    for (const [server, res] of await ask(request, path)) expect(res.status(), `${server} ${path}`).toBe(400);
  }
});

/** The body as sent, not decoded (Playwright's and Node's fetch decode it), and the headers. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

test('pages and assets are sent as the build\'s brotli copy to a browser that accepts br, and as its gzip copy to one that accepts gzip only', async () => {
  const asset = `/assets/${largestAsset()}`;
  const cases: [string, string][] = [['/', 'index.html'], ['/services', 'services/index.html'], [asset, asset]];
  const asks: [string, string][] = [['gzip, deflate, br, zstd', 'br'], ['gzip', 'gz']];
  for (const [path, file] of cases) {
    for (const [acceptEncoding, copy] of asks) {
      for (const server of servers) {
        const where = `${server.name} ${path} Accept-Encoding: ${acceptEncoding}`;
        const res = await rawGet(server.url + path, { 'Accept-Encoding': acceptEncoding });
        expect(res.headers['content-encoding'], where).toBe(copy === 'gz' ? 'gzip' : copy);
        expect(res.headers['vary'], where).toMatch(/Accept-Encoding/);
        expect(res.body.equals(readFileSync(join(dist, `${file}.${copy}`))), `${where}: the bytes of dist/${file}.${copy}`).toBe(true);
      }
    }
  }
});
