// The studio server (`npm run studio`) in the test's own process, for tests of its API that need no
// browser: over a site repository as tests/support/studio-server.ts makes it (a bare remote and a
// clone, in a temporary folder), without the studio's built pages.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Accounts, type Role } from '../../src/node/studio-server/accounts';
import type { StudioConfig } from '../../src/node/studio-server/config';
import { startStudio } from '../../src/node/studio-server/server';
import { git, pushDirectly, siteRepository } from './studio-server';

/**
 * The studio server over a new site repository; each of its pages is a placeholder. People are added
 * to its accounts directly; `signIn` sets their password through the one-time link's token as the
 * setup page does. `before` may leave files in the data folder before the server starts.
 */
export async function startStudioInProcess(settings: Partial<StudioConfig> = {}, before?: (data: string) => void) {
  const { dir, remote, clone } = siteRepository();
  const data = join(dir, 'data');
  before?.(data);
  const log: string[] = [];
  const config: StudioConfig = { repo: clone, data, remote: 'origin', branch: 'main', host: '127.0.0.1', port: 0, url: 'http://127.0.0.1', siteUrl: undefined, siteDir: undefined, nginxReload: undefined, tick: 60_000, ...settings };
  const studio = await startStudio(config, (line) => log.push(line), (name) => `<!doctype html><title>${name}</title>`);
  const accounts = new Accounts(data);
  let pushes = 0;
  /** A request to the studio, as its own page sends it (same origin, JSON), with a person's cookie. */
  const send = async (path: string, body?: unknown, cookie = '') => {
    const res = await fetch(`${studio.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { origin: studio.url, 'content-type': 'application/json', cookie },
      ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // not JSON: the text is kept
    }
    return { status: res.status, body: json, text, cookie: /studio_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '' };
  };
  return {
    url: studio.url,
    server: studio.server,
    dir,
    remote,
    clone,
    data,
    log,
    accounts,
    send,
    /** A person added with a role: their one-time link's token. */
    async addUser(email: string, role: Role, name: string) {
      return (await accounts.add(email, role, name)).token;
    },
    /** A person added and signed in through their link: the session cookie to send. */
    async signIn(email: string, role: Role, name: string, password = 'a long enough password') {
      const token = (await accounts.add(email, role, name)).token;
      const answer = await send('/__studio/server/setup', { token, password });
      if (answer.status !== 200) throw new Error(`setting ${email}'s password answered ${answer.status}: ${answer.text}`);
      return answer.cookie;
    },
    pushDirectly: (message: string, edit: (dir: string) => void) => pushDirectly(dir, remote, `direct-${++pushes}`, message, edit),
    remoteFile: (path: string) => git(remote, 'show', `main:${path}`),
    async stop() {
      await studio.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

