// `npm run studio`: accounts and signing in (issue 39, items 2 and 10), over a bare repository in a
// temporary folder. Passkeys with Chromium's virtual authenticator (CDP WebAuthn).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { newPerson, signUp, startStudioServer, type StudioServer } from '../support/studio-server';

test.describe.configure({ mode: 'serial' });

let studio: StudioServer;
let adminLink: string;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(300_000); // the first start builds the studio's code: this only catches a hang
  studio = await startStudioServer();
  adminLink = studio.addUser('ada@example.com', 'admin', 'Ada Admin');
});

test.afterAll(async () => {
  await studio?.stop();
});

test.beforeEach(({}, testInfo) => testInfo.setTimeout(90_000));

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${studio.url}/__studio`);
  await page.waitForURL(/\/__studio\/sign-in/);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('the first admin sets a password through the link that user add printed; the link works once; a session cookie is HttpOnly and SameSite=Strict', async ({ browser }) => {
  expect(adminLink).toMatch(/^http:\/\/localhost:\d+\/__studio\/setup\?token=/);
  const { context, page } = await signUp(browser, adminLink, 'correct horse battery');
  await expect(page.getByText('Ada Admin (admin)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'People' })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'studio_session')!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: false });
  // Used once: the same link now says so.
  await page.goto(adminLink);
  await expect(page.getByRole('alert')).toContainText('has been used or has expired');
  await context.close();
});

test('a wrong address and a wrong password get the same answer; after five wrong attempts the account waits, even with the right password', async ({ page }) => {
  await page.goto(`${studio.url}/__studio/sign-in`);
  /** One attempt: the server's answer, as the page shows it. */
  const attempt = async (email: string, password: string) => {
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    const answered = page.waitForResponse((r) => r.url().endsWith('/__studio/server/sign-in'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const res = await answered;
    await expect(page.getByRole('alert')).toHaveText(((await res.json()) as { error: string }).error);
    return { status: res.status(), text: await page.getByRole('alert').textContent() };
  };
  const wrongAddress = await attempt('nobody@example.com', 'correct horse battery');
  expect(wrongAddress).toEqual({ status: 401, text: 'The e-mail address or the password is wrong.' });
  for (let i = 0; i < 5; i++) expect(await attempt('ada@example.com', `not the password ${i}`)).toEqual(wrongAddress);
  // The sixth, with the right password, is refused too while the account waits.
  const limited = await attempt('ada@example.com', 'correct horse battery');
  expect(limited.status).toBe(429);
  expect(limited.text).toMatch(/^Too many sign-in attempts\. Try again in 15 minutes/);
  await expect(page).toHaveURL(/sign-in/);
});

test('an admin invites a person, who makes a passkey through the link and later signs in with it (virtual authenticator)', async ({ browser }) => {
  const admin = await signUp(browser, studio.addUser('grace@example.com', 'admin', 'Grace'), 'another long password');
  await admin.page.getByRole('button', { name: 'People' }).click();
  const invite = admin.page.getByRole('form', { name: 'Invite someone' });
  await invite.getByLabel('Email').fill('pat@example.com');
  await invite.getByLabel('Name', { exact: true }).fill('Pat Passkey');
  await invite.getByRole('button', { name: 'Invite' }).click();
  const link = await admin.page.getByTestId('one-time-link').textContent();
  expect(link).toMatch(/\/__studio\/setup\?token=/);
  await expect(admin.page.getByRole('row', { name: /pat@example\.com/ })).toContainText('not set up yet');

  const { context, page } = await newPerson(browser);
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await page.goto(link!);
  await expect(page.getByLabel('Your name')).toHaveValue('Pat Passkey');
  await page.getByRole('button', { name: 'Make a passkey instead' }).click();
  await expect(page.getByText('Pat Passkey (author)')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/sign-in/);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('Pat Passkey (author)')).toBeVisible();
  // An author sees no People view.
  await expect(page.getByRole('button', { name: 'People' })).toHaveCount(0);

  await admin.page.reload();
  await admin.page.getByRole('button', { name: 'People' }).click();
  await expect(admin.page.getByRole('row', { name: /pat@example\.com/ })).toContainText('1 passkey');
  await context.close();
  await admin.context.close();
});

test('a request that changes something from another origin is refused, signed in or not', async ({ browser }) => {
  const { context, page } = await signUp(browser, studio.addUser('olu@example.com', 'publisher', 'Olu'));
  const cross = await context.request.post(`${studio.url}/__studio/api/create`, { headers: { Origin: 'http://evil.example', 'Content-Type': 'application/json' }, data: { route: '/services/evil' } });
  expect(cross.status()).toBe(403);
  const crossServer = await context.request.post(`${studio.url}/__studio/server/people/invite`, { headers: { Origin: 'http://evil.example', 'Content-Type': 'application/json' }, data: { email: 'x@evil.example', role: 'admin' } });
  expect(crossServer.status()).toBe(403);
  // A form another site posts (no Origin the studio knows, a type a form can send) changes nothing either.
  const form = await context.request.post(`${studio.url}/__studio/server/sign-out`, { headers: { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/x-www-form-urlencoded' }, data: 'x=1' });
  expect(form.status()).toBe(403);
  // The same request from the studio's own page is accepted: the session was not ended by the forged sign-out.
  await page.reload();
  await expect(page.getByText('Olu (publisher)')).toBeVisible();
  await context.close();
});

test('a person removed, or whose role changes, is signed out at once', async ({ browser }) => {
  const admin = await signUp(browser, studio.addUser('root@example.com', 'admin', 'Root'));
  const author = await signUp(browser, studio.addUser('sam@example.com', 'author', 'Sam'));
  const publisher = await signUp(browser, studio.addUser('lee@example.com', 'author', 'Lee'));
  await admin.page.getByRole('button', { name: 'People' }).click();

  await admin.page.getByRole('combobox', { name: 'Role of lee@example.com' }).click();
  await admin.page.getByRole('option', { name: 'publisher' }).click();
  await expect(admin.page.getByRole('status').filter({ hasText: '@' })).toContainText('lee@example.com is now publisher');
  await publisher.page.reload();
  await publisher.page.waitForURL(/sign-in/);

  admin.page.once('dialog', (d) => void d.accept());
  await admin.page.getByRole('row', { name: /sam@example\.com/ }).getByRole('button', { name: 'Remove' }).click();
  await expect(admin.page.getByRole('status').filter({ hasText: '@' })).toContainText('sam@example.com is removed');
  const api = await author.context.request.get(`${studio.url}/__studio/api/documents`);
  expect(api.status()).toBe(401);
  await author.page.reload();
  await author.page.waitForURL(/sign-in/);
  for (const p of [admin, author, publisher]) await p.context.close();
});

test('an upload is checked as under npm run dev, stored in the author\'s draft as a commit of its own, and served to the preview from the draft only', async ({ browser }) => {
  const { default: sharp } = await import('sharp');
  const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#2a6f97' } }).png().toBuffer();
  const { context, page } = await signUp(browser, studio.addUser('uma@example.com', 'author', 'Uma Uploader'));
  const upload = (bytes: number[], name: string) =>
    page.evaluate(async ({ bytes, name }) => {
      const res = await fetch(`/__studio/api/upload?for=contact.json&name=${name}`, { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: new Uint8Array(bytes) });
      return { status: res.status, body: (await res.json()) as { src?: string; commit?: string; error?: string } };
    }, { bytes, name });
  const stored = await upload([...png], 'photo.png');
  expect(stored.status).toBe(200);
  expect(stored.body.src).toMatch(/^\/images\/uploads\/contact-[0-9a-f]{10}\.png$/);
  expect(stored.body.commit).toMatch(/^[0-9a-f]{40}$/);
  const picture = await context.request.get(`${studio.url}${stored.body.src}`);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/png');
  // Not a picture: refused, saying why, and nothing committed.
  const refused = await upload([...Buffer.from('<html>not a picture</html>')], 'page.png');
  expect(refused.status).toBe(415);
  expect(refused.body.error).toContain('is not a picture');
  // Another person's draft does not have it.
  const other = await signUp(browser, studio.addUser('vic@example.com', 'author', 'Vic'));
  expect((await other.context.request.get(`${studio.url}${stored.body.src}`)).status()).toBe(404);
  await other.context.close();
  await context.close();
});
