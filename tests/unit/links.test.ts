// Links (symlinks) in pages-data/ or public/ (issue 36, item 4; issue 52, item 3: inside the folders
// too), real ones in a copy of the project: the studio neither lists, reads, writes nor deletes
// through them, validate (which the build runs first) names each one, and the import writes nothing
// through them.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyImport, type ImportPlan } from '../../src/node/catalogue/import';
import { SERVER_HEADERS_FILE, SERVER_REDIRECTS_FILE } from '../../src/node/build/host-files';
import { loadContent } from '../../src/node/content/load';
import { createSiteServer } from '../../src/node/serve/serve';
import { phonePhoto } from '../support/photos';
import { startStudioApi, studioProject } from '../support/studio-api';

let root = '';
let outside = '';
let server: Awaited<ReturnType<typeof startStudioApi>>;
let base = '';
let page = '';
let photo: Buffer;

beforeAll(async () => {
  root = studioProject('outside-links-', ['pages-data', 'public'], ['schemas']);
  outside = mkdtempSync(join(tmpdir(), 'outside-'));
  page = readFileSync(join(root, 'pages-data/services/microscopy.json'), 'utf8');
  photo = await phonePhoto({ width: 64, height: 48, plain: true, seed: 5 });
  writeFileSync(join(outside, 'notes.json'), page);
  mkdirSync(join(outside, 'folder'));
  writeFileSync(join(outside, 'folder/inner.json'), page);
  writeFileSync(join(outside, 'photo.jpg'), photo);
  mkdirSync(join(outside, 'uploads'));
  symlinkSync(join(outside, 'notes.json'), join(root, 'pages-data/linked.json'));
  symlinkSync(join(outside, 'folder'), join(root, 'pages-data/linkdir'));
  symlinkSync(join(outside, 'photo.jpg'), join(root, 'public/images/linked.jpg'));
  // Inside the folders: a second name for a page, and a folder of pictures under another name.
  symlinkSync('services/microscopy.json', join(root, 'pages-data/microscopy-again.json'));
  symlinkSync('images', join(root, 'public/pictures'));
  server = await startStudioApi(root);
  base = server.base;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const send = (what: string, body: unknown) =>
  fetch(`${base}/__studio/api/${what}`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (res) => ({
    status: res.status,
    error: ((await res.json()) as { error?: string }).error ?? '',
  }));
const untouched = () => {
  expect(readFileSync(join(outside, 'notes.json'), 'utf8')).toBe(page);
  expect(readFileSync(join(outside, 'folder/inner.json'), 'utf8')).toBe(page);
  expect(readFileSync(join(outside, 'photo.jpg'))).toEqual(photo);
  expect(existsSync(join(outside, 'folder/new.json'))).toBe(false);
};

describe('a link in pages-data/ or public/', () => {
  it('is named by validate, which the build runs first: each link and where it leads, out of the folder or inside it', async () => {
    const found = (await loadContent(root)).problems.filter((p) => p.code === 'link');
    expect(found.map((p) => [p.file, p.message])).toEqual([
      ['pages-data/linkdir', `a link (symlink) to ${join(outside, 'folder')}: the site never reads through a link in pages-data/`],
      ['pages-data/linked.json', `a link (symlink) to ${join(outside, 'notes.json')}: the site never reads through a link in pages-data/`],
      ['pages-data/microscopy-again.json', `a link (symlink) to ${join(root, 'pages-data/services/microscopy.json')}: the site never reads through a link in pages-data/`],
      ['public/images/linked.jpg', `a link (symlink) to ${join(outside, 'photo.jpg')}: the site never reads through a link in public/`],
      ['public/pictures', `a link (symlink) to ${join(root, 'public/images')}: the site never reads through a link in public/`],
    ]);
  });

  it('is not written through by the import\'s apply, which writes nothing then', async () => {
    const plan = { problems: [], writes: new Map([['public/images/products/kit-0123456789.jpg', photo], ['public/pictures/kit.jpg', photo]]) } as unknown as ImportPlan;
    expect(() => applyImport(root, plan)).toThrow(`public/pictures/kit.jpg goes through a link (to ${join(root, 'public/images')}): the import writes nothing through links, and wrote nothing`);
    expect(existsSync(join(root, 'public/images/products/kit-0123456789.jpg'))).toBe(false);
    expect(existsSync(join(root, 'public/images/kit.jpg'))).toBe(false);
  });

  it('is neither listed, read, saved, moved nor deleted by the studio, which says why', async () => {
    const documents = (await (await fetch(`${base}/__studio/api/documents`)).json()) as { file: string }[];
    expect(documents.map((d) => d.file).filter((f) => f.startsWith('link') || f === 'microscopy-again.json')).toEqual([]);
    const open = await fetch(`${base}/__studio/api/document?file=linked.json`);
    expect(open.status).toBe(400);
    expect(((await open.json()) as { error: string }).error).toBe(`pages-data/linked.json goes through a link (to ${join(outside, 'notes.json')}): the studio neither reads nor writes through links`);
    const value = { ...JSON.parse(page), meta: { ...JSON.parse(page).meta, title: 'Written through a link' } };
    for (const file of ['linked.json', 'linkdir/inner.json', 'microscopy-again.json']) {
      expect(await send('save', { file, value, version: 'x' })).toEqual({ status: 400, error: expect.stringContaining(`pages-data/${file} goes through a link`) });
      expect(await send('move', { file, to: '/services/moved', version: 'x' })).toEqual({ status: 400, error: expect.stringContaining('goes through a link') });
      expect(await send('delete', { file, version: 'x' })).toEqual({ status: 400, error: expect.stringContaining('goes through a link') });
    }
    const created = await send('create', { route: '/linkdir/new' });
    expect(created.status).toBe(400);
    expect(created.error).toMatch(/pages-data\/linkdir\/new\.json goes through a link \(to .*\): the studio writes nothing through links; nothing was changed/);
    expect(readFileSync(join(root, 'pages-data/services/microscopy.json'), 'utf8')).toBe(page);
    untouched();
  });

  it('is not listed among the pictures, and the studio neither deletes it nor uploads through a link', async () => {
    const pictures = (await (await fetch(`${base}/__studio/api/pictures`)).json()) as { path: string }[];
    expect(pictures.map((p) => p.path)).not.toContain('/images/linked.jpg');
    expect(pictures.map((p) => p.path).filter((p) => p.startsWith('/pictures/'))).toEqual([]);
    expect(await send('pictures/delete', { path: '/images/linked.jpg' })).toEqual({ status: 400, error: expect.stringContaining('public/images/linked.jpg goes through a link') });
    rmSync(join(root, 'public/images/uploads'), { recursive: true, force: true });
    symlinkSync(join(outside, 'uploads'), join(root, 'public/images/uploads'));
    const res = await fetch(`${base}/__studio/api/upload?for=services%2Fmicroscopy.json&name=a.jpg`, { method: 'POST', headers: { origin: base, 'content-type': 'application/octet-stream' }, body: new Uint8Array(photo) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/public\/images\/uploads goes through a link/);
    expect(existsSync(join(outside, 'uploads')) && readdirSync(join(outside, 'uploads'))).toEqual([]);
    untouched();
  });
});

describe('a link in what npm run serve serves', () => {
  it('is not followed: a link to /etc/passwd answers 404, a file beside it 200', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'links-dist-'));
    mkdirSync(join(dist, '.host'));
    writeFileSync(join(dist, SERVER_HEADERS_FILE), '{}');
    writeFileSync(join(dist, SERVER_REDIRECTS_FILE), '[]');
    writeFileSync(join(dist, '404.html'), '<!doctype html><title>Not found</title>');
    writeFileSync(join(dist, 'notes.txt'), 'notes');
    symlinkSync('/etc/passwd', join(dist, 'passwd.txt'));
    const site = createSiteServer(dist);
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${url}/notes.txt`)).status).toBe(200);
      const res = await fetch(`${url}/passwd.txt`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('root:');
    } finally {
      site.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
