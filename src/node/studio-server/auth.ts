// Signing in and managing people (D20): a password (argon2id) or a passkey (WebAuthn, with
// @simplewebauthn/server), one-time links to set either up, sign-in attempts limited per account and
// per address, and an admin's view of people (invite, change role, remove: sessions end at once).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AccountError, Accounts, may, type Person, personName, publicPerson, type Role } from './accounts.ts';
import { Refused, text } from './http.ts';

/** Five attempts per account, twenty per address, in 15 minutes (a right password starts the account afresh); then that account or address waits. */
const LIMIT_WINDOW = 15 * 60;
export const LIMITS = { account: 5, address: 20 };

interface Ticket {
  challenge: string;
  /** What the ceremony is for: setting up a passkey (by link or signed in), or signing in. */
  purpose: 'register' | 'sign-in';
  person?: string;
  token?: string;
  expires: number;
}

/** How long a passkey ceremony may take, and how many may be under way at once (anyone may start one). */
export const TICKET_MS = 5 * 60_000;
export const MAX_TICKETS = 1000;

/**
 * The passkey ceremonies under way. All live the same time, so the order they were made in is the
 * order they expire in: the expired are dropped from the front as new ones come, and past the cap the
 * oldest goes. Each call does constant work on average, however many are asked for.
 */
export class Tickets {
  private readonly held = new Map<string, Ticket>();

  get size(): number {
    return this.held.size;
  }

  add(t: Omit<Ticket, 'expires'>): string {
    const now = Date.now();
    for (const [id, old] of this.held) {
      if (old.expires > now && this.held.size < MAX_TICKETS) break;
      this.held.delete(id);
    }
    const id = randomBytes(16).toString('base64url');
    this.held.set(id, { ...t, expires: now + TICKET_MS });
    return id;
  }

  /** The ticket, used up; undefined when there is none or it has expired. */
  take(id: string): Ticket | undefined {
    const t = this.held.get(id);
    this.held.delete(id);
    return t && t.expires > Date.now() ? t : undefined;
  }
}

export class Auth {
  private readonly byAccount = new RateLimiterMemory({ points: LIMITS.account, duration: LIMIT_WINDOW });
  private readonly byAddress = new RateLimiterMemory({ points: LIMITS.address, duration: LIMIT_WINDOW });
  readonly tickets = new Tickets();

  constructor(
    readonly accounts: Accounts,
    /** The studio's origin: passkeys are bound to its host name. */
    private readonly origin: string,
  ) {}

  private get rpID() {
    return new URL(this.origin).hostname;
  }

  /** The answer to a wrong address and to a wrong password alike. */
  private static readonly WRONG = 'The e-mail address or the password is wrong.';

  /**
   * Counts the attempt before the password is checked, so that attempts made at once are counted as
   * they arrive, not after their checks: past the limit of the account or of the address, refused.
   */
  private async counted(email: string, address: string): Promise<void> {
    const refused = (await Promise.allSettled([this.byAccount.consume(email), this.byAddress.consume(address)])).filter((r) => r.status === 'rejected');
    if (refused.length > 0) {
      const wait = Math.max(...refused.map((r) => (r.reason instanceof RateLimiterRes ? r.reason.msBeforeNext : LIMIT_WINDOW * 1000)));
      throw new Refused(429, `Too many sign-in attempts. Try again in ${Math.ceil(wait / 60_000)} minute${wait > 60_000 ? 's' : ''}, or sign in with a passkey.`);
    }
  }

  async signIn(body: Record<string, unknown>, address: string): Promise<Person> {
    const email = text(body, 'email', 200).trim().toLowerCase();
    const password = text(body, 'password', 1000);
    await this.counted(email, address);
    const person = await this.accounts.checkPassword(email, password);
    if (!person) throw new Refused(401, Auth.WRONG);
    // A right password: the account starts afresh, and the address gets its attempt back.
    await Promise.all([this.byAccount.delete(email), this.byAddress.reward(address)]);
    return person;
  }

  // ---- one-time links ----

  /** What the setup page shows for a link. */
  link(token: string) {
    const person = this.accounts.invited(token);
    if (!person) throw new Refused(410, 'This link has been used or has expired. Ask an admin for a new one.');
    return { email: person.email, name: person.name };
  }

  async setPassword(body: Record<string, unknown>): Promise<Person> {
    const token = text(body, 'token', 200);
    this.link(token);
    const name = personName(body.name);
    const hash = await Accounts.hashPassword(text(body, 'password', 1000)).catch(rethrow);
    return this.accounts.redeem(token, (p) => {
      p.password = hash;
      if (name) p.name = name;
    }).catch(rethrow);
  }

  // ---- passkeys ----

  private ticket(t: Omit<Ticket, 'expires'>): string {
    return this.tickets.add(t);
  }

  private take(id: unknown, purpose: Ticket['purpose']): Ticket {
    const t = typeof id === 'string' ? this.tickets.take(id) : undefined;
    if (!t || t.purpose !== purpose) throw new Refused(400, 'The passkey request expired: try again.');
    return t;
  }

  /** Options to make a passkey: for the person a one-time link is for, or for the signed-in person. */
  async registrationOptions(body: Record<string, unknown>, signedIn: Person | undefined) {
    const token = typeof body.token === 'string' ? body.token : undefined;
    const person = token ? this.accounts.invited(token) : signedIn;
    if (!person) throw new Refused(token ? 410 : 401, token ? 'This link has been used or has expired. Ask an admin for a new one.' : 'Sign in first.');
    const options = await generateRegistrationOptions({
      rpName: 'Studio',
      rpID: this.rpID,
      userName: person.email,
      userDisplayName: person.name || person.email,
      userID: new TextEncoder().encode(person.id),
      attestationType: 'none',
      excludeCredentials: person.passkeys.map((k) => ({ id: k.id, ...(k.transports && { transports: k.transports }) })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    return { options, ticket: this.ticket({ challenge: options.challenge, purpose: 'register', person: person.id, ...(token && { token }) }) };
  }

  /** A passkey made: `linked` when through a one-time link, which ends the person's other sessions (a new one starts). */
  async register(body: Record<string, unknown>, signedIn: Person | undefined): Promise<{ person: Person; linked: boolean }> {
    const t = this.take(body.ticket, 'register');
    if (!t.token && signedIn?.id !== t.person) throw new Refused(401, 'Sign in first.');
    const name = personName(body.name);
    const verified = await verifyRegistrationResponse({
      response: body.response as RegistrationResponseJSON,
      expectedChallenge: t.challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpID,
    }).catch((err: Error) => {
      throw new Refused(400, `The passkey could not be checked: ${err.message}`);
    });
    if (!verified.verified) throw new Refused(400, 'The passkey could not be checked.');
    const { credential } = verified.registrationInfo;
    const add = (p: Person) => {
      p.passkeys.push({
        id: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        ...(credential.transports && { transports: credential.transports }),
        created: new Date().toISOString(),
      });
      if (name) p.name = name;
    };
    const person = await (t.token ? this.accounts.redeem(t.token, add) : this.accounts.change(t.person!, add)).catch(rethrow);
    return { person, linked: Boolean(t.token) };
  }

  /** Options to sign in with a passkey: any passkey of this studio (the browser offers the person's own). */
  async authenticationOptions() {
    const options = await generateAuthenticationOptions({ rpID: this.rpID, userVerification: 'preferred' });
    return { options, ticket: this.ticket({ challenge: options.challenge, purpose: 'sign-in' }) };
  }

  async signInWithPasskey(body: Record<string, unknown>): Promise<Person> {
    const t = this.take(body.ticket, 'sign-in');
    const response = body.response as AuthenticationResponseJSON | undefined;
    const person = this.accounts.people().find((p) => p.passkeys.some((k) => k.id === response?.id));
    const key = person?.passkeys.find((k) => k.id === response?.id);
    if (!person || !key) throw new Refused(401, 'This passkey is not one of the studio\'s: sign in with your password, or ask an admin for a new link.');
    const verified = await verifyAuthenticationResponse({
      response: response!,
      expectedChallenge: t.challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpID,
      credential: { id: key.id, publicKey: Buffer.from(key.publicKey, 'base64url'), counter: key.counter, ...(key.transports && { transports: key.transports }) },
    }).catch((err: Error) => {
      throw new Refused(401, `The passkey could not be checked: ${err.message}`);
    });
    if (!verified.verified) throw new Refused(401, 'The passkey could not be checked.');
    await this.accounts.change(person.id, (p) => {
      const k = p.passkeys.find((x) => x.id === key.id);
      if (k) k.counter = verified.authenticationInfo.newCounter;
    });
    return person;
  }

  // ---- people (admins) ----

  people() {
    return this.accounts.people().map(publicPerson);
  }

  /** Invites someone: answers the one-time link's token, for the admin to pass on. */
  async invitePerson(body: Record<string, unknown>) {
    const role = text(body, 'role', 20) as Role;
    const { person, token } = await this.accounts.add(text(body, 'email', 200), role, typeof body.name === 'string' ? body.name : '').catch(rethrow);
    return { person: publicPerson(person), token };
  }
}

export function rethrow(err: unknown): never {
  if (err instanceof AccountError) throw new Refused(err.status, err.message);
  throw err;
}

/** The client's address, for the per-address limit: the proxy's X-Real-IP when the request comes through one on this machine. */
export function addressOf(req: IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? '';
  const local = peer === '127.0.0.1' || peer === '::1' || peer === '::ffff:127.0.0.1';
  const forwarded = req.headers['x-real-ip'];
  return local && typeof forwarded === 'string' && forwarded ? forwarded : peer;
}

export function needRole(person: Person, what: keyof typeof may): void {
  if (!may[what](person.role)) {
    const why = { edit: 'edit', publish: 'publish (a publisher or an admin does)', managePeople: 'manage people (an admin does)' }[what];
    throw new Refused(403, `Your role (${person.role}) may not ${why}.`);
  }
}
