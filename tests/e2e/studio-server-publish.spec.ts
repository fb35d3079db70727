// `npm run studio`: drafts, two people on one page, publishing, a remote that moved, scheduling,
// history and restore (issue 39, items 3-7 and 10), over a bare repository in a temporary folder.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { git, signUp, startStudioServer, type StudioServer } from '../support/studio-server';

test.describe.configure({ mode: 'serial' });

let studio: StudioServer;
let author: { context: BrowserContext; page: Page };
let publisher: { context: BrowserContext; page: Page };
/** The live site as a host that builds from the remote serves it: only its build id (/_data/build.json), the commit its last build was made from. */
let hostBuilt = '';
let host: Server;

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(300_000); // the first start builds the studio's code: this only catches a hang
  host = createServer((req, res) => {
    res.writeHead(req.url === '/_data/build.json' ? 200 : 404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ commit: hostBuilt }));
  });
  await new Promise<void>((ok) => host.listen(0, '127.0.0.1', ok));
  studio = await startStudioServer({ STUDIO_SITE_URL: `http://127.0.0.1:${(host.address() as AddressInfo).port}` });
  hostBuilt = git(studio.remote, 'rev-parse', 'main');
  author = await signUp(browser, studio.addUser('amina@example.com', 'author', 'Amina Author'));
  publisher = await signUp(browser, studio.addUser('peter@example.com', 'publisher', 'Peter Publisher'));
});

test.afterAll(async () => {
  host?.close();
  await author?.context.close();
  await publisher?.context.close();
  await studio?.stop();
});

test.beforeEach(({}, testInfo) => testInfo.setTimeout(120_000));

const CONTACT = 'pages-data/contact.json';
const title = (text: string) => (JSON.parse(text) as { meta: { title: string } }).meta.title;
const description = (text: string) => (JSON.parse(text) as { meta: { description: string } }).meta.description;
const draftDir = (email: string) => {
  const accounts = JSON.parse(readFileSync(join(studio.data, 'accounts.json'), 'utf8')) as { people: { id: string; email: string }[] };
  return join(studio.data, 'drafts', accounts.people.find((p) => p.email === email)!.id);
};

async function open(page: Page, route: string) {
  await page.goto(`${studio.url}/__studio?page=${route}`);
  await expect(page.locator('[data-path="meta.title"]')).toBeVisible({ timeout: 60_000 });
  await expect(page.frameLocator('iframe[title="Preview"]').locator('h1')).toBeVisible({ timeout: 60_000 });
}

async function saveField(page: Page, path: string, value: string) {
  await page.locator(`[data-path="${path}"]`).fill(value);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Saved');
}

async function publishDraftOf(name: string) {
  await publisher.page.getByRole('button', { name: 'Drafts' }).click();
  await publisher.page.getByRole('button', { name: 'Refresh' }).click();
  const draft = publisher.page.getByRole('region', { name: `${name}'s draft` });
  await draft.getByRole('button', { name: 'Publish', exact: true }).click();
  return draft;
}

test('every save is a commit on the author\'s draft in their name; the Drafts view lists what it changes; an author cannot publish', async () => {
  await open(author.page, '/contact');
  await saveField(author.page, 'meta.title', 'Contact Our Nairobi Team');
  await saveField(author.page, 'meta.description', 'Call, write or visit our Nairobi team for quotations, catalogues and technical advice on laboratory supplies.');
  const log = git(draftDir('amina@example.com'), 'log', '--format=%an <%ae>|%cn|%s', '-2');
  expect(log.split('\n')).toEqual(['Amina Author <amina@example.com>|Acacia Studio|Edit /contact', 'Amina Author <amina@example.com>|Acacia Studio|Edit /contact']);
  // Nothing reached the remote yet.
  expect(title(studio.remoteFile(CONTACT))).toBe('Contact Us');

  await author.page.getByRole('button', { name: 'Drafts' }).click();
  const draft = author.page.getByRole('region', { name: "Amina Author's draft" });
  await expect(draft.getByRole('heading')).toHaveText('Your draft');
  await expect(draft).toContainText('2 saves');
  await expect(draft.getByRole('row', { name: /Meta › Title/ })).toContainText('Contact Us');
  await expect(draft.getByRole('row', { name: /Meta › Title/ })).toContainText('Contact Our Nairobi Team');
  await expect(draft.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  const refused = await author.context.request.post(`${studio.url}/__studio/server/publish`, { headers: { Origin: studio.url, 'Content-Type': 'application/json' }, data: { owner: 'anyone' } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: string }).error).toContain('may not publish');
});

test('a publisher publishes the draft: the remote has each save as a commit in its author\'s name, the draft is empty again, and the studio says when the host has built it', async () => {
  const before = git(studio.remote, 'rev-parse', 'main');
  const draft = await publishDraftOf('Amina Author');
  await expect(publisher.page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();
  await expect(draft).toHaveCount(0);
  // The host has not built it yet; then it has (its build id names the publish).
  await expect(publisher.page.getByRole('status').filter({ hasText: 'waiting for the host to build it' })).toBeVisible();
  hostBuilt = git(studio.remote, 'rev-parse', 'main');
  await expect(publisher.page.getByRole('status').filter({ hasText: 'is live on the site since' })).toBeVisible({ timeout: 30_000 });
  expect(title(studio.remoteFile(CONTACT))).toBe('Contact Our Nairobi Team');
  const log = git(studio.remote, 'log', '--format=%an <%ae>|%cn|%s', `${before}..main`);
  expect(log.split('\n')).toEqual(['Amina Author <amina@example.com>|Acacia Studio|Edit /contact', 'Amina Author <amina@example.com>|Acacia Studio|Edit /contact']);
  expect(git(studio.remote, 'rev-list', '--merges', `${before}..main`)).toBe('');
});

test('two people on one page: each sees the other there; the second save is refused, naming who changed what, and is merged field by field', async () => {
  await open(author.page, '/services/water-testing');
  await open(publisher.page, '/services/water-testing');
  await expect(author.page.locator('[data-presence]')).toContainText('Also open by Peter Publisher', { timeout: 20_000 });
  await expect(publisher.page.locator('[data-presence]')).toContainText('Also open by Amina Author', { timeout: 20_000 });

  await saveField(author.page, 'meta.title', 'Water Testing Kits and Meters in Kenya');
  // The publisher changed the same title and the description, from the version both opened.
  await publisher.page.locator('[data-path="meta.description"]').fill('Water testing kits, photometers and meters for drinking water, pools and industry, with training and support from Nairobi.');
  await publisher.page.locator('[data-path="meta.title"]').fill('Water Testing in Kenya');
  await publisher.page.getByRole('button', { name: 'Save' }).click();
  const merge = publisher.page.locator('[data-merge]');
  await expect(merge).toContainText('Amina Author saved a newer version of this document in their draft');
  await expect(merge).toContainText('changing Meta › Title');
  await expect(merge.getByRole('radio', { name: 'Yours: Water Testing in Kenya' })).toBeChecked();
  await merge.getByRole('radio', { name: "Amina Author's: Water Testing Kits and Meters in Kenya" }).check();
  await merge.getByRole('button', { name: 'Save with these choices' }).click();
  await expect(publisher.page.getByRole('main').getByRole('status')).toHaveText('Saved');
  await expect(publisher.page.locator('[data-path="meta.title"]')).toHaveValue('Water Testing Kits and Meters in Kenya');
  const saved = readFileSync(join(draftDir('peter@example.com'), 'pages-data/services/water-testing.json'), 'utf8');
  expect(title(saved)).toBe('Water Testing Kits and Meters in Kenya');
  expect(description(saved)).toMatch(/^Water testing kits, photometers/);

  // Both drafts published: the second merges with the first, field by field, with nothing to ask.
  await publishDraftOf('Amina Author');
  await expect(publisher.page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();
  await publisher.page.getByRole('region', { name: "Peter Publisher's draft" }).getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(publisher.page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();
  const published = studio.remoteFile('pages-data/services/water-testing.json');
  expect(title(published)).toBe('Water Testing Kits and Meters in Kenya');
  expect(description(published)).toMatch(/^Water testing kits, photometers/);
});

test('the remote moved on another file: the draft is published on top, each save its own commit', async () => {
  const direct = studio.pushDirectly('Services: a new title, pushed to the remote directly', (dir) => {
    const file = join(dir, 'pages-data/services/index.json');
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { meta: { title: string } };
    doc.meta.title = 'Our Services';
    writeFileSync(file, JSON.stringify(doc, null, 2) + '\n');
  });
  await open(author.page, '/contact');
  await saveField(author.page, 'meta.title', 'Contact Acacia Scientific');
  await publishDraftOf('Amina Author');
  await expect(publisher.page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();
  expect(git(studio.remote, 'log', '--format=%an|%s', '-1', 'main')).toBe('Amina Author|Edit /contact');
  expect(git(studio.remote, 'rev-parse', 'main^')).toBe(direct);
  expect(title(studio.remoteFile('pages-data/services/index.json'))).toBe('Our Services');
  expect(title(studio.remoteFile(CONTACT))).toBe('Contact Acacia Scientific');
});

test('the remote moved on the same field: the publisher sees both values and chooses; the other change is kept', async () => {
  const direct = studio.pushDirectly('Contact: a title pushed to the remote directly', (dir) => {
    const file = join(dir, CONTACT);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { meta: { title: string } };
    doc.meta.title = 'Contact Us (from the remote)';
    writeFileSync(file, JSON.stringify(doc, null, 2) + '\n');
  });
  await open(author.page, '/contact');
  await saveField(author.page, 'meta.title', 'Contact Us (from the studio)');
  await publishDraftOf('Amina Author');
  const choices = publisher.page.getByRole('alert').filter({ hasText: 'choose which value each keeps' });
  await expect(choices.getByRole('radio', { name: "The draft's: Contact Us (from the studio)" })).toBeVisible();
  await expect(choices.getByRole('radio', { name: "The site's: Contact Us (from the remote)" })).toBeVisible();
  // Nothing was published while the publisher chooses.
  expect(git(studio.remote, 'rev-parse', 'main')).toBe(direct);
  await choices.getByRole('radio', { name: "The site's: Contact Us (from the remote)" }).check();
  await choices.getByRole('button', { name: 'Publish with these choices' }).click();
  await expect(publisher.page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();
  expect(title(studio.remoteFile(CONTACT))).toBe('Contact Us (from the remote)');
  // The direct commit and the author's save are both in the remote's history, and the merge is the publisher's.
  expect(git(studio.remote, 'log', '--format=%an|%P', '-1', 'main').split('|')[0]).toBe('Peter Publisher');
  expect(git(studio.remote, 'log', '--format=%an|%s', 'main^2', '-1')).toBe('Amina Author|Edit /contact');
  expect(git(studio.remote, 'merge-base', '--is-ancestor', direct, 'main')).toBe('');
});

test('a page\'s history shows who changed which field; restoring an older version is a new save in the draft', async () => {
  await open(author.page, '/contact');
  await author.page.getByRole('button', { name: 'History' }).click();
  const history = author.page.getByRole('dialog', { name: 'History of pages-data/contact.json' });
  // The author's first save: the title from Contact Us to Contact Our Nairobi Team.
  const first = history.getByRole('region').filter({ hasText: 'Amina Author' }).filter({ has: author.page.getByRole('row', { name: /^Meta › Title\s*Contact Us\s*→ Contact Our Nairobi Team$/ }) });
  await expect(first).toHaveCount(1);
  // The change pushed to the remote directly is there too, with its author, marked as on the site.
  const direct = history.getByRole('region').filter({ has: author.page.getByRole('row', { name: /→ Contact Us \(from the remote\)$/ }) });
  await expect(direct).toContainText(', Test');
  await expect(direct).toContainText('on the site');
  await first.getByRole('button', { name: 'Restore this version' }).click();
  await expect(author.page.getByRole('main').getByRole('status')).toContainText('Restored the version of');
  await expect(author.page.locator('[data-path="meta.title"]')).toHaveValue('Contact Our Nairobi Team');
  expect(git(draftDir('amina@example.com'), 'log', '--format=%an|%s', '-1')).toMatch(/^Amina Author\|Restore \/contact as it was on .+\(Amina Author's version, [0-9a-f]{7}\)$/);
});

test('a scheduled publish: shown in Nairobi time, published by the server then, and recorded in the draft\'s history', async () => {
  // The draft holds the restore of the test before.
  await publisher.page.getByRole('button', { name: 'Drafts' }).click();
  await publisher.page.getByRole('button', { name: 'Refresh' }).click();
  const draft = publisher.page.getByRole('region', { name: "Amina Author's draft" });
  const at = new Date(Date.now() + 3 * 3_600_000 + 12_000).toISOString().slice(0, 19);
  await draft.getByLabel('Publish at (Nairobi time)').fill(at);
  await draft.getByRole('button', { name: 'Schedule' }).click();
  await expect(publisher.page.getByRole('status').filter({ hasText: 'Scheduled to publish on' })).toBeVisible();
  await expect(draft).toContainText(`Publishes on`);
  const stored = Object.values(JSON.parse(readFileSync(join(studio.data, 'drafts.json'), 'utf8')) as Record<string, { schedule?: { at: string; zone: string } }>).find((d) => d.schedule)!.schedule!;
  expect(stored).toEqual({ at: `${at}+03:00`, zone: 'Africa/Nairobi', by: expect.any(String) });
  await expect.poll(() => title(studio.remoteFile(CONTACT)), { timeout: 60_000 }).toBe('Contact Our Nairobi Team');
  expect(git(studio.remote, 'log', '--format=%an|%s', '-1', 'main')).toMatch(/^Amina Author\|Restore \/contact/);
  await author.page.getByRole('button', { name: 'Drafts' }).click();
  await author.page.getByRole('button', { name: 'Refresh' }).click();
  await expect(author.page.getByRole('region', { name: 'Recent publishes' })).toContainText('as scheduled');
});

test('a publish can be undone: its changes taken back in the publisher\'s draft, field by field, and published', async () => {
  const before = title(git(studio.remote, 'show', 'main^:pages-data/contact.json'));
  await publisher.page.getByRole('button', { name: 'Refresh' }).click();
  const recent = publisher.page.getByRole('region', { name: 'Recent publishes' });
  // The list as it is now: the scheduled publish first.
  await expect(recent.getByRole('row').first()).toContainText("Amina Author's draft, as scheduled");
  publisher.page.once('dialog', (d) => void d.accept());
  await recent.getByRole('row').first().getByRole('button', { name: 'Undo' }).click();
  await expect(publisher.page.getByRole('status').filter({ hasText: 'The publish is undone in your draft' })).toBeVisible();
  // The undo waits in the draft: the site still has the publish, which is not marked undone yet.
  await expect(recent.getByRole('row').first()).not.toContainText('undone');
  expect(git(draftDir('peter@example.com'), 'log', '--format=%an|%s', '-1')).toMatch(/^Peter Publisher\|Undo the publish of /);
  await publisher.page.getByRole('region', { name: "Peter Publisher's draft" }).getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(publisher.page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();
  expect(title(studio.remoteFile(CONTACT))).toBe(before);
  await publisher.page.getByRole('button', { name: 'Refresh' }).click();
  await expect(recent.getByRole('row').nth(1)).toContainText("Amina Author's draft, as scheduled");
  await expect(recent.getByRole('row').nth(1)).toContainText('undone');
});

test('a draft that would break a link once merged with the remote is not published, and the studio says why at file:line', async () => {
  // The author moves a page (the studio rewrites every link to it in the draft)...
  await open(author.page, '/services/soil-testing');
  const moved = await author.page.evaluate(async () => {
    const doc = (await (await fetch('/__studio/api/document?file=services/soil-testing.json')).json()) as { version: string };
    const res = await fetch('/__studio/api/move', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ file: 'services/soil-testing.json', to: '/services/soil-analysis', version: doc.version }) });
    return res.status;
  });
  expect(moved).toBe(200);
  // ...while someone adds a link to its old address on the remote directly.
  const direct = studio.pushDirectly('Water testing: a button to soil testing', (dir) => {
    const file = join(dir, 'pages-data/services/water-testing.json');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('"to": "/contact"', '"to": "/services/soil-testing"'));
  });
  const line = studio.remoteFile('pages-data/services/water-testing.json').split('\n').findIndex((l) => l.includes('"/services/soil-testing"')) + 1;
  await publishDraftOf('Amina Author');
  const refusal = publisher.page.getByRole('alert').filter({ hasText: 'Not published' });
  await expect(refusal).toContainText('the site would have 1 problem with this draft');
  await expect(refusal).toContainText(`pages-data/services/water-testing.json:${line}:`);
  await expect(refusal).toContainText('/services/soil-testing');
  expect(git(studio.remote, 'rev-parse', 'main')).toBe(direct);
  await expect(publisher.page.getByRole('region', { name: "Amina Author's draft" })).toBeVisible();
});

test('a scheduled publish that fails leaves the draft as it was, with the reason, in its history', async () => {
  // The draft of the test before cannot be published (a link to the page it moved).
  const draft = publisher.page.getByRole('region', { name: "Amina Author's draft" });
  const at = new Date(Date.now() + 3 * 3_600_000 + 5_000).toISOString().slice(0, 19);
  await draft.getByLabel('Publish at (Nairobi time)').fill(at);
  await draft.getByRole('button', { name: 'Schedule' }).click();
  await expect(publisher.page.getByRole('status').filter({ hasText: 'Scheduled to publish on' })).toBeVisible();
  const before = git(studio.remote, 'rev-parse', 'main');
  await expect.poll(async () => {
    await publisher.page.getByRole('button', { name: 'Refresh' }).click();
    return draft.getByRole('alert').filter({ hasText: 'The scheduled publish failed' }).count();
  }, { timeout: 60_000 }).toBe(1);
  await expect(draft.getByRole('alert')).toContainText('pages-data/services/water-testing.json:');
  await expect(draft.getByText('History of this draft')).toBeVisible();
  await draft.getByText('History of this draft').click();
  await expect(draft).toContainText('Scheduled publish failed: Not published: the site would have 1 problem');
  expect(git(studio.remote, 'rev-parse', 'main')).toBe(before);
  await expect(draft).toContainText('2 saves');
});
