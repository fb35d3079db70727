// The studio's page operations (issue 23, D17) through its API, on a copy of the content: a page moves
// with every link to it and a redirect, a new page is made, a linked page is not deleted, and a
// change that cannot be made whole changes nothing.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/node/content/load';
import { startStudioApi, studioProject } from '../support/studio-api';
import { commit } from '../../src/node/studio/writes';

let root = '';
let server: Awaited<ReturnType<typeof startStudioApi>> | undefined;
let base = '';

/** A fresh copy of the content, and the studio's API over it. */
beforeEach(async () => {
  server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
  root = studioProject('studio-pages-', ['pages-data'], ['public', 'schemas']);
  server = await startStudioApi(root);
  base = server.base;
});
afterAll(() => {
  server?.close();
  rmSync(root, { recursive: true, force: true });
});

const read = (rel: string) => readFileSync(join(root, 'pages-data', rel), 'utf8');
/** Every file of the copy's pages-data/ and its text. */
const snapshot = () => new Map((readdirSync(join(root, 'pages-data'), { recursive: true }) as string[]).filter((f) => f.endsWith('.json')).sort().map((f) => [f, read(f)]));
const post = async (what: string, body: unknown) => {
  const res = await fetch(`${base}/__studio/api/${what}`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const versionOf = async (file: string) => ((await (await fetch(`${base}/__studio/api/document?file=${encodeURIComponent(file)}`)).json()) as { version: string }).version;
const move = async (file: string, to: string) => post('move', { file, to, version: await versionOf(file) });
const redirects = () => (JSON.parse(read('redirects.json')) as { redirects: { from: string; to: string }[] }).redirects;

/** The lines that differ between two texts with the same number of lines. */
function changedLines(before: string, after: string): [string, string][] {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [[line, b[i]!] as [string, string]]));
}

describe('moving a page', () => {
  it('moves the file, rewrites every link to it (one line each) and records a redirect; the content stays valid', async () => {
    const before = snapshot();
    const linking = [...before].filter(([f, text]) => f !== 'services/microscopy.json' && text.includes('"/services/microscopy"')).map(([f]) => f);
    expect(linking.length).toBeGreaterThanOrEqual(4);

    const res = await move('services/microscopy.json', '/services/microscopes');
    expect(res.status).toBe(200);
    expect(res.body.file).toBe('services/microscopes.json');
    const after = snapshot();
    expect(after.has('services/microscopy.json')).toBe(false);
    expect(after.get('services/microscopes.json')).toBe(before.get('services/microscopy.json'));
    for (const f of linking) {
      const changed = changedLines(before.get(f)!, after.get(f)!);
      expect(changed.length, f).toBeGreaterThan(0);
      for (const [was, now] of changed) expect(now, f).toBe(was.replace('"/services/microscopy"', '"/services/microscopes"'));
    }
    expect(redirects()).toEqual([{ from: '/services/microscopy', to: '/services/microscopes' }]);
    // Nothing else changed.
    const touched = [...after.keys()].filter((f) => after.get(f) !== before.get(f)).sort();
    expect(touched).toEqual([...linking, 'redirects.json', 'services/microscopes.json'].sort());
    expect((await loadContent(root)).problems).toEqual([]);
  });

  it('keeps anchors, collapses chains and drops a redirect from an address a page answers again', async () => {
    expect((await move('services/water-testing.json', '/services/water')).status).toBe(200);
    // Its own link to one of its sections.
    expect(read('services/water.json')).toContain('"to": "/services/water#partners"');
    expect((await move('services/water.json', '/services/water-analysis')).status).toBe(200);
    expect(redirects()).toEqual([
      { from: '/services/water-testing', to: '/services/water-analysis' },
      { from: '/services/water', to: '/services/water-analysis' },
    ]);
    // Back where it was: the old address is a page again, and both others lead to it.
    expect((await move('services/water-analysis.json', '/services/water-testing')).status).toBe(200);
    expect(redirects()).toEqual([
      { from: '/services/water', to: '/services/water-testing' },
      { from: '/services/water-analysis', to: '/services/water-testing' },
    ]);
    expect(read('services/water-testing.json')).toContain('"to": "/services/water-testing#partners"');
    expect((await loadContent(root)).problems).toEqual([]);
  });

  it('into a folder of its own, its $schema still leads to the schema', async () => {
    expect((await move('contact.json', '/company/contact')).status).toBe(200);
    expect(JSON.parse(read('company/contact.json')).$schema).toBe('../../schemas/page.schema.json');
    expect(read('company/contact.json')).toContain('"/company/contact#message"');
    expect(read('site.json')).not.toContain('"/contact"');
    expect((await loadContent(root)).problems).toEqual([]);
  });

  it('is refused, changing nothing, to an address that answers, of the wrong form, for the home and partner pages, or when a document is not JSON', async () => {
    const before = snapshot();
    expect((await move('services/microscopy.json', '/contact')).body.error).toMatch(/\/contact is a page already: pages-data\/contact\.json/);
    expect((await move('services/microscopy.json', '/palintest')).body.error).toMatch(/is a page already: pages-data\/partner\/palintest\.json/);
    expect((await move('services/microscopy.json', '/Services/Microscopes')).status).toBe(400);
    expect((await move('services/microscopy.json', '/partner/microscopes')).status).toBe(400);
    expect((await move('index.json', '/home')).body.error).toMatch(/home page cannot be moved/);
    expect((await move('partner/palintest.json', '/brands/palintest')).body.error).toMatch(/partner page/);
    expect((await post('move', { file: 'services/microscopy.json', to: '/services/microscopes', version: 'old' })).status).toBe(409);
    expect(snapshot()).toEqual(before);

    writeFileSync(join(root, 'pages-data/industries/education.json'), read('industries/education.json').replace('"meta": {', '"meta": {,'));
    const broken = snapshot();
    const res = await move('services/microscopy.json', '/services/microscopes');
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/pages-data\/industries\/education\.json is not valid JSON/);
    expect(snapshot()).toEqual(broken);
  });

  it('moves a page that stands for every address under a prefix as one, with a pattern redirect', async () => {
    // The catalogue's template page, pages-data/products/[id].json: every product's page, /products/<id>.
    const res = await move('products/[id].json', '/catalogue/[id]');
    expect(res.body).toEqual(expect.objectContaining({ file: 'catalogue/[id].json' }));
    expect(res.status).toBe(200);
    expect(existsSync(join(root, 'pages-data/catalogue/[id].json'))).toBe(true);
    expect(redirects()).toEqual([{ from: '/products/[id]', to: '/catalogue/[id]' }]);
    expect((await move('catalogue/[id].json', '/products-two')).status).toBe(400);
    expect((await move('services/microscopy.json', '/catalogue/[id]')).status).toBe(400);
  });

  it('is refused when the content after it would have a new problem, listing it; nothing changes', async () => {
    // A folder named as a partner's id takes the partner page's short address (/palintest).
    const before = snapshot();
    const res = await move('services/microscopy.json', '/palintest/microscopes');
    expect(res.status).toBe(422);
    expect(res.body.problems).toEqual([expect.objectContaining({ code: 'route-collision', file: 'pages-data/partner/palintest.json', text: expect.stringContaining('/palintest') })]);
    expect(snapshot()).toEqual(before);
  });

  it('a file that cannot be written leaves every file as it was', async () => {
    writeFileSync(join(root, 'pages-data/services/microscopes'), 'not a folder');
    const before = snapshot();
    const res = await move('services/microscopy.json', '/services/microscopes/x');
    expect(res.status).toBe(500);
    expect(res.body.error).toMatch(/nothing was changed/);
    expect(snapshot()).toEqual(before);
  });
});

describe('a new page', () => {
  it('starts as npm run new-page writes it, with its placeholders listed as problems', async () => {
    const res = await post('create', { route: '/services/spectroscopy' });
    expect(res.status).toBe(200);
    // With where the pages beside it are listed: nothing links to it yet.
    expect(res.body).toEqual({
      file: 'services/spectroscopy.json',
      route: '/services/spectroscopy',
      listedIn: expect.arrayContaining([{ file: 'pages-data/site.json', list: 'nav.header[2].menu.links' }]),
    });
    const doc = JSON.parse(read('services/spectroscopy.json')) as { blocks: { type: string }[] };
    expect(doc.blocks.map((b) => b.type)).toEqual(['hero', 'cta-banner']);
    expect(new Set((await loadContent(root)).problems.map((p) => `${p.file} ${p.code}`))).toEqual(new Set(['pages-data/services/spectroscopy.json placeholder']));
  });

  it('can start as a copy of a page, its $schema fitted to where it is', async () => {
    const res = await post('create', { route: '/spectroscopy', copyOf: 'services/microscopy.json' });
    expect(res.status).toBe(200);
    const copy = JSON.parse(read('spectroscopy.json')) as Record<string, unknown>;
    expect(copy).toEqual({ ...JSON.parse(read('services/microscopy.json')), $schema: '../schemas/page.schema.json' });
    expect((await loadContent(root)).problems).toEqual([]);
  });

  it('is refused at an address that answers already, by a page, a partner or a redirect', async () => {
    const before = snapshot();
    expect((await post('create', { route: '/services/microscopy' })).body.error).toMatch(/is a page already/);
    expect((await post('create', { route: '/palintest' })).body.error).toMatch(/is a page already: pages-data\/partner\/palintest\.json/);
    expect((await post('create', { route: '/Bad Path' })).status).toBe(400);
    expect(snapshot()).toEqual(before);
    await move('services/microscopy.json', '/services/microscopes');
    expect((await post('create', { route: '/services/microscopy' })).body.error).toMatch(/redirects to \/services\/microscopes/);
  });

  it('is refused at an address that names a page\'s file another way, or a file in another case; nothing is overwritten (issue 36, item 1)', async () => {
    const before = snapshot();
    for (const section of ['policies', 'industries', 'services']) {
      for (const copyOf of [undefined, 'policies/ethical-policy.json']) {
        const res = await post('create', { route: `/${section}/index`, ...(copyOf && { copyOf }) });
        expect(res.status, section).toBe(409);
        expect(res.body.error).toMatch(new RegExp(`names the file of the page /${section} \\(pages-data/${section}/index\\.json\\)`));
      }
    }
    expect((await post('create', { route: '/index' })).status).toBe(409);
    expect((await post('create', { route: '/contact.json' })).status).toBe(400);
    expect((await move('services/microscopy.json', '/services/index')).status).toBe(409);
    expect(snapshot()).toEqual(before);
    // A file that a disk ignoring case takes for the new page's, and a folder.
    writeFileSync(join(root, 'pages-data/Spectrometers.json'), read('services/microscopy.json'));
    const res = await post('create', { route: '/spectrometers' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/pages-data\/Spectrometers\.json exists, which a disk that ignores case takes for pages-data\/spectrometers\.json/);
    rmSync(join(root, 'pages-data/Spectrometers.json'));
    expect((await post('create', { route: '/Services/x' })).status).toBe(400);
    mkdirSync(join(root, 'pages-data/Labs'));
    writeFileSync(join(root, 'pages-data/Labs/one.json'), read('services/microscopy.json'));
    expect((await post('create', { route: '/labs/two' })).body.error).toMatch(/pages-data\/Labs exists, which a disk that ignores case takes for pages-data\/labs: .* rename that folder first/);
    rmSync(join(root, 'pages-data/Labs'), { recursive: true });
    expect(snapshot()).toEqual(before);
    expect((await loadContent(root)).problems).toEqual([]);
  });
});

describe('deleting a page', () => {
  it('is refused while anything links to it, listing each link where it is', async () => {
    const before = snapshot();
    const res = await post('delete', { file: 'services/microscopy.json', version: await versionOf('services/microscopy.json') });
    expect(res.status).toBe(409);
    const links = res.body.links as { file: string; line: number; path: string; field: string }[];
    expect(links.map((l) => `${l.file}:${l.line}`)).toContain(`pages-data/site.json:${read('site.json').split('\n').findIndex((l) => l.includes('"/services/microscopy"')) + 1}`);
    expect(links.length).toBe([...before.values()].join('\n').split('"/services/microscopy"').length - 1);
    expect(links.find((l) => l.file === 'pages-data/services/index.json')!.field).toMatch(/^Block \d+ \([^)]+\)(: [^›]+)? › Card \d+ › /);
    expect(snapshot()).toEqual(before);
    const listed = (await (await fetch(`${base}/__studio/api/links?file=services/microscopy.json`)).json()) as { links: unknown[] };
    expect(listed.links).toEqual(links);
  });

  it('deletes a page nothing links to, and may leave a redirect that earlier redirects follow', async () => {
    await post('create', { route: '/services/spectroscopy', copyOf: 'services/microscopy.json' });
    await move('services/spectroscopy.json', '/services/spectrometers');
    const res = await post('delete', { file: 'services/spectrometers.json', version: await versionOf('services/spectrometers.json'), redirectTo: '/services' });
    expect(res.status).toBe(200);
    expect(existsSync(join(root, 'pages-data/services/spectrometers.json'))).toBe(false);
    expect(redirects()).toEqual([
      { from: '/services/spectroscopy', to: '/services' },
      { from: '/services/spectrometers', to: '/services' },
    ]);
    expect((await loadContent(root)).problems).toEqual([]);
  });

  it('counts a block that shows a partner as a link to the partner\'s page', async () => {
    const res = await post('delete', { file: 'partner/palintest.json', version: await versionOf('partner/palintest.json') });
    expect(res.status).toBe(409);
    const links = res.body.links as { file: string; path: string; to: string }[];
    expect(links).toContainEqual(expect.objectContaining({ file: 'pages-data/services/index.json', path: expect.stringMatching(/\.partners\[\d+\]$/), to: '/palintest' }));
    expect(existsSync(join(root, 'pages-data/partner/palintest.json'))).toBe(true);
  });

  it('refuses the home page, and a redirect to a page that does not exist', async () => {
    await post('create', { route: '/services/spectroscopy', copyOf: 'services/microscopy.json' });
    expect((await post('delete', { file: 'index.json', version: await versionOf('index.json') })).status).toBe(400);
    const res = await post('delete', { file: 'services/spectroscopy.json', version: await versionOf('services/spectroscopy.json'), redirectTo: '/nowhere' });
    expect(res.status).toBe(400);
    // A redirect to the not-found page would be a 301 to a 404 (issue 36, item 7).
    const toNotFound = await post('delete', { file: 'services/spectroscopy.json', version: await versionOf('services/spectroscopy.json'), redirectTo: '/404' });
    expect(toNotFound).toEqual({ status: 400, body: { error: '/404 is not another page of the site' } });
    expect(existsSync(join(root, 'pages-data/services/spectroscopy.json'))).toBe(true);
  });
});

describe('the rules of the save endpoint hold for every page operation', () => {
  it('refuses other origins (403) and other content types (415), changing nothing', async () => {
    const before = snapshot();
    const bodies = { create: { route: '/services/spectroscopy' }, move: { file: 'services/microscopy.json', to: '/services/microscopes', version: await versionOf('services/microscopy.json') }, delete: { file: 'services/spectroscopy.json', version: 'x' } };
    for (const [what, body] of Object.entries(bodies)) {
      const ask = (headers: Record<string, string>) => fetch(`${base}/__studio/api/${what}`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect((await ask({ origin: 'http://evil.example', 'content-type': 'application/json' })).status, what).toBe(403);
      expect((await ask({ origin: base, 'content-type': 'text/plain' })).status, what).toBe(415);
    }
    expect((await post('move', { ...bodies.move, file: '../package.json' })).status).toBe(400);
    expect(snapshot()).toEqual(before);
  });
});

describe('writing all or nothing', () => {
  it('a change that cannot be written leaves every file as it was, with no temporary file behind', () => {
    const before = snapshot();
    const dataDir = join(root, 'pages-data');
    // The second file's folder cannot be made: contact.json is a file.
    expect(() => commit(dataDir, new Map([['about.json', '{}\n'], ['contact.json/x.json', '{}\n'], ['services/microscopy.json', null]]))).toThrow(/nothing was changed/);
    expect(snapshot()).toEqual(before);
    expect((readdirSync(dataDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
