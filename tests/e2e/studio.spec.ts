// The authoring studio (issue 14) under `npm run dev` in a scratch copy of the project: its edits and
// saves land in the copy's pages-data/, never the working tree's.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { blockTypes } from '../../schemas/blocks';
import { expect, requiredMarkers, test } from './fixtures';
import { type DevServer, startDevServer } from '../support/dev-server';
import { type Scratch, scratchProject } from '../support/scratch';

test.describe.configure({ mode: 'serial' });

let scratch: Scratch;
let dev: DevServer;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(600_000); // starting the dev server on a busy machine can take minutes: this only catches a hang
  scratch = scratchProject('studio-');
  dev = await startDevServer(scratch);
});

test.afterAll(async () => {
  await dev?.stop();
  scratch?.remove();
});

test.beforeEach(({}, testInfo) => testInfo.setTimeout(120_000));

const preview = (page: Page) => page.frameLocator('iframe[title="Preview"]');

async function openStudio(page: Page, route: string) {
  await page.goto(`${dev.url}/__studio?page=${route}`);
  await expect(page.locator('[data-path="meta.title"]')).toBeVisible({ timeout: 90_000 });
  await expect(preview(page).locator('h1')).toBeVisible({ timeout: 90_000 });
}

const openBlock = (page: Page, n: number) => page.getByRole('button', { name: new RegExp(`^Block ${n} \\(`), expanded: false }).click();

/** The lines that differ between two versions of a file with the same number of lines. */
function changedLines(before: string, after: string): [string, string][] {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [[line, b[i]!] as [string, string]]));
}

test('opens a page by its address; the hero title and a card text typed in the form show in the preview and save as those two lines', async ({ page, consoleErrors }) => {
  const file = 'pages-data/services/water-testing.json';
  const before = scratch.read(file);
  await openStudio(page, '/services/water-testing');
  await expect(page.getByRole('combobox', { name: 'Page' })).toHaveValue(/^\/services\/water-testing/);
  await expect(preview(page).locator('h1')).toHaveText('Water Testing Solutions');

  await openBlock(page, 1);
  const title = page.locator('[data-path="blocks.0.title"]');
  await title.fill('Water Testing You Can');
  await title.press('Enter'); // a title is one line: Enter adds no line break to the text
  await title.pressSequentially(' Trust');
  await expect(preview(page).locator('h1')).toHaveText('Water Testing You Can Trust');

  await openBlock(page, 6);
  const card = page.locator('[data-path="blocks.5.cards.0.description"]');
  await expect(card).toHaveValue(/^Everything comes through/);
  await card.fill('Only from the makers\' authorised channels, with full warranty.');
  await expect(preview(page).getByText('Only from the makers\' authorised channels, with full warranty.')).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved');
  expect(changedLines(before, scratch.read(file))).toEqual([
    ['      "title": "Water Testing Solutions",', '      "title": "Water Testing You Can Trust",'],
    [
      '          "description": "Everything comes through the manufacturers\' authorised channels, with full warranty, fresh reagents and certificates where the maker issues them.",',
      '          "description": "Only from the makers\' authorised channels, with full warranty.",',
    ],
  ]);
  // The saved page stays open: a second save needs no reload and changes nothing more.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved');
  expect(consoleErrors).toEqual([]);
});

test('a save reloads the site\'s pages open in the dev server, not the studio', async ({ page, context }) => {
  const site = await context.newPage();
  await site.goto(`${dev.url}/industries/education`);
  await expect(site.locator('h1')).toBeVisible({ timeout: 90_000 });
  await openStudio(page, '/industries/education');
  await openBlock(page, 1);
  await page.locator('[data-path="blocks.0.title"]').fill('Schools and Universities');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved');
  await expect(site.locator('h1')).toHaveText('Schools and Universities', { timeout: 30_000 });
  // The studio kept its state: the block is still open with the text typed.
  await expect(page.locator('[data-path="blocks.0.title"]')).toHaveValue('Schools and Universities');
  await expect(page.getByRole('status')).toHaveText('Saved');
});

test('saving a page with no edit leaves its file byte-identical', async ({ page, consoleErrors }) => {
  const file = 'pages-data/contact.json';
  const before = scratch.read(file);
  const modified = statSync(join(scratch.dir, file)).mtimeMs;
  await openStudio(page, '/contact');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved');
  expect(scratch.read(file)).toBe(before);
  expect(statSync(join(scratch.dir, file)).mtimeMs).toBe(modified);
  expect(consoleErrors).toEqual([]);
});

test('an invalid description shows the validator\'s line beside its field, leads to it, and is not saved', async ({ page }) => {
  const file = 'pages-data/services/soil-testing.json';
  const before = scratch.read(file);
  const line = before.split('\n').findIndex((l) => l.startsWith('    "description"')) + 1;
  const column = before.split('\n')[line - 1]!.indexOf(': "') + 3;
  await openStudio(page, '/services/soil-testing');
  const description = page.locator('[data-path="meta.description"]');
  await description.fill('Too short.');
  // Beside the field, as npm run validate prints it: file:line:column  path  message.
  const problem = new RegExp(`^${file.replace(/[./]/g, '\\$&')}:${line}:${column} +meta\\.description +too short: at least 50 characters`);
  await expect(page.locator('.mantine-InputWrapper-root', { has: description }).getByText(problem)).toBeVisible();
  await page.locator('[data-path="meta.title"]').focus();
  await page.getByRole('button', { name: problem }).click();
  await expect(description).toBeFocused();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Not saved: 1 problem/);
  expect(scratch.read(file)).toBe(before);
});

test('cross-document checks: a link to a page that does not exist, a missing image, an unknown supplier and partner are named', async ({ page }) => {
  await openStudio(page, '/services/water-testing');
  await openBlock(page, 1);
  await page.locator('[data-path="blocks.0.back.to"]').fill('/services/no-such-page');
  await expect(page.getByText(/blocks\[0\]\.back\.to {2}.*\/services\/no-such-page/).first()).toBeVisible();
  await openBlock(page, 2);
  await page.locator('[data-path="blocks.1.suppliers.0"]').fill('no-such-supplier');
  await expect(page.getByText(/blocks\[1\]\.suppliers\[0\] {2}.*no-such-supplier/).first()).toBeVisible();
  await page.locator('[data-path="blocks.0.image.src"]').fill('/images/services/no-such-picture.svg');
  await expect(page.getByText(/blocks\[0\]\.image\.src {2}.*no-such-picture\.svg/).first()).toBeVisible();

  await openStudio(page, '/partner/palintest');
  await openBlock(page, 1);
  await page.locator('[data-path="blocks.0.partner"]').fill('palintets');
  await expect(page.getByText(/blocks\[0\]\.partner {2}.*palintets/).first()).toBeVisible();
});

test('blocks are added with their own fields, moved and removed; the file takes them as the formatter writes them', async ({ page, consoleErrors }) => {
  const file = 'pages-data/services/dairy-testing.json';
  const before = scratch.read(file);
  const count = (JSON.parse(before) as { blocks: unknown[] }).blocks.length;
  await openStudio(page, '/services/dairy-testing');

  await page.getByLabel('New block type').selectOption({ label: 'text (Text)' });
  await page.getByRole('button', { name: 'Add block' }).click();
  const added = page.locator(`[data-path="blocks.${count}.title"]`);
  await expect(added).toBeVisible();
  await added.fill('Raw milk at the collection centre');
  await page.locator(`[data-path-group="blocks.${count}.paragraphs"]`).getByRole('button', { name: 'Add paragraph' }).click();
  await page.locator(`[data-path="blocks.${count}.paragraphs.0"]`).fill('We test it before it is cooled.');
  // A cta-banner must close the page: the new block is a problem until it moves above it.
  await expect(page.getByText(`blocks[${count - 1}].type`, { exact: false }).first()).toBeVisible();
  await page.getByRole('button', { name: `Move Block ${count + 1} (Text): Raw milk at the collection centre up` }).click();
  await expect(page.getByRole('button', { name: `Block ${count} (Text): Raw milk at the collection centre`, exact: true })).toBeVisible();
  await expect(preview(page).getByRole('heading', { name: 'Raw milk at the collection centre' })).toBeVisible();
  await expect(page.getByText('No problems')).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved');
  const doc = JSON.parse(before) as { blocks: unknown[] };
  doc.blocks.splice(count - 1, 0, { type: 'text', title: 'Raw milk at the collection centre', paragraphs: ['We test it before it is cooled.'] });
  expect(scratch.read(file)).toBe(JSON.stringify(doc, null, 2) + '\n');

  await page.getByRole('button', { name: `Remove Block ${count} (Text): Raw milk at the collection centre` }).click();
  await expect(preview(page).getByRole('heading', { name: 'Raw milk at the collection centre' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved');
  expect(scratch.read(file)).toBe(before);
  expect(consoleErrors).toEqual([]);
});

test('every block type of the union can be added and shows only its own fields', async ({ page, consoleErrors }) => {
  await openStudio(page, '/terms-of-service');
  const select = page.getByLabel('New block type');
  const kinds = await select.locator('option').allTextContents();
  expect(kinds.map((k) => k.split(' ')[0])).toEqual(blockTypes);
  const start = await page.locator('[data-item^="blocks."]').count();
  for (const [i, kind] of kinds.entries()) {
    await select.selectOption({ label: kind });
    await page.getByRole('button', { name: 'Add block' }).click();
    const item = page.locator(`[data-item="blocks.${start + i}"]`);
    await expect(item.getByRole('button', { name: new RegExp(`^Block ${start + i + 1} \\(`) }).first()).toBeVisible();
    // Its inputs are its own type's fields, each at its path in the document.
    const paths = await item.locator('[data-path]').evaluateAll((els) => els.map((e) => e.getAttribute('data-path')!));
    expect(paths.length, kind).toBeGreaterThan(0);
    await expect(item.locator('input:not([type=hidden]):not([data-path]), textarea:not([data-path]), select:not([data-path])'), `${kind}: inputs without data-path`).toHaveCount(0);
    for (const p of paths) expect(p, kind).toMatch(new RegExp(`^blocks\\.${start + i}(\\.|$)`));
  }
  expect(consoleErrors).toEqual([]);
});

test('a button\'s action switches its fields with its kind; links, images and records offer what exists', async ({ page }) => {
  await openStudio(page, '/services/water-testing');
  await openBlock(page, 1);
  const kind = page.locator('[data-path="blocks.0.buttons.0.action.kind"]');
  await expect(page.locator('[data-path="blocks.0.buttons.0.action.to"]')).toHaveValue('/contact');
  await kind.selectOption('external');
  await expect(page.locator('[data-path="blocks.0.buttons.0.action.to"]')).toHaveCount(0);
  await expect(page.locator('[data-path="blocks.0.buttons.0.action.href"]')).toBeVisible();
  await kind.selectOption('quote');
  await expect(page.locator('[data-path="blocks.0.buttons.0.action.details"]')).toBeVisible();
  await expect(page.locator('[data-path="blocks.0.buttons.0.action.href"]')).toHaveCount(0);

  const link = page.locator('[data-path="blocks.0.buttons.1.action.to"]');
  await link.fill('/services/soil');
  await expect(page.getByRole('option', { name: '/services/soil-testing', exact: true })).toBeVisible();
  await link.press('Escape');
  const image = page.locator('[data-path="blocks.0.image.src"]');
  await image.fill('water-testing');
  await expect(page.getByRole('option', { name: '/images/services/water-testing.svg' })).toBeVisible();
  await image.press('Escape');
  await openBlock(page, 2);
  const supplier = page.locator('[data-path="blocks.1.suppliers.0"]');
  await supplier.fill('');
  await expect(page.getByRole('option', { name: 'palintest', exact: true })).toBeVisible();
});

test('saving over a file that changed on disk since it was opened says so and keeps the disk\'s version', async ({ page }) => {
  const file = 'pages-data/services/microscopy.json';
  await openStudio(page, '/services/microscopy');
  scratch.editJson<{ meta: { title: string } }>(file, (doc) => {
    doc.meta.title = 'Microscopes (edited elsewhere)';
  });
  const onDisk = scratch.read(file);
  await page.locator('[data-path="meta.keywords.0"]').fill('microscope supplier');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Not saved: pages-data\/services\/microscopy\.json changed on disk since it was opened/);
  expect(scratch.read(file)).toBe(onDisk);
});

test('the studio\'s forms are accessible: every input labelled, every button named, enough contrast, required-field markers too', async ({ page }) => {
  // The preview frame is the site itself, which tests/e2e/a11y.spec.ts covers.
  const violations = async () => (await new AxeBuilder({ page }).exclude('iframe').analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
  await openStudio(page, '/services/water-testing');
  await openBlock(page, 1);
  await openBlock(page, 5);
  expect(await violations()).toEqual([]);
  // Required fields' asterisks are aria-hidden, so axe skips them; they are text all the same.
  const markers = await requiredMarkers(page);
  expect(markers.length).toBeGreaterThan(0);
  expect(markers.filter((m) => m.ratio < 4.5)).toEqual([]);
  // Every input of the document carries its path; the two without one choose a document and a new block's type.
  const unpathed = await page
    .locator('main')
    .locator('input:not([type=hidden]):not([data-path]), textarea:not([data-path]), select:not([data-path])')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).labels?.[0]?.textContent?.replace(/\s*\*$/, '') ?? e.outerHTML));
  expect(unpathed).toEqual(['Page', 'New block type']);
  await page.goto(`${dev.url}/__studio?page=site.json`);
  await expect(page.locator('[data-path="name"]')).toBeVisible({ timeout: 60_000 });
  expect(await violations()).toEqual([]);
});

test('the save endpoint refuses other origins, other content types and paths outside pages-data/; the server listens on localhost only', async ({ request }) => {
  const file = 'services/filtration.json';
  const before = scratch.read(`pages-data/${file}`);
  const { version } = (await (await request.get(`${dev.url}/__studio/api/document?file=${file}`)).json()) as { version: string };
  const body = { file, value: { blocks: [] }, version };
  const save = (headers: Record<string, string>, data: unknown = body) => request.post(`${dev.url}/__studio/api/save`, { headers, data: typeof data === 'string' ? data : JSON.stringify(data) });
  const json = { 'content-type': 'application/json' };
  expect((await save({ ...json, origin: 'http://attacker.example' })).status()).toBe(403);
  expect((await save({ 'content-type': 'text/plain', origin: dev.url })).status()).toBe(415);
  for (const path of ['../package.json', '../../etc/passwd.json', 'services/../../vite.config.json', '.hidden.json']) {
    expect((await save({ ...json, origin: dev.url }, { ...body, file: path })).status(), path).toBe(400);
  }
  expect(scratch.read(`pages-data/${file}`)).toBe(before);
  expect(dev.output()).toMatch(/Local: +http:\/\/localhost:\d+\//);
  expect(dev.output()).toMatch(/Network: use --host to expose/);
});

test('the built site holds no studio code', () => {
  // npm test builds dist/ before the browser tests.
  const dist = resolve(import.meta.dirname, '../../dist');
  const files = (readdirSync(dist, { recursive: true }) as string[]).filter((f) => /\.(js|html|css)$/.test(f));
  expect(files.length).toBeGreaterThan(10);
  for (const f of files) {
    const text = readFileSync(join(dist, f), 'utf8');
    for (const marker of ['__studio', 'studio:page', 'studio:ready', 'SchemaForm', 'acacia:content-changed', '/@vite/client']) {
      expect(text.includes(marker), `${f} contains ${marker}`).toBe(false);
    }
  }
});
