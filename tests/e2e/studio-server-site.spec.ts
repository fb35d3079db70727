// `npm run studio` building and serving the site itself (issue 39, item 8): after a publish it builds
// the published commit into a new folder and switches STUDIO_SITE_DIR/current, which deploy/nginx.conf
// serves, to it; then reloads nginx for the new redirects. A page polled all through the publish
// answers 200 every time (no gap), and the change and a new redirect are served.
import { existsSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { freePort } from '../support/dev-server';
import { nginxReload, startNginx } from '../../src/node/serve/nginx';
import { git, signUp, startStudioServer, type StudioServer } from '../support/studio-server';

test.describe.configure({ mode: 'serial' });

let studio: StudioServer;
let nginx: Awaited<ReturnType<typeof startNginx>>;
const siteDir = mkdtempSync(join(tmpdir(), 'studio-site-'));
const nginxDir = mkdtempSync(join(tmpdir(), 'studio-nginx-'));

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(600_000); // two builds of the site on a busy machine: this only catches a hang
  studio = await startStudioServer({ STUDIO_SITE_DIR: siteDir, STUDIO_NGINX_RELOAD: nginxReload(nginxDir).join(' ') });
  // The first start builds the site's branch, so that nginx has a site to serve.
  await expect.poll(() => existsSync(join(siteDir, 'current', 'index.html')), { timeout: 540_000, intervals: [1000] }).toBe(true);
  nginx = await startNginx(await freePort(), join(siteDir, 'current'), { dir: nginxDir, reloads: true });
});

test.afterAll(async () => {
  await nginx?.stop();
  await studio?.stop();
  rmSync(siteDir, { recursive: true, force: true });
  rmSync(nginxDir, { recursive: true, force: true });
});

test('a publish is built and switched in: a page polled all through answers 200 every time, then shows the change; a moved page\'s old address redirects at once', async ({ browser }, testInfo) => {
  testInfo.setTimeout(600_000);
  const first = readlinkSync(join(siteDir, 'current'));
  expect(first).toMatch(new RegExp(`${git(studio.remote, 'rev-parse', 'main')}$`));
  const { context, page } = await signUp(browser, studio.addUser('pub@example.com', 'publisher', 'Pat Publisher'));
  await page.goto(`${studio.url}/__studio?page=/contact`);
  await page.locator('[data-path="meta.title"]').fill('Contact Our Team in Nairobi');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Saved');
  // A page moved in the same draft: its old address needs the redirect the build writes for nginx.
  const moved = await page.evaluate(async () => {
    const doc = (await (await fetch('/__studio/api/document?file=services/soil-testing.json')).json()) as { version: string };
    const res = await fetch('/__studio/api/move', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ file: 'services/soil-testing.json', to: '/services/soil-analysis', version: doc.version }) });
    return res.status;
  });
  expect(moved).toBe(200);
  expect((await fetch(`${nginx.url}/services/soil-testing`, { redirect: 'manual' })).status).toBe(200);

  const statuses = new Map<number, number>();
  let served = false;
  const poll = (async () => {
    while (!served) {
      const res = await fetch(`${nginx.url}/contact`);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      served = (await res.text()).includes('Contact Our Team in Nairobi');
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  await page.getByRole('button', { name: 'Drafts' }).click();
  const clicked = Date.now();
  await page.getByRole('region', { name: "Pat Publisher's draft" }).getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is live on the site since' })).toBeVisible({ timeout: 540_000 });
  await poll;
  const seconds = (Date.now() - clicked) / 1000;
  console.log(`publish to change served (self-hosted, real content): ${seconds.toFixed(1)} s; /contact polled ${[...statuses.values()].reduce((a, b) => a + b)} times: ${JSON.stringify(Object.fromEntries(statuses))}`);
  expect([...statuses.keys()]).toEqual([200]);
  expect(readlinkSync(join(siteDir, 'current'))).not.toBe(first);
  const old = await fetch(`${nginx.url}/services/soil-testing?from=bookmark`, { redirect: 'manual' });
  expect(old.status).toBe(301);
  expect(old.headers.get('location')).toBe('/services/soil-analysis?from=bookmark');
  expect((await fetch(`${nginx.url}/services/soil-analysis`)).status).toBe(200);
  await context.close();
});
