// The studio server's answers to bad input (issue 52, item 10): a short or common password, a name of
// 5,000 characters, values nested thousands deep and a malformed address each get a 4xx that says what
// is wrong in plain words, never a 500, a path of the server or a stack; a request its client abandons
// is not logged as a failure; a link in a draft's public/ is never served or published (item 3); an
// import's uploads wait in the person's own folder (item 9); a publish is undone once its undo is
// published (item 6); a commit force-pushed off the remote stays off (item 4). The server runs in this
// process over a bare repository (no browser).
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudioInProcess } from '../support/studio-inprocess';
import { git } from '../support/studio-server';

let studio: Awaited<ReturnType<typeof startStudioInProcess>>;
let cookie = '';

beforeAll(async () => {
  // An import left from before the server started.
  studio = await startStudioInProcess({}, (data) => {
    mkdirSync(join(data, 'imports/someone/left12345'), { recursive: true });
    writeFileSync(join(data, 'imports/someone/left12345/range.csv'), 'id\n');
  });
  cookie = await studio.signIn('ada@example.com', 'admin', 'Ada Admin');
}, 240_000);

afterAll(async () => {
  await studio?.stop();
});

/** An answer an author can read: a 4xx, its message as expected, nothing of the server's insides. */
function plain(answer: { status: number; text: string }, status: number, message: RegExp) {
  expect(answer.status).toBe(status);
  expect((JSON.parse(answer.text) as { error: string }).error).toMatch(message);
  expect(answer.text).not.toContain(studio.dir);
  expect(answer.text).not.toMatch(/\/tmp\/|\n\s+at /);
}

describe('bad input to the studio server', () => {
  it('a password that is short or common is refused with the rule, and the link still works', async () => {
    const token = await studio.addUser('grace@example.com', 'author', 'Grace');
    plain(await studio.send('/__studio/server/setup', { token, password: 'short' }), 400, /^A password needs at least 10 characters\.$/);
    for (const password of ['password123', 'Qwertyuiop', '1234567890']) {
      plain(await studio.send('/__studio/server/setup', { token, password }), 400, /^This password is one of the most common ones/);
    }
    expect((await studio.send('/__studio/server/setup', { token, password: 'tea at the acacia lab' })).status).toBe(200);
  });

  it('a name of 5,000 characters is refused, by an invite and by a file of an import, saying the limit', async () => {
    const long = 'x'.repeat(5000);
    plain(await studio.send('/__studio/server/people/invite', { email: 'long@example.com', role: 'author', name: long }, cookie), 400, /^A name of at most 100 characters, please \(this one has 5000\)\.$/);
    expect(studio.accounts.byEmail('long@example.com')).toBeUndefined();
    const res = await fetch(`${studio.url}/__studio/api/import/file?session=abcdefgh12&name=${long}.csv`, { method: 'POST', headers: { origin: studio.url, 'content-type': 'application/octet-stream', cookie }, body: 'id,name\n' });
    plain({ status: res.status, text: await res.text() }, 400, /^a file's name may have at most 100 characters \(this one has 5004\)/);
  });

  it('values nested thousands deep are refused before anything walks them, by the studio\'s endpoints and the server\'s own', async () => {
    const arrays = `{"file":"contact.json","value":{"meta":${'['.repeat(20_000)}1${']'.repeat(20_000)}}}`;
    const objects = `{"file":"contact.json","value":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`;
    for (const body of [arrays, objects]) {
      plain(await studio.send('/__studio/api/validate', body, cookie), 400, /^the request nests values more than 64 levels deep/);
      plain(await studio.send('/__studio/api/save', body, cookie), 400, /^the request nests values more than 64 levels deep/);
      plain(await studio.send('/__studio/server/presence', body, cookie), 400, /^the request nests values more than 64 levels deep/);
    }
  });

  it('a malformed address of a picture is a 400', async () => {
    const res = await fetch(`${studio.url}/images/%zz.png`, { headers: { cookie } });
    plain({ status: res.status, text: await res.text() }, 400, /^the address is malformed/);
  });

  it('a link in a draft\'s public/ is never served, even to its author, and a publish that would bring one is refused', async () => {
    const author = await studio.signIn('amina@example.com', 'author', 'Amina');
    expect((await studio.send('/__studio/api/documents', undefined, author)).status).toBe(200); // the draft is made
    const amina = studio.accounts.byEmail('amina@example.com')!;
    const draft = join(studio.data, 'drafts', amina.id);
    // What a checkout of a branch holding such links makes: a link to the studio's accounts, to /etc/passwd, and a folder inside public/ under another name.
    symlinkSync(join(studio.data, 'accounts.json'), join(draft, 'public/notes.txt'));
    symlinkSync('/etc/passwd', join(draft, 'public/passwd.txt'));
    symlinkSync('images', join(draft, 'public/pictures'));
    const get = async (path: string) => {
      const res = await fetch(`${studio.url}${path}`, { headers: { cookie: author } });
      return { status: res.status, text: await res.text() };
    };
    expect((await get('/images/logo.svg')).status).toBe(200);
    for (const path of ['/notes.txt', '/passwd.txt', '/pictures/logo.svg']) {
      const answer = await get(path);
      expect(answer.status).toBe(404);
      expect(answer.text).not.toMatch(/argon2|root:|<svg/);
    }
    git(draft, 'add', '--all');
    git(draft, 'commit', '--quiet', '-m', 'Notes');
    const publisher = await studio.signIn('pat@example.com', 'publisher', 'Pat');
    const published = await studio.send('/__studio/server/publish', { owner: amina.id }, publisher);
    expect(published.status).toBe(422);
    expect((published.body.problems as { file: string; code: string }[]).map((p) => [p.file, p.code])).toEqual([
      ['public/notes.txt', 'link'],
      ['public/passwd.txt', 'link'],
      ['public/pictures', 'link'],
    ]);
    expect(git(studio.remote, 'ls-tree', '--name-only', 'main', '--', 'public/')).not.toMatch(/notes|passwd|pictures/);
  });

  it('an import\'s uploads wait in a folder of the person\'s own, and those left from before the start are gone', async () => {
    expect(existsSync(join(studio.data, 'imports/someone'))).toBe(false);
    const amina = studio.accounts.byEmail('amina@example.com')!;
    const author = (await studio.send('/__studio/server/sign-in', { email: 'amina@example.com', password: 'a long enough password' })).cookie;
    const res = await fetch(`${studio.url}/__studio/api/import/file?session=shared1234&name=range.csv`, { method: 'POST', headers: { origin: studio.url, 'content-type': 'application/octet-stream', cookie: author }, body: 'id,name\ncomparator-2000-plus,Comparator\n' });
    expect(res.status).toBe(200);
    expect(readdirSync(join(studio.data, 'imports', amina.id, 'shared1234'))).toEqual(['range.csv']);
    // Another person naming the same import sees no sheet of Amina's.
    const other = await studio.send('/__studio/api/import/check', { session: 'shared1234', sheet: 'range.csv' }, cookie);
    expect((other.body.problems as { code: string }[]).map((p) => p.code)).toEqual(['unreadable-sheet']);
  });

  it('an undo of a publish marks it undone once the undo is published, not while it waits in a draft', async () => {
    const publisher = await studio.signIn('olu@example.com', 'publisher', 'Olu');
    const author = await studio.signIn('wanjiru@example.com', 'author', 'Wanjiru');
    // Olu changes the contact page's title, and publishes his draft.
    const opened = (await studio.send('/__studio/api/document?file=contact.json', undefined, publisher)).body as { text: string; version: string; seen: string[] };
    const value = JSON.parse(opened.text);
    value.meta.title = 'Contact us in Nairobi';
    expect((await studio.send('/__studio/api/save', { file: 'contact.json', value, version: opened.version, seen: opened.seen }, publisher)).status).toBe(200);
    const olu = studio.accounts.byEmail('olu@example.com')!;
    const published = await studio.send('/__studio/server/publish', { owner: olu.id }, publisher);
    expect(published.status).toBe(200);
    const id = published.body.id as string;
    const record = async () => ((await studio.send('/__studio/server/drafts', undefined, author)).body.publishes as { id: string; undone?: string }[]).find((p) => p.id === id)!;

    // Wanjiru undoes it in her draft: the site still has it, so it is not undone for anyone yet.
    expect((await studio.send('/__studio/api/documents', undefined, author)).status).toBe(200);
    expect((await studio.send('/__studio/server/undo-publish', { id }, author)).status).toBe(200);
    expect(await record()).not.toHaveProperty('undone');
    expect(JSON.parse(studio.remoteFile('pages-data/contact.json')).meta.title).toBe('Contact us in Nairobi');

    // Her draft published: now it is.
    const wanjiru = studio.accounts.byEmail('wanjiru@example.com')!;
    expect((await studio.send('/__studio/server/publish', { owner: wanjiru.id }, publisher)).status).toBe(200);
    expect(JSON.parse(studio.remoteFile('pages-data/contact.json')).meta.title).not.toBe('Contact us in Nairobi');
    expect((await record()).undone).toEqual(expect.any(String));
  });

  it('a commit pushed off the remote by someone outside the studio does not come back with the next publish, and the publisher is told', async () => {
    const publisher = await studio.signIn('kamau@example.com', 'publisher', 'Kamau');
    const author = await studio.signIn('njeri@example.com', 'author', 'Njeri');
    const [kamau, njeri] = [studio.accounts.byEmail('kamau@example.com')!, studio.accounts.byEmail('njeri@example.com')!];
    const title = (file: string) => JSON.parse(studio.remoteFile(`pages-data/${file}`)).meta.title as string;
    const good = git(studio.remote, 'rev-parse', 'main');
    const contact = title('contact.json');
    // An outsider pushes a commit; the studio fetches it (a publish with nothing to publish fetches first), and Njeri's draft follows it.
    expect((await studio.send('/__studio/api/documents', undefined, author)).status).toBe(200);
    const bad = studio.pushDirectly('A change pushed by mistake', (dir) => {
      const file = join(dir, 'pages-data/contact.json');
      writeFileSync(file, readFileSync(file, 'utf8').replace(JSON.stringify(contact), JSON.stringify('Pushed by mistake')));
    });
    expect((await studio.send('/__studio/server/publish', { owner: kamau.id }, publisher)).status).toBe(409);
    expect((await studio.send('/__studio/api/documents', undefined, author)).status).toBe(200);
    // Njeri saves a change of her own, to another page.
    const opened = (await studio.send('/__studio/api/document?file=services/microscopy.json', undefined, author)).body as { text: string; version: string; seen: string[] };
    const value = JSON.parse(opened.text);
    value.meta.title = 'Microscopes for every laboratory';
    expect((await studio.send('/__studio/api/save', { file: 'services/microscopy.json', value, version: opened.version, seen: opened.seen }, author)).status).toBe(200);
    // The outsider force-pushes the mistake off the remote.
    git(studio.remote, 'update-ref', 'refs/heads/main', good);

    const published = await studio.send('/__studio/server/publish', { owner: njeri.id }, publisher);
    expect(published.status).toBe(200);
    expect(published.body.notice).toBe(`Left out: a commit that the site's branch had and lost since this draft began (pushed off the remote outside the studio), which stays off the site: ${bad.slice(0, 7)} "A change pushed by mistake" by Test.`);
    expect(title('services/microscopy.json')).toBe('Microscopes for every laboratory');
    expect(title('contact.json')).toBe(contact);
    expect(git(studio.remote, 'rev-list', 'main').split('\n')).not.toContain(bad);
    expect(git(studio.remote, 'log', '-1', '--format=%an|%s', 'main')).toBe('Njeri|Edit /services/microscopy');
  });

  it('none of these was logged as a failure of the server', () => {
    expect(studio.log.join('\n')).not.toMatch(/failed/);
  });

  it('a request its client abandons halfway is not logged', async () => {
    const started = new Promise<void>((resolve) => studio.server.once('request', () => resolve()));
    const socket = connect(Number(new URL(studio.url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`POST /__studio/server/sign-in HTTP/1.1\r\nHost: ${new URL(studio.url).host}\r\nOrigin: ${studio.url}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`);
    await started;
    socket.destroy();
    // Stopping waits for every request under way to be done with.
    await studio.stop();
    expect(studio.log).toEqual([]);
  });
});
