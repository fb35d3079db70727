// The studio server behind the shipped nginx configuration with TLS (deploy/studio-nginx.conf), under
// a real nginx, with a certificate made for the test: a person signs in over https, the session cookie
// is Secure, a write from the studio's own page goes through, and plain http is sent to https.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures';
import { freePort } from '../support/dev-server';
import { startNginx } from '../../src/node/serve/nginx';
import { startStudioServer, type StudioServer } from '../support/studio-server';

test.describe.configure({ mode: 'serial' });

const project = resolve(import.meta.dirname, '../..');
let studio: StudioServer;
let nginx: Awaited<ReturnType<typeof startNginx>>;
let https: string;
const certs = mkdtempSync(join(tmpdir(), 'studio-tls-'));

/** deploy/studio-nginx.conf with its ports, certificate and upstream set for the test. */
function studioConfig(httpPort: number, httpsPort: number, studioPort: string): string {
  const replace = (text: string, from: RegExp, to: string) => {
    if (!from.test(text)) throw new Error(`deploy/studio-nginx.conf has no ${from} for the test to set`);
    return text.replace(from, to);
  };
  let text = readFileSync(join(project, 'deploy/studio-nginx.conf'), 'utf8');
  text = replace(text, /listen 80;/, `listen 127.0.0.1:${httpPort};`);
  text = replace(text, /listen 443 ssl;/, `listen 127.0.0.1:${httpsPort} ssl;`);
  text = replace(text, /ssl_certificate \S+;/, `ssl_certificate ${join(certs, 'cert.pem')};`);
  text = replace(text, /ssl_certificate_key \S+;/, `ssl_certificate_key ${join(certs, 'key.pem')};`);
  text = replace(text, /proxy_pass http:\/\/127\.0\.0\.1:4180;/, `proxy_pass http://127.0.0.1:${studioPort};`);
  return text.replace(/server_name studio\.example\.com;/g, 'server_name localhost;');
}

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(300_000);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(certs, 'key.pem'), '-out', join(certs, 'cert.pem'), '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'], { stdio: 'ignore' });
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  https = `https://localhost:${httpsPort}`;
  studio = await startStudioServer({ STUDIO_URL: https });
  nginx = await startNginx(httpPort, certs, { site: studioConfig(httpPort, httpsPort, studio.env.PORT!) });
});

test.afterAll(async () => {
  await nginx?.stop();
  await studio?.stop();
  rmSync(certs, { recursive: true, force: true });
});

test('behind deploy/studio-nginx.conf with TLS: the link, the sign-in and a save over https, with a Secure cookie; http goes to https', async ({ browser }) => {
  const plain = await fetch(`${nginx.url}/__studio`, { redirect: 'manual' });
  expect(plain.status).toBe(301);
  expect(plain.headers.get('location')).toBe(`https://${new URL(nginx.url).hostname}/__studio`);

  const link = studio.addUser('tina@example.com', 'author', 'Tina');
  expect(link.startsWith(`${https}/__studio/setup?token=`)).toBe(true);
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  await context.route((url) => url.hostname !== 'localhost', (route) => route.abort('blockedbyclient'));
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a long enough password');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Tina (author)')).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'studio_session')!;
  expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });

  await page.goto(`${https}/__studio?page=/contact`);
  await page.locator('[data-path="meta.title"]').fill('Contact Us Securely');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Saved');
  await expect(page.frameLocator('iframe[title="Preview"]').locator('h1')).toBeVisible();
  await context.close();
});
