// The studio's pictures (issue 21) under `npm run dev` in a scratch copy: a phone photo uploaded into a
// hero, its alt text asked for and saved; the Pictures view listing it where it is used.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { type DevServer, startDevServer, warmStudio } from '../support/dev-server';
import { metadataLeft, phonePhoto } from '../support/photos';
import { type Scratch, scratchProject } from '../support/scratch';

test.describe.configure({ mode: 'serial' });

let scratch: Scratch;
let dev: DevServer;
const file = 'pages-data/services/water-testing.json';
const alt = 'A technician filling a sample bottle at a borehole';
let uploaded = '';

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(600_000); // starting the dev server on a busy machine can take minutes: this only catches a hang
  scratch = scratchProject('studio-pictures-');
  dev = await startDevServer(scratch);
  await warmStudio(dev, browser);
});

test.afterAll(async () => {
  await dev?.stop();
  scratch?.remove();
});

test.beforeEach(({}, testInfo) => testInfo.setTimeout(120_000));

const preview = (page: Page) => page.frameLocator('iframe[title="Preview"]');

test('a phone photo uploaded into the hero is stored upright without metadata; its alt text is asked for, and the save changes two lines', async ({ page, consoleErrors }) => {
  const before = scratch.read(file);
  await page.goto(`${dev.url}/__studio?page=/services/water-testing`);
  await expect(preview(page).locator('h1')).toBeVisible({ timeout: 90_000 });
  await page.getByRole('button', { name: /^Block 1 \(/, expanded: false }).click();
  const src = page.locator('[data-path="blocks.0.image.src"]');
  await expect(src).toHaveValue('/images/services/water-testing.svg');
  const oldAlt = await page.locator('[data-path="blocks.0.image.alt"]').inputValue();

  // Taken sideways (orientation 6), with GPS and the maker in its EXIF.
  const photo = await phonePhoto({ width: 2400, height: 2000, orientation: 6, plain: true, seed: 7 });
  await page.locator('[data-drop="blocks.0.image.src"] input[type="file"]').setInputFiles({ name: 'IMG_2024 lab bench.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(src).toHaveValue(/^\/images\/uploads\/services-water-testing-[0-9a-f]{10}\.jpg$/);
  uploaded = await src.inputValue();

  // The old picture's alt text is shown and asked about, in a field that has the focus.
  const prompt = page.locator('[data-alt-prompt="blocks.0.image.src"]');
  await expect(prompt).toContainText('does its alt text still fit?');
  await expect(prompt).toContainText(oldAlt);
  const altInput = prompt.getByRole('textbox', { name: 'Alt text' });
  await expect(altInput).toBeFocused();
  await altInput.fill(alt);
  await prompt.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('[data-path="blocks.0.image.alt"]')).toHaveValue(alt);
  // The preview reads the new picture's size first: on a busy machine that takes a while.
  await expect(preview(page).locator(`img[alt="${alt}"]`)).toHaveAttribute('src', new RegExp(uploaded.replace(/[.]/g, '\\.')), { timeout: 60_000 });

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Saved');

  // On disk: the picture upright (2000 × 2400: a hero picture needs 1,918 px), with no EXIF, GPS or maker; the page document two lines changed.
  const stored = readFileSync(join(scratch.dir, 'public', uploaded));
  expect(await metadataLeft(stored)).toEqual([]);
  const meta = await sharp(stored).metadata();
  expect([meta.width, meta.height]).toEqual([2000, 2400]);
  const changed = scratch.read(file).split('\n').filter((line, i) => line !== before.split('\n')[i]);
  expect(changed.map((l) => l.trim())).toEqual([`"src": "${uploaded}",`, `"alt": "${alt}"`]);

  // The page itself shows it.
  await page.goto(`${dev.url}/services/water-testing`);
  const hero = page.locator(`img[alt="${alt}"]`).first();
  await expect(hero).toHaveAttribute('src', new RegExp(uploaded.replace(/[.]/g, '\\.')));
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2000);
  expect(consoleErrors).toEqual([]);
});

test('an iPhone\'s HEIC photo uploaded through the dev server is converted to a JPEG (issue 36, item 6)', async ({ request }) => {
  // A real HEIC picture (tests/fixtures/colors-no-alpha.heic.LICENCE.md says where it comes from).
  const heic = readFileSync(join(import.meta.dirname, '../fixtures/colors-no-alpha.heic'));
  const res = await request.post(`${dev.url}/__studio/api/upload?for=${encodeURIComponent('services/water-testing.json')}&name=IMG_0003.HEIC`, {
    headers: { origin: dev.url, 'content-type': 'application/octet-stream' },
    data: heic,
  });
  expect(await res.json()).toEqual(expect.objectContaining({ src: expect.stringMatching(/^\/images\/uploads\/services-water-testing-[0-9a-f]{10}\.jpg$/), width: 64, height: 64, converted: 'HEIC to JPEG' }));
  expect(res.status()).toBe(200);
  const { src } = (await res.json()) as { src: string };
  expect(await sharp(join(scratch.dir, 'public', src)).metadata()).toEqual(expect.objectContaining({ format: 'jpeg', width: 64, height: 64 }));
});

test('the Pictures view lists the upload where it is used, opens that field, and refuses to delete it while used', async ({ page }) => {
  test.setTimeout(300_000); // an axe run over the whole list of pictures takes over a minute on a busy machine
  await page.goto(`${dev.url}/__studio?view=pictures`);
  const row = page.locator(`[data-picture="${uploaded}"]`);
  await expect(row).toBeVisible({ timeout: 90_000 });
  await expect(row).toContainText('2000 × 2400 px');
  await expect(row.getByRole('button', { name: /pages-data\/services\/water-testing\.json:\d+/ })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);

  await row.getByRole('button', { name: `Delete ${uploaded}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Delete the file' }).click();
  await expect(dialog).toContainText('still used by 1 place in pages-data/');
  await dialog.getByRole('button', { name: /pages-data\/services\/water-testing\.json:\d+/ }).click();
  // The Pages view opens the document at the field.
  await expect(page.locator('[data-path="blocks.0.image.src"]')).toBeFocused({ timeout: 90_000 });
  await expect(page.locator('[data-path="blocks.0.image.src"]')).toHaveValue(uploaded);
  expect(readFileSync(join(scratch.dir, 'public', uploaded)).length).toBeGreaterThan(0);
});
