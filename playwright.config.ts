import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4317);
const hostTests = /(nginx|serve-faults|precompressed|redirects)\.spec\.ts/;
/** Tests that read the served HTML without a browser: one run is enough. */
const htmlTests = /seo\.spec\.ts/;
/** The authoring studio, under its own dev server in a scratch copy (the spec starts it). */
const studioTests = /studio(-pictures|-import)?\.spec\.ts$/;
/** `npm run studio`, the studio as a server over a bare repository in a temporary folder (each spec starts its own). */
const studioServerTests = /studio-server[\w-]*\.spec\.ts$/;
/** The picture pipeline, over its own build of a scratch copy with photos in it (the spec builds it; it sets the browser sizes). */
const pictureTests = /[\\/]pictures\.spec\.ts$/;
/** Builds of scratch copies, after a change and in full, compared file by file (no browser). */
const buildTests = /incremental\.spec\.ts$/;
/** A range imported from the shops' exports into a scratch copy and built once, then read at both widths (the spec sets them). */
const rangeTests = /lab-range\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Time limits only catch a hang: on a busy CI machine (another build beside it, load 20 on 2 cores)
  // fetching and building the search index, say, outlasts Playwright's default 5 s per expectation.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // The site's service worker answers the page's requests once it runs, out of page.route's sight
    // (the tests that play a failing network route them there): only the tests of the worker itself,
    // tests/e2e/offline.spec.ts, let it run.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  // Behaviour that exists at one width only (hover mega-menus, the mobile drawer) is tagged
  // @desktop or @phone and runs in that project alone; everything else runs in both.
  projects: [
    // Workers take tests in this order: the serial files, each minutes long on one worker, go first, so the
    // other worker runs the short tests meanwhile instead of idling while one of them finishes last.
    { name: 'studio', testMatch: studioTests, use: { ...devices['Desktop Chrome'], viewport: { width: 1500, height: 950 } } },
    { name: 'builds', testMatch: buildTests },
    { name: 'studio-server', testMatch: studioServerTests, use: { ...devices['Desktop Chrome'], viewport: { width: 1400, height: 950 } } },
    { name: 'pictures', testMatch: pictureTests, use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } } },
    { name: 'lab-range', testMatch: rangeTests, use: devices['Desktop Chrome'] },
    { name: 'desktop', testIgnore: [hostTests, htmlTests, studioTests, studioServerTests, pictureTests, buildTests, rangeTests], grepInvert: /@phone/, use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } } },
    { name: 'phone', testIgnore: [hostTests, htmlTests, studioTests, studioServerTests, pictureTests, buildTests, rangeTests], grepInvert: /@desktop/, use: { ...devices['Pixel 7'] } },
    { name: 'html', testMatch: htmlTests },
    // The shipped host configurations, our own server and the precompressed copies they send, over dist/ (no browser); nginx listens two ports up.
    { name: 'hosts', testMatch: hostTests, use: { baseURL: `http://127.0.0.1:${port + 2}` } },
  ],
  webServer: {
    command: `PORT=${port} npm run -s serve`,
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
