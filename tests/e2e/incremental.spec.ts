// npm run build reuses the last build where nothing changed (issue 41). After each change below, made in
// a copy of a built project, the build's dist/ is byte for byte the dist/ a full build of the same
// content makes in another folder, and it drew fewer pages than there are (it did reuse); where it
// cannot prove what it would reuse, it builds in full and says why; an interrupted build leaves dist/ as
// it was and makes the next one full. No browser: builds, in a project of their own ('builds') run
// beside the browser tests. The content: the shipped one, with a few more products (one with a photo)
// and a page nothing links to (to move).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { createPage, movePage } from '../../src/node/studio/pages';
import { addProducts, type Generated } from '../support/products';
import { copyScratch, type Scratch, scratchProject } from '../support/scratch';

test.describe.configure({ mode: 'parallel' });
// Two builds a test, on a machine that may be busy.
test.setTimeout(600_000);

const PHOTO = '/images/products/incremental-photo.png';
const photo = (background: string) => sharp({ create: { width: 2000, height: 1500, channels: 3, background } }).png().toBuffer();

let base: Scratch;
let firstBuild: string;
let products: Generated[];

test.beforeAll(async () => {
  base = scratchProject('incremental-');
  products = addProducts(base, 3);
  writeFileSync(join(base.dir, 'public', PHOTO), await photo('#2f7d5b'));
  base.editJson<{ image: { src: string } }>(`pages-data/records/products/${products[0]!.id}.json`, (p) => void (p.image.src = PHOTO));
  await createPage(base.dir, '/services/field-guide', 'services/water-testing.json');
  firstBuild = base.npm('build');
});

test.afterAll(() => base?.remove());

/** Every file under a folder, by its path there. */
const filesOf = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).filter((rel) => statSync(join(dir, rel)).isFile()).sort();

/** The first file in which two folders differ (present in one only, or other bytes), or undefined. */
function firstDifference(a: string, b: string): string | undefined {
  const [inA, inB] = [filesOf(a), filesOf(b)];
  const onlyA = inA.filter((f) => !inB.includes(f));
  const onlyB = inB.filter((f) => !inA.includes(f));
  if (onlyA.length || onlyB.length) return `only in the build after the change: ${onlyA.slice(0, 5).join(', ') || 'none'}; only in the full build: ${onlyB.slice(0, 5).join(', ') || 'none'}`;
  const differs = inA.find((f) => !readFileSync(join(a, f)).equals(readFileSync(join(b, f))));
  return differs && `${differs} differs`;
}

/** What the build said of its pages: how many it drew, and how many there are. */
function drawn(log: string): { drawn: number; routes: number } {
  const m = /prerendered (\d+) routes into dist\/ \((\d+) drawn/.exec(log);
  if (!m) throw new Error(`the build did not say what it drew:\n${log}`);
  return { drawn: Number(m[2]), routes: Number(m[1]) };
}

/**
 * Makes a change in a copy of the built project and builds it, then builds the same content in full in
 * another folder: the build's log, and the first difference of their dist/ folders.
 */
async function afterChange(change: (copy: Scratch) => void | Promise<void>) {
  const copy = copyScratch(base, 'incremental-changed-');
  const reference = { remove() {} } as Pick<Scratch, 'remove'>;
  try {
    await change(copy);
    const log = copy.npm('build');
    const full = copyScratch(copy, 'incremental-full-', ['dist', 'dist-ssr', '.cache']);
    reference.remove = full.remove;
    full.npm('build', ['--full']);
    return { log, difference: firstDifference(join(copy.dir, 'dist'), join(full.dir, 'dist')) };
  } finally {
    copy.remove();
    reference.remove();
  }
}

const productFile = (id: string) => `pages-data/records/products/${id}.json`;

test('one product changed: only the pages that show it are drawn, and dist/ is that of a full build', async () => {
  const { log, difference } = await afterChange((copy) =>
    copy.editJson<{ description: string }>(productFile(products[1]!.id), (p) => void (p.description = 'A description written again for this test.')),
  );
  expect(log).toContain('reusing what the last build made');
  expect(difference).toBeUndefined();
  const { drawn: n, routes } = drawn(log);
  expect(n).toBeGreaterThan(0);
  expect(n).toBeLessThan(routes / 4);
});

test('a new product: its page and the listings are drawn, and dist/ is that of a full build', async () => {
  const { log, difference } = await afterChange((copy) => {
    const { $schema, ...shipped } = JSON.parse(copy.read(productFile(products[2]!.id))) as Record<string, unknown>;
    copy.write(productFile('incremental-new'), JSON.stringify({ $schema, ...shipped, name: 'Incremental Test Meter', model: 'ITM-1' }, null, 2) + '\n');
  });
  expect(difference).toBeUndefined();
  expect(drawn(log).drawn).toBeLessThan(drawn(log).routes / 2);
  expect(drawn(log).routes).toBe(drawn(firstBuild).routes + 1);
});

test('a removed product: its page is gone (and a listing it was alone in), and dist/ is that of a full build', async () => {
  const { log, difference } = await afterChange((copy) => rmSync(join(copy.dir, productFile(products[2]!.id))));
  expect(difference).toBeUndefined();
  expect(drawn(log).routes).toBeLessThan(drawn(firstBuild).routes);
  expect(drawn(log).drawn).toBeLessThan(drawn(log).routes / 2);
});

test('a changed partner: its pages are drawn, and dist/ is that of a full build', async () => {
  const { log, difference } = await afterChange((copy) =>
    copy.editJson<{ partners: { id: string; description: string }[] }>('pages-data/records/partners.json', (doc) => {
      const partner = doc.partners.find((p) => p.id === 'palintest')!;
      partner.description = `${partner.description} Written again for this test.`;
    }),
  );
  expect(log).toContain('reusing what the last build made');
  expect(difference).toBeUndefined();
  expect(drawn(log).drawn).toBeLessThan(drawn(log).routes);
});

test('a moved page with its redirect: dist/ is that of a full build', async () => {
  const { log, difference } = await afterChange(async (copy) => {
    await movePage(copy.dir, 'services/field-guide.json', '/services/field-handbook', () => true);
  });
  expect(difference).toBeUndefined();
  expect(drawn(log).drawn).toBeLessThan(drawn(log).routes / 4);
});

test('a changed picture: the pages that show it are drawn, and dist/ is that of a full build', async () => {
  const { log, difference } = await afterChange(async (copy) => writeFileSync(join(copy.dir, 'public', PHOTO), await photo('#7d2f4a')));
  expect(log).toMatch(/pictures: 1 encoded/);
  expect(difference).toBeUndefined();
  const { drawn: n, routes } = drawn(log);
  expect(n).toBeGreaterThan(0);
  expect(n).toBeLessThan(routes / 4);
});

test('a changed site document: every page is drawn (it is part of each), and dist/ is that of a full build', async () => {
  const { log, difference } = await afterChange((copy) =>
    copy.editJson<{ tagline: string }>('pages-data/site.json', (site) => void (site.tagline = `${site.tagline}, written again`)),
  );
  expect(log).toContain('full build: the site document changed');
  expect(difference).toBeUndefined();
  expect(drawn(log).drawn).toBe(drawn(log).routes);
});

test('a build with no earlier one, with --full, or after the code or the dependencies changed is full, and says why', () => {
  expect(firstBuild).toContain('full build: there is no earlier build in dist/');
  const copy = copyScratch(base, 'incremental-fallbacks-');
  try {
    expect(copy.npm('build')).toContain('dist/ is up to date');
    expect(drawn(copy.npm('build', ['--full']))).toEqual({ drawn: drawn(firstBuild).routes, routes: drawn(firstBuild).routes });
    copy.write('src/App.tsx', `${copy.read('src/App.tsx')}\n// a change of the code\n`);
    let log = copy.npm('build');
    expect(log).toContain('full build: src/App.tsx changed since the last build');
    expect(drawn(log).drawn).toBe(drawn(log).routes);
    copy.write('package-lock.json', '{}\n');
    log = copy.npm('build');
    expect(log).toContain('full build: package-lock.json is new since the last build');
    expect(drawn(log).drawn).toBe(drawn(log).routes);
  } finally {
    copy.remove();
  }
});

test('a build stopped halfway leaves dist/ as it was, and the next build is full and the same as before', async () => {
  const copy = copyScratch(base, 'incremental-stopped-');
  try {
    const before = join(base.dir, 'dist');
    const build = spawn('npm', ['run', '-s', 'build', '--', '--full'], { cwd: copy.dir, detached: true, stdio: 'ignore' });
    const exited = new Promise((resolve) => build.on('exit', resolve));
    // Stopped once it has written pages into its new folder: the HTML of the first route it drew.
    const unfinished = () => readdirSync(copy.dir).find((name) => /^dist\.new-\d+$/.test(name) && filesOf(join(copy.dir, name)).some((f) => f.endsWith('index.html')));
    await expect.poll(() => unfinished() !== undefined || build.exitCode !== null, { timeout: 500_000, intervals: [50] }).toBe(true);
    expect(build.exitCode, 'the build ended before it could be stopped').toBeNull();
    process.kill(-build.pid!, 'SIGKILL');
    await exited;
    expect(unfinished()).toBeDefined();
    expect(firstDifference(join(copy.dir, 'dist'), before)).toBeUndefined();

    const log = copy.npm('build');
    expect(log).toMatch(/full build: the build before it stopped before it was complete \(it left dist\.new-\d+\/\)/);
    expect(firstDifference(join(copy.dir, 'dist'), before)).toBeUndefined();
    // The stopped build's folder is deleted (by a process of its own, which may end after the build).
    await expect.poll(() => readdirSync(copy.dir).filter((name) => name.startsWith('dist.new-')), { timeout: 60_000 }).toEqual([]);
  } finally {
    copy.remove();
  }
});

test('a build whose dist/ lost a file the last build made builds again in full, says which, and is the same as a full build', async () => {
  const { log, difference } = await afterChange((copy) => {
    rmSync(join(copy.dir, 'dist/services/water-testing/index.html.br'));
    copy.editJson<{ description: string }>(productFile(products[1]!.id), (p) => void (p.description = 'Written again beside a lost file.'));
  });
  expect(log).toContain('full build: a file of the last build is gone from dist/ (services/water-testing/index.html.br)');
  expect(drawn(log).drawn).toBe(drawn(log).routes);
  expect(difference).toBeUndefined();
});
