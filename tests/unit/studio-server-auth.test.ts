// Signing in to the studio server under attack (issue 52, items 1 and 2): attempts made at once are
// counted as they arrive, before any password is checked, and the passkey ceremonies anyone may start
// are held in a bounded number for a bounded time; sessions end on a reset by link and have a
// lifetime (items 5 and 11). In-process, over a data folder in a temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Accounts, DAY, IDLE_DAYS, SESSION_DAYS } from '../../src/node/studio-server/accounts';
import { Auth, LIMITS, MAX_TICKETS, TICKET_MS } from '../../src/node/studio-server/auth';
import { Refused } from '../../src/node/studio-server/http';

const PASSWORD = 'correct horse battery';
let data = '';
let accounts: Accounts;
let auth: Auth;

beforeEach(async () => {
  data = mkdtempSync(join(tmpdir(), 'studio-auth-'));
  accounts = new Accounts(data);
  const { token } = await accounts.add('ada@example.com', 'admin', 'Ada');
  auth = new Auth(accounts, 'http://localhost:4180');
  await auth.setPassword({ token, password: PASSWORD });
});

afterEach(() => {
  vi.useRealTimers();
  rmSync(data, { recursive: true, force: true });
});

/** Sign-ins sent all at once: the status each one got, in the order they were sent. */
async function atOnce(tries: { email: string; password: string }[], address = '203.0.113.7') {
  const results = await Promise.allSettled(tries.map((t) => auth.signIn(t, address)));
  return results.map((r) => (r.status === 'fulfilled' ? 200 : r.reason instanceof Refused ? r.reason.status : 500));
}

describe('sign-in attempts sent at once', () => {
  it('200 guesses at one account: only the first five passwords are checked, the rest wait', async () => {
    const checked = vi.spyOn(accounts, 'checkPassword');
    const statuses = await atOnce(Array.from({ length: 200 }, (_, i) => ({ email: 'ada@example.com', password: `guess number ${i}` })));
    expect(checked).toHaveBeenCalledTimes(LIMITS.account);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMITS.account);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - LIMITS.account);
  });

  it('39 wrong passwords and the right one last: the right one is refused too, and nobody is signed in', async () => {
    const statuses = await atOnce([...Array.from({ length: 39 }, (_, i) => ({ email: 'ada@example.com', password: `wrong ${i}` })), { email: 'ada@example.com', password: PASSWORD }]);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses).not.toContain(200);
  });

  it('guesses at many accounts from one address: no more than twenty passwords are checked', async () => {
    const checked = vi.spyOn(accounts, 'checkPassword');
    const statuses = await atOnce(Array.from({ length: 60 }, (_, i) => ({ email: `person${i}@example.com`, password: 'a guessed password' })));
    expect(checked).toHaveBeenCalledTimes(LIMITS.address);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - LIMITS.address);
  });

  it('a right password signs in and gives the address its attempt back', async () => {
    for (let i = 0; i < LIMITS.address + 5; i++) expect(await atOnce([{ email: 'ada@example.com', password: PASSWORD }])).toEqual([200]);
  });
});

describe('passkey sign-in options asked for without an account', () => {
  it('hold at most MAX_TICKETS ceremonies: past it the oldest goes, the newest still works', async () => {
    const tickets: string[] = [];
    for (let i = 0; i < MAX_TICKETS + 300; i++) tickets.push((await auth.authenticationOptions()).ticket);
    expect(auth.tickets.size).toBe(MAX_TICKETS);
    expect(auth.tickets.take(tickets[0]!)).toBeUndefined();
    expect(auth.tickets.take(tickets.at(-1)!)).toMatchObject({ purpose: 'sign-in' });
  });

  it('expire after TICKET_MS, and the expired are dropped as the next is asked for', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = (await auth.authenticationOptions()).ticket;
    for (let i = 0; i < 99; i++) await auth.authenticationOptions();
    expect(auth.tickets.size).toBe(100);
    vi.setSystemTime(Date.now() + TICKET_MS + 1);
    const fresh = (await auth.authenticationOptions()).ticket;
    expect(auth.tickets.size).toBe(1);
    expect(auth.tickets.take(first)).toBeUndefined();
    expect(auth.tickets.take(fresh)).toBeDefined();
  });
});

describe('sessions', () => {
  it('end when the person sets a new password through a new link (a reset), on every device', async () => {
    const ada = accounts.byEmail('ada@example.com')!;
    const [phone, laptop] = [await accounts.startSession(ada.id), await accounts.startSession(ada.id)];
    expect(await accounts.session(phone)).toMatchObject({ id: ada.id });
    await auth.setPassword({ token: await accounts.newLink(ada.id), password: 'a brand new passphrase' });
    expect(await accounts.session(phone)).toBeUndefined();
    expect(await accounts.session(laptop)).toBeUndefined();
  });

  it('end SESSION_DAYS after the sign-in however often they are used, and after IDLE_DAYS unused', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ada = accounts.byEmail('ada@example.com')!;
    const used = await accounts.startSession(ada.id);
    const idle = await accounts.startSession(ada.id);
    const days: number[] = [];
    for (let day = 1; day <= SESSION_DAYS + 1; day++) {
      vi.setSystemTime(Date.now() + DAY);
      if (await accounts.session(used)) days.push(day);
    }
    expect(days).toEqual(Array.from({ length: SESSION_DAYS - 1 }, (_, i) => i + 1));
    expect(await accounts.session(idle)).toBeUndefined();
    const fresh = await accounts.startSession(ada.id);
    vi.setSystemTime(Date.now() + (IDLE_DAYS - 1) * DAY);
    expect(await accounts.session(fresh)).toBeDefined();
    vi.setSystemTime(Date.now() + IDLE_DAYS * DAY);
    expect(await accounts.session(fresh)).toBeUndefined();
  });
});
