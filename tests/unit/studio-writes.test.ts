// The studio's writes one at a time per project (src/node/studio/writes.ts, issue 36 item 2): a save
// held just before it writes (a test hook, in place of a large picture being checked) and another
// change sent meanwhile. The second waits for the first and sees its files, or is refused with 409;
// the content stays valid either way.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/node/content/load';
import { writeHooks } from '../../src/node/studio/writes';
import { phonePhoto } from '../support/photos';
import { holdFirstWrite, startStudioApi, studioProject } from '../support/studio-api';

let root = '';
let server: Awaited<ReturnType<typeof startStudioApi>>;
let base = '';

beforeEach(async () => {
  root = studioProject('studio-writes-', ['pages-data', 'public'], ['schemas']);
  server = await startStudioApi(root);
  base = server.base;
});
afterEach(() => {
  writeHooks.beforeWrite = undefined;
  writeHooks.queued = undefined;
  server.close();
  rmSync(root, { recursive: true, force: true });
});

const read = (rel: string) => readFileSync(join(root, 'pages-data', rel), 'utf8');
const send = (what: string, body: unknown) =>
  fetch(`${base}/__studio/api/${what}`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
  }));
const open = async (file: string) => (await (await fetch(`${base}/__studio/api/document?file=${encodeURIComponent(file)}`)).json()) as { text: string; version: string };
const problems = async () => (await loadContent(root)).problems.map((p) => `${p.file} ${p.code} ${p.message}`);

/** A save of `file` with its hero's title changed, sent now. */
async function saveTitle(file: string, title: string) {
  const { text, version } = await open(file);
  const value = JSON.parse(text);
  value.blocks[0].title = title;
  return send('save', { file, value, version });
}

describe('a save and a page operation at the same time', () => {
  it('a move sent while a save of a page linking to the moved page is writing waits for it, then rewrites the saved page too', async () => {
    const { held, queued, release } = holdFirstWrite();
    const saving = saveTitle('services/index.json', 'Everything a laboratory needs');
    await held;
    const moving = send('move', { file: 'services/microscopy.json', to: '/services/m1', version: (await open('services/microscopy.json')).version });
    // Without the queue the move answers here, and the save then writes its stale text over it.
    expect(await Promise.race([queued.then(() => 'queued'), moving.then(() => 'answered')])).toBe('queued');
    release();
    expect((await saving).status).toBe(200);
    expect((await moving).status).toBe(200);
    const services = read('services/index.json');
    expect(services).toContain('Everything a laboratory needs');
    expect(services).toContain('"/services/m1"');
    expect(services).not.toContain('"/services/microscopy"');
    expect(await problems()).toEqual([]);
  });

  it('a move of the page being saved loses with 409: the page stays where it is, with the save in it', async () => {
    const { held, queued, release } = holdFirstWrite();
    const version = (await open('services/microscopy.json')).version;
    const saving = saveTitle('services/microscopy.json', 'Microscopes for every laboratory');
    await held;
    const moving = send('move', { file: 'services/microscopy.json', to: '/services/m1', version });
    expect(await Promise.race([queued.then(() => 'queued'), moving.then(() => 'answered')])).toBe('queued');
    release();
    expect((await saving).status).toBe(200);
    const moved = await moving;
    expect(moved.status).toBe(409);
    expect(moved.body.error).toMatch(/changed on disk since it was opened/);
    expect(read('services/microscopy.json')).toContain('Microscopes for every laboratory');
    expect(() => read('services/m1.json')).toThrow(/ENOENT/);
    expect(await problems()).toEqual([]);
  });

  it('a save of the page being moved loses with 409: it does not bring the page back beside its new file', async () => {
    const { held, queued, release } = holdFirstWrite();
    const opened = await open('services/microscopy.json');
    const moving = send('move', { file: 'services/microscopy.json', to: '/services/m1', version: opened.version });
    await held;
    const value = JSON.parse(opened.text);
    value.blocks[0].title = 'Microscopes for every laboratory';
    const saving = send('save', { file: 'services/microscopy.json', value, version: opened.version });
    expect(await Promise.race([queued.then(() => 'queued'), saving.then(() => 'answered')])).toBe('queued');
    release();
    expect((await moving).status).toBe(200);
    const saved = await saving;
    expect(saved.status).toBe(409);
    expect(saved.body.error).toMatch(/pages-data\/services\/microscopy\.json is not there any more/);
    // The studio then offers neither to replace the file nor to open it again: there is none.
    expect(saved.body.gone).toBe(true);
    expect(() => read('services/microscopy.json')).toThrow(/ENOENT/);
    expect(await problems()).toEqual([]);
  });

  it('a file changed on disk while a save is being checked (an editor, git) refuses the save, keeping the other text', async () => {
    const { held, release } = holdFirstWrite();
    const saving = saveTitle('services/microscopy.json', 'Microscopes for every laboratory');
    await held;
    const edited = read('services/microscopy.json').replace('"title": "', '"title": "Light ');
    writeFileSync(join(root, 'pages-data/services/microscopy.json'), edited);
    release();
    const saved = await saving;
    expect(saved.status).toBe(409);
    expect(saved.body.error).toMatch(/pages-data\/services\/microscopy\.json changed on disk while this change was being checked/);
    expect(read('services/microscopy.json')).toBe(edited);
  });
});

describe('every writing endpoint', () => {
  it('waits for a change in progress: save, new page, move, delete, upload, replace and delete picture', async () => {
    const photo = await phonePhoto({ width: 64, height: 48, plain: true, seed: 11 });
    const upload = () =>
      fetch(`${base}/__studio/api/upload?for=services%2Fmicroscopy.json&name=a.jpg`, { method: 'POST', headers: { origin: base, 'content-type': 'application/octet-stream' }, body: new Uint8Array(photo) });
    writeFileSync(join(root, 'public/images/unused.jpg'), photo);
    const requests: [string, () => Promise<unknown>][] = [
      ['save', async () => saveTitle('contact.json', 'Talk to us')],
      ['create', () => send('create', { route: '/services/spectroscopy' })],
      ['move', async () => send('move', { file: 'industries/education.json', to: '/industries/schools', version: (await open('industries/education.json')).version })],
      ['delete', async () => send('delete', { file: 'services/microscopy.json', version: (await open('services/microscopy.json')).version })],
      ['upload', upload],
      ['pictures/replace', () => send('pictures/replace', { from: '/images/services/microscopy.svg', to: '/images/services/water-testing.svg' })],
      ['pictures/delete', () => send('pictures/delete', { path: '/images/unused.jpg' })],
    ];
    for (const [what, request] of requests) {
      const { held, queued, release } = holdFirstWrite();
      const saving = saveTitle('services/index.json', `Held for ${what}`);
      await held;
      const answer = request();
      expect(await Promise.race([queued.then(() => 'queued'), answer.then(() => 'answered')]), what).toBe('queued');
      release();
      expect((await saving).status, what).toBe(200);
      await answer;
    }
  });
});
