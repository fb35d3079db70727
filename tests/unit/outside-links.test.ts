// Links that lead out of pages-data/ or public/ (issue 36, item 4), with real symlinks in a copy of the
// project: the studio neither lists, reads, writes nor deletes through them, and validate (which the
// build runs first) names each one.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/node/content/load';
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

describe('a link out of pages-data/ or public/', () => {
  it('is named by validate, which the build runs first: each link and where it leads', async () => {
    const found = (await loadContent(root)).problems.filter((p) => p.code === 'outside-link');
    expect(found.map((p) => [p.file, p.message])).toEqual([
      ['pages-data/linkdir', `a link that leads out of pages-data/, to ${join(outside, 'folder')}: the site never reads through it`],
      ['pages-data/linked.json', `a link that leads out of pages-data/, to ${join(outside, 'notes.json')}: the site never reads through it`],
      ['public/images/linked.jpg', `a link that leads out of public/, to ${join(outside, 'photo.jpg')}: the site never reads through it`],
    ]);
  });

  it('is neither listed, read, saved, moved nor deleted by the studio, which says why', async () => {
    const documents = (await (await fetch(`${base}/__studio/api/documents`)).json()) as { file: string }[];
    expect(documents.map((d) => d.file).filter((f) => f.startsWith('link'))).toEqual([]);
    const open = await fetch(`${base}/__studio/api/document?file=linked.json`);
    expect(open.status).toBe(400);
    expect(((await open.json()) as { error: string }).error).toBe(`pages-data/linked.json leads out of pages-data/ (to ${join(outside, 'notes.json')}) through a link: the studio neither reads nor writes it`);
    const value = { ...JSON.parse(page), meta: { ...JSON.parse(page).meta, title: 'Written through a link' } };
    for (const file of ['linked.json', 'linkdir/inner.json']) {
      expect(await send('save', { file, value, version: 'x' })).toEqual({ status: 400, error: expect.stringContaining(`pages-data/${file} leads out of pages-data/`) });
      expect(await send('move', { file, to: '/services/moved', version: 'x' })).toEqual({ status: 400, error: expect.stringContaining('leads out of pages-data/') });
      expect(await send('delete', { file, version: 'x' })).toEqual({ status: 400, error: expect.stringContaining('leads out of pages-data/') });
    }
    const created = await send('create', { route: '/linkdir/new' });
    expect(created.status).toBe(400);
    expect(created.error).toMatch(/pages-data\/linkdir\/new\.json leads out of pages-data\/ .* through a link: the studio writes nothing there; nothing was changed/);
    untouched();
  });

  it('is not listed among the pictures, and the studio neither deletes it nor uploads through a link', async () => {
    const pictures = (await (await fetch(`${base}/__studio/api/pictures`)).json()) as { path: string }[];
    expect(pictures.map((p) => p.path)).not.toContain('/images/linked.jpg');
    expect(await send('pictures/delete', { path: '/images/linked.jpg' })).toEqual({ status: 400, error: expect.stringContaining('public/images/linked.jpg leads out of public/') });
    rmSync(join(root, 'public/images/uploads'), { recursive: true, force: true });
    symlinkSync(join(outside, 'uploads'), join(root, 'public/images/uploads'));
    const res = await fetch(`${base}/__studio/api/upload?for=services%2Fmicroscopy.json&name=a.jpg`, { method: 'POST', headers: { origin: base, 'content-type': 'application/octet-stream' }, body: new Uint8Array(photo) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/public\/images\/uploads leads out of public\//);
    expect(existsSync(join(outside, 'uploads')) && readdirSync(join(outside, 'uploads'))).toEqual([]);
    untouched();
  });
});


