// deploy/nginx.conf run by a real nginx over dist/ answers like our own server (D11, D12): every check
// below is made against both. Runs in the 'hosts' project only (playwright.config.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { cacheControl } from '../../src/node/headers';
import { NGINX_HEADERS_FILE, SERVER_HEADERS_FILE } from '../../src/node/host-files';

const nginxBin = '/usr/sbin/nginx';
const project = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(project, 'dist');
const notFoundText = 'Oops! Page not found';
const securityHeaders = JSON.parse(readFileSync(join(dist, SERVER_HEADERS_FILE), 'utf8')) as Record<string, string>;

// One nginx per worker: keep this file's tests in one worker.
test.describe.configure({ mode: 'default' });

let nginx: ChildProcess | undefined;
let dir = '';
let servers: { name: string; url: string }[] = [];

/** deploy/nginx.conf with its listen and root pointed at this test. */
function siteConfig(port: number): string {
  let text = readFileSync(join(project, 'deploy/nginx.conf'), 'utf8');
  const settings = [['listen', `127.0.0.1:${port}`], ['root', dist], ['include', join(dist, NGINX_HEADERS_FILE)]] as const;
  for (const [directive, value] of settings) {
    const re = new RegExp(`^(\\s*)${directive} [^;]+;`, 'm');
    if (!re.test(text)) throw new Error(`deploy/nginx.conf has no '${directive}' line for the test to set`);
    text = text.replace(re, (_, indent: string) => `${indent}${directive} ${value};`);
  }
  return text;
}

/** A main nginx.conf keeping pid, logs and temp files in `dir`, so nothing under /etc or /var is touched. */
function mainConfig(): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(dir, t)};`);
  return [
    'master_process off;', // one process, and no switch to another user when run as root
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')};`,
    'events {}',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    `  access_log ${join(dir, 'access.log')};`,
    ...temp,
    '  include site.conf;',
    '}',
    '',
  ].join('\n');
}

test.beforeAll(async ({}, testInfo) => {
  if (!existsSync(nginxBin)) {
    throw new Error(`${nginxBin} is missing, so deploy/nginx.conf cannot be tested: install the Debian package nginx (bash .ci/run does)`);
  }
  const nginxURL = testInfo.project.use.baseURL!;
  servers = [{ name: 'nginx', url: nginxURL }, { name: 'npm run serve', url: testInfo.config.webServer!.url!.replace(/\/$/, '') }];
  dir = mkdtempSync(join(tmpdir(), 'nginx-'));
  writeFileSync(join(dir, 'site.conf'), siteConfig(Number(new URL(nginxURL).port)));
  writeFileSync(join(dir, 'nginx.conf'), mainConfig());

  let output = '';
  const proc = spawn(nginxBin, ['-e', join(dir, 'error.log'), '-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  nginx = proc;
  proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const log = () => output + (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  for (let tries = 0; ; tries++) {
    if (proc.exitCode !== null) throw new Error(`nginx exited with ${proc.exitCode}:\n${log()}`);
    if (tries === 100) throw new Error(`nginx did not answer at ${nginxURL} within 10 s:\n${log()}`);
    const up = await fetch(nginxURL).then(() => true, () => false);
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
});

test.afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    nginx.kill('SIGQUIT');
    await once(nginx, 'exit');
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The same request to nginx and to our own server, without following redirects. */
async function ask(request: APIRequestContext, path: string): Promise<[string, APIResponse][]> {
  return Promise.all(servers.map(async (s) => [s.name, await request.get(s.url + path, { maxRedirects: 0 })] as [string, APIResponse]));
}

const distFile = (file: string) => readFileSync(join(dist, file), 'utf8');

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
  const paths = ['/no-such-page', '/services/no-such', '/old-page.html', '/404', '/404.html', '/assets/no-such.js', '/images/', '/.vite/manifest.json'];
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

test('pages, not-found answers and redirects carry the security headers', async ({ request }) => {
  for (const path of ['/services', '/no-such-page', '/contact.html']) {
    for (const [server, res] of await ask(request, path)) {
      const headers = res.headers();
      for (const [name, value] of Object.entries(securityHeaders)) {
        expect(headers[name.toLowerCase()], `${server} ${path} ${name}`).toBe(value);
      }
      expect(headers['content-security-policy'], `${server} ${path}`).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options'], `${server} ${path}`).toBe('DENY');
      expect(headers['referrer-policy'], `${server} ${path}`).toBeTruthy();
      expect(headers['x-content-type-options'], `${server} ${path}`).toBe('nosniff');
    }
  }
});

test('nginx compresses pages', async ({ request, baseURL }) => {
  const res = await request.get(`${baseURL}/services`, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(res.headers()['content-encoding']).toBe('gzip');
  expect(await res.text()).toBe(distFile('services/index.html'));
});
