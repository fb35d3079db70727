// `npm run studio`: the studio as a server for the company's staff (issue 39). It serves the studio's
// code built ahead (vite.studio.config.ts, no Vite dev server), signs people in, gives each their own
// draft of the site (a branch of the clone, src/node/studio-server/repo.ts) behind the same endpoints
// as the studio of `npm run dev`, and publishes drafts to the remote.
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, relative, resolve } from 'node:path';
import { openRegularFile } from '../content/files.ts';
import { contentFiles } from '../content/read.ts';
import { STUDIO_PAGES } from '../studio/plugin.ts';
import { clearUploads } from '../studio/import.ts';
import { abandoned, FAILED, Refusal } from '../studio/refusal.ts';
import { TYPES } from '../serve/serve.ts';
import { AccountError, Accounts, may, type Person, publicPerson, ROLES, type Role } from './accounts.ts';
import { addressOf, Auth, needRole, rethrow } from './auth.ts';
import type { StudioConfig } from './config.ts';
import { Drafts } from './drafts.ts';
import { History } from './history.ts';
import { type Caller, checkOrigin, cookies, jsonBody, Refused, SESSION_COOKIE, sendJson, sessionCookie, text } from './http.ts';
import { type Choices, Publisher } from './publish.ts';
import { Repo } from './repo.ts';
import { Scheduler } from './schedule.ts';
import { LiveSite } from './live.ts';
import { importsDir, Workspaces } from './workspace.ts';

/** Where `npm run studio` finds the studio's built code (vite.studio.config.ts writes it). */
export const STUDIO_BUILD = resolve(import.meta.dirname, '../../../dist-studio');

const SECURITY_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; img-src 'self' data: blob: https:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-src 'self' https:; frame-ancestors 'self'; base-uri 'none'; form-action 'self'; object-src 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'SAMEORIGIN',
};

/** Who has which document open (issue 39, item 5): by session, forgotten after a minute without a sign. */
const PRESENCE_MS = 60_000;

export interface Studio {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** The studio's pages as `npm run studio` built them. */
const builtPage = (name: keyof typeof STUDIO_PAGES) => readFileSync(join(STUDIO_BUILD, STUDIO_PAGES[name]), 'utf8');

/** `page` gives the studio's pages (the built ones; tests of the API alone give their own). */
export async function startStudio(config: StudioConfig, log: (line: string) => void = console.log, page = builtPage): Promise<Studio> {
  if (page === builtPage && !existsSync(join(STUDIO_BUILD, STUDIO_PAGES.app))) throw new Error(`the studio's code is not built (${STUDIO_BUILD}): run npm run studio, which builds it first`);
  const accounts = new Accounts(config.data);
  clearUploads(importsDir(config.data));
  const repo = new Repo(config);
  await repo.fetch();
  const workspaces = new Workspaces(repo, accounts, async (url) => page(url.startsWith('/__studio/preview') ? 'preview' : 'app'));
  const publisher = new Publisher(repo);
  const drafts = new Drafts(repo, accounts);
  const history = new History(repo, drafts);
  const live = new LiveSite(config, repo, publisher, log);
  const scheduler = new Scheduler(config, accounts, drafts, (owner, by) => publishDraft(owner, by, {}, true), log);
  const presence = new Map<string, { file: string; person: string; at: number }>();
  let origin = new URL(config.url).origin;
  let auth = new Auth(accounts, origin);
  const secure = origin.startsWith('https:');

  /** A draft published: recorded, the draft's history told, other drafts brought along, the site rebuilt where the studio builds it. */
  async function publishDraft(owner: Person, by: Person, choices: Choices, scheduled = false) {
    const result = await publisher.publish(owner, by, choices, scheduled ? `Publish ${owner.name || owner.email}'s draft as scheduled` : undefined);
    if (result.outcome !== 'published') return result;
    const id = randomBytes(6).toString('hex');
    await drafts.record({ id, owner: owner.id, by: by.id, at: new Date().toISOString(), before: result.before, after: result.commit, files: result.files, how: result.how, ...(scheduled && { scheduled }) }, result.commits);
    await drafts.event(owner.id, `${scheduled ? 'Published as scheduled' : `Published by ${by.name || by.email}`} (${result.commits.length} save${result.commits.length === 1 ? '' : 's'}, ${result.commit.slice(0, 7)})${result.notice ? `. ${result.notice}` : ''}`, by.id, (m) => {
      delete m.schedule;
      delete m.failure;
    });
    live.published(result.commit);
    for (const { person } of await repo.draftHeads()) if (person !== owner.id) void repo.inDraft(person, () => repo.follow(person)).catch(() => undefined);
    return { ...result, id };
  }

  async function caller(req: IncomingMessage): Promise<Caller | undefined> {
    const session = cookies(req).get(SESSION_COOKIE);
    const person = await accounts.session(session);
    return person && session ? { person, session } : undefined;
  }

  async function signedIn(res: ServerResponse, person: Person, status = 200) {
    const session = await accounts.startSession(person.id);
    sendJson(res, status, { person: publicPerson(person) }, { 'Set-Cookie': sessionCookie(session, secure) });
  }

  /** The server's own API: /__studio/server/<name>. */
  async function serverApi(req: IncomingMessage, res: ServerResponse, name: string, url: URL): Promise<void> {
    const who = await caller(req);
    const must = (): Person => {
      if (!who) throw new Refused(401, 'Sign in first.');
      return who.person;
    };
    if (req.method === 'GET') {
      switch (name) {
        case 'me': {
          const p = must();
          return sendJson(res, 200, { person: publicPerson(p), may: { publish: may.publish(p.role), managePeople: may.managePeople(p.role) }, site: { remote: config.remote, branch: config.branch }, roles: ROLES });
        }
        case 'setup':
          return sendJson(res, 200, auth.link(url.searchParams.get('token') ?? ''));
        case 'people':
          needRole(must(), 'managePeople');
          return sendJson(res, 200, auth.people());
        case 'drafts':
          must();
          return sendJson(res, 200, { drafts: await drafts.list(), publishes: drafts.publishes.read().publishes.slice(-20).reverse().map((p) => ({ ...p, by: accounts.person(p.by)?.name || accounts.person(p.by)?.email || 'someone removed since', owner: accounts.person(p.owner)?.name || accounts.person(p.owner)?.email || 'someone removed since' })), live: live.state() });
        case 'history': {
          const p = must();
          return sendJson(res, 200, { versions: await history.ofDocument(p, documentOf(repo.draftDir(p.id), url.searchParams.get('file'))) });
        }
        case 'live':
          must();
          return sendJson(res, 200, await live.check());
        default:
          throw new Refused(404, 'no such studio request');
      }
    }
    if (req.method !== 'POST') throw new Refused(405, 'GET or POST only');
    checkOrigin(req, origin);
    const body = await jsonBody(req);
    switch (name) {
      case 'sign-in':
        return signedIn(res, await auth.signIn(body, addressOf(req)));
      case 'sign-out':
        if (who) await accounts.endSession(who.session);
        return sendJson(res, 200, { signedOut: true }, { 'Set-Cookie': sessionCookie('', secure, 0) });
      case 'setup':
        return signedIn(res, await auth.setPassword(body));
      case 'passkey/register-options':
        return sendJson(res, 200, await auth.registrationOptions(body, who?.person));
      case 'passkey/register': {
        const { person, linked } = await auth.register(body, who?.person);
        return linked ? signedIn(res, person) : sendJson(res, 200, { person: publicPerson(person) });
      }
      case 'passkey/sign-in-options':
        return sendJson(res, 200, await auth.authenticationOptions());
      case 'passkey/sign-in':
        return signedIn(res, await auth.signInWithPasskey(body));
    }
    const person = must();
    switch (name) {
      case 'people/invite': {
        needRole(person, 'managePeople');
        const { person: invited, token } = await auth.invitePerson(body);
        return sendJson(res, 200, { person: invited, link: `${origin}/__studio/setup?token=${token}` });
      }
      case 'people/link': {
        needRole(person, 'managePeople');
        const token = await accounts.newLink(text(body, 'id', 40)).catch(rethrow);
        return sendJson(res, 200, { link: `${origin}/__studio/setup?token=${token}` });
      }
      case 'people/role':
        needRole(person, 'managePeople');
        await accounts.setRole(text(body, 'id', 40), text(body, 'role', 20) as Role).catch(rethrow);
        return sendJson(res, 200, { people: auth.people() });
      case 'people/remove':
        needRole(person, 'managePeople');
        if (body.id === person.id) throw new Refused(409, 'You cannot remove yourself: ask another admin.');
        await accounts.remove(text(body, 'id', 40)).catch(rethrow);
        return sendJson(res, 200, { people: auth.people() });
      case 'publish': {
        needRole(person, 'publish');
        const owner = accounts.person(text(body, 'owner', 40));
        if (!owner) throw new Refused(404, 'That draft\'s author no longer has an account; their draft cannot be published.');
        const result = await publishDraft(owner, person, choicesOf(body.choices));
        return sendJson(res, 200, result);
      }
      case 'schedule': {
        needRole(person, 'publish');
        const owner = accounts.person(text(body, 'owner', 40));
        if (!owner) throw new Refused(404, 'no such draft');
        return sendJson(res, 200, await scheduler.schedule(owner, person, text(body, 'at', 40)));
      }
      case 'unschedule': {
        needRole(person, 'publish');
        await scheduler.cancel(text(body, 'owner', 40), person);
        return sendJson(res, 200, { unscheduled: true });
      }
      case 'restore':
        return sendJson(res, 200, await history.restore(person, documentOf(repo.draftDir(person.id), body.file), text(body, 'commit', 40)));
      case 'undo-publish':
        return sendJson(res, 200, await history.undoPublish(person, text(body, 'id', 40)));
      case 'presence': {
        const file = text(body, 'file', 300);
        const now = Date.now();
        presence.set(who!.session, { file, person: person.id, at: now });
        const others = new Map<string, string>();
        for (const [session, p] of presence) {
          if (p.at < now - PRESENCE_MS) presence.delete(session);
          else if (p.file === file && p.person !== person.id) {
            const x = accounts.person(p.person);
            if (x) others.set(x.id, x.name || x.email);
          }
        }
        return sendJson(res, 200, { others: [...others.values()] });
      }
      default:
        throw new Refused(404, 'no such studio request');
    }
  }

  /** A file of the person's draft under public/ (the preview's pictures), as a static server sends it: never through a link. */
  function publicFile(res: ServerResponse, person: Person, path: string): boolean {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      throw new Refused(400, 'the address is malformed (a % not followed by two hexadecimal digits)');
    }
    if (decoded.split('/').some((part) => part.startsWith('.') && part.length > 1)) return false;
    const opened = openRegularFile(join(repo.draftDir(person.id), 'public'), `.${decoded}`);
    if (!opened) return false;
    res.setHeader('Content-Type', TYPES[extname(decoded).toLowerCase()] ?? 'application/octet-stream');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Length', opened.size);
    createReadStream('', { fd: opened.fd }).pipe(res);
    return true;
  }

  function builtAsset(res: ServerResponse, path: string): boolean {
    const dir = join(STUDIO_BUILD, 'assets');
    const file = resolve(dir, `.${path.slice('/__studio/assets'.length)}`);
    if (relative(dir, file).startsWith('..') || !existsSync(file) || !statSync(file).isFile()) return false;
    res.setHeader('Content-Type', TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    createReadStream(file).pipe(res);
    return true;
  }

  const html = (res: ServerResponse, name: keyof typeof STUDIO_PAGES) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(page(name));
  };

  /** The requests being answered: closing waits for them. */
  const handling = new Set<Promise<void>>();
  const server = createServer((req, res) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    const url = new URL(req.url ?? '/', 'http://studio');
    const path = url.pathname;
    const answered = (async () => {
      try {
        if (path === '/') {
          res.writeHead(302, { Location: '/__studio' }).end();
          return;
        }
        if (path.startsWith('/__studio/assets/') && (req.method === 'GET' || req.method === 'HEAD')) {
          if (!builtAsset(res, path)) sendJson(res, 404, { error: 'no such file' });
          return;
        }
        if ((path === '/__studio/sign-in' || path === '/__studio/setup') && req.method === 'GET') return html(res, 'account');
        if (path.startsWith('/__studio/server/')) return await serverApi(req, res, path.slice('/__studio/server/'.length), url);
        const who = await caller(req);
        if (path === '/__studio' || path.startsWith('/__studio/')) {
          if (!who) {
            if (path.startsWith('/__studio/api/')) throw new Refused(401, 'Your session has ended: sign in again.');
            res.writeHead(302, { Location: `/__studio/sign-in?next=${encodeURIComponent(path + url.search)}` }).end();
            return;
          }
          if (req.method !== 'GET' && req.method !== 'HEAD') {
            checkOrigin(req, origin);
            needRole(who.person, 'edit');
          }
          const handler = await workspaces.handler(who.person);
          const endpoint = path.slice('/__studio/api/'.length);
          // A draft follows the site when the editor reads the list of documents (it opens, it refreshes).
          if (endpoint === 'documents') await repo.inDraft(who.person.id, () => repo.follow(who.person.id)).catch((err: Error) => log(`could not bring ${who.person.email}'s draft up to the site: ${err.message}`));
          // Each write to the draft runs alone with its commit (the endpoints' turn, src/node/studio/writes.ts); reads as they come.
          handler(req, res, () => sendJson(res, 404, { error: 'no such studio page' }));
          return;
        }
        if (who && (req.method === 'GET' || req.method === 'HEAD') && publicFile(res, who.person, path)) return;
        sendJson(res, who ? 404 : 401, { error: who ? 'no such file' : 'sign in first' });
      } catch (err) {
        if (err instanceof Refused || err instanceof Refusal) return sendJson(res, err.status, { error: err.message, ...err.details });
        if (err instanceof AccountError) return sendJson(res, err.status, { error: err.message });
        if (abandoned(req, res)) return;
        log(`studio: ${req.method} ${path} failed: ${(err as Error).stack ?? err}`);
        if (!res.headersSent) sendJson(res, 500, { error: FAILED });
      }
    })();
    handling.add(answered);
    void answered.finally(() => handling.delete(answered));
  });

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(config.port, config.host, () => ok());
  });
  const port = (server.address() as AddressInfo).port;
  if (config.port === 0 && !process.env.STUDIO_URL) {
    origin = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
    auth = new Auth(accounts, origin);
  }
  scheduler.start();
  live.start(await repo.siteTip());
  return {
    url: origin,
    server,
    close: async () => {
      scheduler.stop();
      const closed = new Promise<void>((ok) => server.close(() => ok()));
      await Promise.allSettled(handling);
      server.closeAllConnections();
      await closed;
    },
  };
}

/** A document under pages-data/ of the draft, by its path there (as the studio's endpoints take it). */
function documentOf(root: string, file: unknown): string {
  if (typeof file !== 'string' || !contentFiles(root).includes(file)) throw new Refused(400, `no document pages-data/${String(file)}`);
  return file;
}

function choicesOf(value: unknown): Choices {
  const out: Choices = {};
  if (!value || typeof value !== 'object') return out;
  for (const [file, paths] of Object.entries(value as Record<string, unknown>)) {
    if (!paths || typeof paths !== 'object') continue;
    out[file] = {};
    for (const [path, side] of Object.entries(paths as Record<string, unknown>)) if (side === 'ours' || side === 'theirs') out[file]![path] = side;
  }
  return out;
}
