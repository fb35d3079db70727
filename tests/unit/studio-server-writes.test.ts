// The studio server's writes (issue 39, items 3 and 9): a person's draft takes one change at a time,
// and each change is written and committed in the same turn (src/node/studio/writes.ts), so every
// save is one commit in its author's name holding that save's files only, with a message whose parts
// named by the request are one line each (issue 52, item 8). The endpoints run
// in-process over a draft of a clone, as `npm run studio` runs them; the race is made with the hook
// that holds a write, not with timing.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Accounts, type Person } from '../../src/node/studio-server/accounts';
import { Drafts } from '../../src/node/studio-server/drafts';
import { Repo } from '../../src/node/studio-server/repo';
import { Workspaces } from '../../src/node/studio-server/workspace';
import { writeHooks } from '../../src/node/studio/writes';
import { holdFirstWrite } from '../support/studio-api';
import { git } from '../support/studio-server';

const project = resolve(import.meta.dirname, '../..');

let dir = '';
let draft = '';
let server: Server;
let base = '';
let person: Person;
let repo: Repo;
let accounts: Accounts;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'studio-server-writes-'));
  const seed = join(dir, 'seed');
  for (const entry of ['pages-data', 'public', 'schemas']) cpSync(join(project, entry), join(seed, entry), { recursive: true });
  git(seed, 'init', '--quiet', '--initial-branch=main');
  git(seed, 'add', '--all');
  git(seed, 'commit', '--quiet', '-m', 'The site');
  git(dir, 'clone', '--quiet', '--bare', seed, join(dir, 'remote.git'));
  git(dir, 'clone', '--quiet', join(dir, 'remote.git'), join(dir, 'clone'));
  const data = join(dir, 'data');
  accounts = new Accounts(data);
  ({ person } = await accounts.add('amina@example.com', 'author', 'Amina Wanjiru'));
  repo = new Repo({ repo: join(dir, 'clone'), data, remote: 'origin', branch: 'main' });
  await repo.fetch();
  const handler = await new Workspaces(repo, accounts, async () => '<!doctype html>').handler(person);
  draft = repo.draftDir(person.id);
  server = createServer((req, res) => handler(req as never, res, () => ((res.statusCode = 404), res.end())));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  writeHooks.beforeWrite = undefined;
  writeHooks.queued = undefined;
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A save of `file` with its hero's title changed, from the document as the editor opens it. */
async function saveTitle(file: string, title: string) {
  const opened = (await (await fetch(`${base}/__studio/api/document?file=${encodeURIComponent(file)}`)).json()) as { text: string; version: string; seen: string[] };
  const value = JSON.parse(opened.text);
  value.blocks[0].title = title;
  const res = await fetch(`${base}/__studio/api/save`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ file, value, version: opened.version, seen: opened.seen }),
  });
  return { status: res.status, body: (await res.json()) as { commit?: string; error?: string } };
}

describe('two saves of one person at once (two tabs)', () => {
  it('are two commits, each in the author\'s name with its own file only; the second is written once the first is committed', async () => {
    const start = git(draft, 'rev-parse', 'HEAD');
    /** What the draft held when the second save came to write: its last commit's files, and anything not committed. */
    let atSecondWrite: { files: string; uncommitted: string } | undefined;
    const { held, queued, release } = holdFirstWrite(() => {
      atSecondWrite = { files: git(draft, 'show', '--name-only', '--format=', 'HEAD'), uncommitted: git(draft, 'status', '--porcelain', '--', 'pages-data', 'public') };
    });

    const first = saveTitle('services/microscopy.json', 'Microscopes for every laboratory');
    await held;
    const second = saveTitle('services/filtration.json', 'Filtration for every laboratory');
    await queued;
    release();
    const [a, b] = [await first, await second];
    expect([a.status, b.status]).toEqual([200, 200]);

    expect(atSecondWrite).toEqual({ files: 'pages-data/services/microscopy.json', uncommitted: '' });
    const commits = git(draft, 'rev-list', '--reverse', `${start}..HEAD`).split('\n');
    expect(commits).toEqual([a.body.commit, b.body.commit]);
    const show = (commit: string) => git(draft, 'show', '--name-only', '--format=%an <%ae> / %cn%n%s', commit).split('\n').filter(Boolean);
    expect(show(commits[0]!)).toEqual(['Amina Wanjiru <amina@example.com> / Acacia Studio', 'Edit /services/microscopy', 'pages-data/services/microscopy.json']);
    expect(show(commits[1]!)).toEqual(['Amina Wanjiru <amina@example.com> / Acacia Studio', 'Edit /services/filtration', 'pages-data/services/filtration.json']);
    expect(git(draft, 'status', '--porcelain', '--', 'pages-data', 'public')).toBe('');
  });
});

describe('what a request names, in a commit message', () => {
  it('is one line without control characters: a sheet named to forge a trailer and a row of the Drafts view forges neither', async () => {
    const sheet = 'x\n\nSigned-off-by: Eve <eve@example.com>\n\x1erange.csv';
    const post = (path: string, body: BodyInit, type: string) => fetch(`${base}/__studio/api/${path}`, { method: 'POST', headers: { origin: base, 'content-type': type }, body });
    expect((await post(`import/file?session=abcdefgh12&name=${encodeURIComponent(sheet)}`, 'id,name\ncomparator-2000-plus,Comparator 2000 Plus\n', 'application/octet-stream')).status).toBe(200);
    const applied = await post('import/apply', JSON.stringify({ session: 'abcdefgh12', sheet }), 'application/json');
    expect(applied.status).toBe(200);
    expect(((await applied.json()) as { applied: boolean }).applied).toBe(true);
    const message = git(draft, 'log', '-1', '--format=%B');
    expect(message.split('\n')[0]).toBe('Import products from x Signed-off-by: Eve <eve@example.com> range.csv');
    expect(message).not.toMatch(/^Signed-off-by/m);
    expect(message).not.toMatch(/[\x00-\x09\x0b-\x1f]/);
    const listed = await new Drafts(repo, accounts).list();
    expect(listed.flatMap((d) => d.commits.map((c) => [c.author, c.subject]))).toEqual([['Amina Wanjiru', 'Import products from x Signed-off-by: Eve <eve@example.com> range.csv']]);
  });
});
