// People, their roles and their ways to sign in (D20), kept in STUDIO_DATA/accounts.json, and the
// sessions of the signed-in in STUDIO_DATA/sessions.json. Secrets are stored only as hashes: a
// password by argon2id, a one-time link's token and a session id by SHA-256 (both are 256 random bits).
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { oneLine } from './git.ts';
import { JsonStore } from './store.ts';

export const ROLES = ['author', 'publisher', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** What each role may do beyond the one before it. */
export const may = {
  edit: (role: Role) => ROLES.includes(role),
  publish: (role: Role) => role === 'publisher' || role === 'admin',
  managePeople: (role: Role) => role === 'admin',
};

export interface Passkey {
  /** The credential id, base64url. */
  id: string;
  publicKey: string;
  counter: number;
  transports?: string[];
  created: string;
}

export interface Person {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** argon2id */
  password?: string;
  passkeys: Passkey[];
  created: string;
}

interface Invite {
  /** SHA-256 of the link's token. */
  token: string;
  person: string;
  expires: string;
}

interface AccountsFile {
  people: Person[];
  invites: Invite[];
}

interface Session {
  /** SHA-256 of the cookie's value. */
  id: string;
  person: string;
  created: string;
  seen: string;
}

/**
 * The sign-in a one-time link sets up stays valid for a week. A session ends 30 days after the sign-in
 * however much it is used, and sooner after 7 days unused.
 */
const INVITE_DAYS = 7;
export const SESSION_DAYS = 30;
export const IDLE_DAYS = 7;
export const DAY = 86_400_000;
const alive = (s: Session, now = Date.now()) => Date.parse(s.created) > now - SESSION_DAYS * DAY && Date.parse(s.seen) > now - IDLE_DAYS * DAY;

export const PASSWORD_MIN = 10;
/** The common passwords long enough to pass PASSWORD_MIN (zxcvbn-ts's list of the 49,000 most used), which attackers try first. */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN));
export const NAME_MAX = 100;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const token = () => randomBytes(32).toString('base64url');
export const normalEmail = (email: string) => email.trim().toLowerCase();
export const emailProblem = (email: string) =>
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 200 ? undefined : `"${email}" is not an e-mail address`;

/** A hash that takes as long to check as a real one: a wrong address costs what a wrong password does. */
let decoy: Promise<string> | undefined;

export class Accounts {
  private readonly accounts: JsonStore<AccountsFile>;
  private readonly sessions: JsonStore<{ sessions: Session[] }>;

  constructor(dataDir: string) {
    this.accounts = new JsonStore(join(dataDir, 'accounts.json'), () => ({ people: [], invites: [] }));
    this.sessions = new JsonStore(join(dataDir, 'sessions.json'), () => ({ sessions: [] }));
  }

  people(): Person[] {
    return this.accounts.read().people;
  }

  person(id: string): Person | undefined {
    return this.people().find((p) => p.id === id);
  }

  byEmail(email: string): Person | undefined {
    return this.people().find((p) => p.email === normalEmail(email));
  }

  /** A new person and the token of their one-time link. */
  async add(email: string, role: Role, name = ''): Promise<{ person: Person; token: string }> {
    const address = normalEmail(email);
    const wrong = emailProblem(address);
    if (wrong) throw new AccountError(400, wrong);
    if (!ROLES.includes(role)) throw new AccountError(400, `"${role}" is not a role: ${ROLES.join(', ')}`);
    const secret = token();
    const person = await this.accounts.update((a) => {
      if (a.people.some((p) => p.email === address)) throw new AccountError(409, `${address} has an account already`);
      const person: Person = { id: randomBytes(6).toString('hex'), email: address, name: personName(name), role, passkeys: [], created: new Date().toISOString() };
      a.people.push(person);
      a.invites.push({ token: sha256(secret), person: person.id, expires: new Date(Date.now() + INVITE_DAYS * DAY).toISOString() });
      return person;
    });
    return { person, token: secret };
  }

  /** A new one-time link for someone who has an account (a forgotten password); earlier links of theirs stop working. */
  async newLink(id: string): Promise<string> {
    const secret = token();
    await this.accounts.update((a) => {
      if (!a.people.some((p) => p.id === id)) throw new AccountError(404, 'no such person');
      a.invites = a.invites.filter((i) => i.person !== id);
      a.invites.push({ token: sha256(secret), person: id, expires: new Date(Date.now() + INVITE_DAYS * DAY).toISOString() });
    });
    return secret;
  }

  /** The person a one-time link is for, while it is valid. */
  invited(secret: string): Person | undefined {
    const now = Date.now();
    const invite = this.accounts.read().invites.find((i) => i.token === sha256(secret) && Date.parse(i.expires) > now);
    return invite && this.person(invite.person);
  }

  /**
   * Uses up a one-time link, setting what the person chose (a password, a passkey, their name). Every
   * session of theirs from before ends: a new link is how a lost or stolen sign-in is replaced.
   */
  async redeem(secret: string, change: (person: Person) => void): Promise<Person> {
    const person = this.invited(secret);
    if (!person) throw new AccountError(410, 'this link has been used or has expired: ask an admin for a new one');
    const redeemed = await this.accounts.update((a) => {
      const index = a.invites.findIndex((i) => i.token === sha256(secret));
      const p = a.people.find((x) => x.id === person.id);
      if (index < 0 || !p) throw new AccountError(410, 'this link has been used or has expired: ask an admin for a new one');
      a.invites.splice(index, 1);
      change(p);
      return structuredClone(p);
    });
    await this.endSessions(redeemed.id);
    return redeemed;
  }

  async change(id: string, change: (person: Person) => void): Promise<Person> {
    return this.accounts.update((a) => {
      const p = a.people.find((x) => x.id === id);
      if (!p) throw new AccountError(404, 'no such person');
      change(p);
      return structuredClone(p);
    });
  }

  /** A person's role changed: their sessions end at once. */
  async setRole(id: string, role: Role): Promise<void> {
    if (!ROLES.includes(role)) throw new AccountError(400, `"${role}" is not a role: ${ROLES.join(', ')}`);
    await this.accounts.update((a) => {
      const p = a.people.find((x) => x.id === id);
      if (!p) throw new AccountError(404, 'no such person');
      if (p.role === 'admin' && role !== 'admin' && a.people.filter((x) => x.role === 'admin').length === 1) {
        throw new AccountError(409, 'this is the last admin: make someone else an admin first');
      }
      p.role = role;
    });
    await this.endSessions(id);
  }

  /** A person removed, with their links and sessions. */
  async remove(id: string): Promise<void> {
    await this.accounts.update((a) => {
      const p = a.people.find((x) => x.id === id);
      if (!p) throw new AccountError(404, 'no such person');
      if (p.role === 'admin' && a.people.filter((x) => x.role === 'admin').length === 1) throw new AccountError(409, 'this is the last admin: make someone else an admin first');
      a.people = a.people.filter((x) => x.id !== id);
      a.invites = a.invites.filter((i) => i.person !== id);
    });
    await this.endSessions(id);
  }

  /** The person with this e-mail address and password; undefined for a wrong address or a wrong password alike, in about the same time. */
  async checkPassword(email: string, password: string): Promise<Person | undefined> {
    const person = this.byEmail(email);
    if (!person?.password) {
      await verify((await (decoy ??= hash(token()))), password).catch(() => false);
      return undefined;
    }
    return (await verify(person.password, password).catch(() => false)) ? person : undefined;
  }

  static async hashPassword(password: string): Promise<string> {
    if (password.length < PASSWORD_MIN) throw new AccountError(400, `A password needs at least ${PASSWORD_MIN} characters.`);
    if (password.length > 1000) throw new AccountError(400, 'A password of more than 1,000 characters is not taken.');
    if (COMMON_PASSWORDS.has(password.toLowerCase())) throw new AccountError(400, 'This password is one of the most common ones, which are tried first by anyone guessing: choose another (a few unrelated words make a good one).');
    return hash(password);
  }

  // ---- sessions ----

  /** A new session: answers the cookie's value. */
  async startSession(person: string): Promise<string> {
    const secret = token();
    const now = new Date().toISOString();
    await this.sessions.update((s) => {
      s.sessions = s.sessions.filter((x) => alive(x));
      s.sessions.push({ id: sha256(secret), person, created: now, seen: now });
    });
    return secret;
  }

  /** The person signed in with this cookie value, if the session is alive and the person still exists. */
  async session(secret: string | undefined): Promise<Person | undefined> {
    if (!secret) return undefined;
    const id = sha256(secret);
    const found = this.sessions.read().sessions.find((x) => x.id === id);
    if (!found || !alive(found)) return undefined;
    const person = this.person(found.person);
    if (!person) return undefined;
    // The last use, noted at most once an hour (not a write per request).
    if (Date.parse(found.seen) < Date.now() - 3_600_000) {
      await this.sessions.update((s) => {
        const x = s.sessions.find((y) => y.id === id);
        if (x) x.seen = new Date().toISOString();
      });
    }
    return person;
  }

  async endSession(secret: string): Promise<void> {
    const id = sha256(secret);
    await this.sessions.update((s) => void (s.sessions = s.sessions.filter((x) => x.id !== id)));
  }

  async endSessions(person: string): Promise<void> {
    await this.sessions.update((s) => void (s.sessions = s.sessions.filter((x) => x.person !== person)));
  }
}

export class AccountError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A person's name as it is kept (it signs their commits): one line, of at most NAME_MAX characters. */
export function personName(name: unknown): string {
  const kept = typeof name === 'string' ? oneLine(name) : '';
  if (kept.length > NAME_MAX) throw new AccountError(400, `A name of at most ${NAME_MAX} characters, please (this one has ${kept.length}).`);
  return kept;
}

/** What the studio's page is told of a person (never a hash). */
export const publicPerson = (p: Person) => ({ id: p.id, email: p.email, name: p.name, role: p.role, password: Boolean(p.password), passkeys: p.passkeys.length, created: p.created });
