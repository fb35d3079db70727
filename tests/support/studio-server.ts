// `npm run studio` for tests, offline on one machine: a scratch copy of the project committed to a
// bare repository in a temporary folder (the remote), a clone of it for the studio to work over, its
// data folder beside them, and the server on a free port. People are added with `npm run studio --
// user add`, and set up their sign-in through the one-time link, as a new user would.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { freePort } from './dev-server';
import { scratchProject } from './scratch';

const project = resolve(import.meta.dirname, '../..');
const tsx = join(project, 'node_modules/tsx/dist/cli.mjs');
export const GIT_ENV = { GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com', GIT_CONFIG_NOSYSTEM: '1' };

export const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_ENV }, stdio: ['ignore', 'pipe', 'pipe'] }).trim();

export interface StudioServer {
  url: string;
  dir: string;
  remote: string;
  clone: string;
  data: string;
  env: Record<string, string>;
  output(): string;
  /** `npm run studio -- user add`: answers the one-time link it prints. */
  addUser(email: string, role: 'author' | 'publisher' | 'admin', name: string): string;
  /** A commit pushed to the remote by someone outside the studio: `edit` changes a scratch clone's files. */
  pushDirectly(message: string, edit: (dir: string) => void): string;
  /** A file on the remote's branch. */
  remoteFile(path: string): string;
  stop(): Promise<void>;
}

/** A temporary folder with a bare repository holding a scratch copy of the project (the remote), and a clone of it. */
export function siteRepository(): { dir: string; remote: string; clone: string } {
  const dir = mkdtempSync(join(tmpdir(), 'studio-server-'));
  const scratch = scratchProject('studio-seed-');
  cpSync(join(project, '.gitignore'), join(scratch.dir, '.gitignore'));
  const remote = join(dir, 'remote.git');
  git(dir, 'init', '--quiet', '--bare', '--initial-branch=main', remote);
  git(scratch.dir, 'init', '--quiet', '--initial-branch=main');
  git(scratch.dir, 'add', '--all');
  git(scratch.dir, 'commit', '--quiet', '-m', 'The site');
  git(scratch.dir, 'push', '--quiet', remote, 'main');
  scratch.remove();
  const clone = join(dir, 'clone');
  git(dir, 'clone', '--quiet', remote, clone);
  return { dir, remote, clone };
}

export async function startStudioServer(extraEnv: Record<string, string> = {}): Promise<StudioServer> {
  const { dir, remote, clone } = siteRepository();
  const data = join(dir, 'data');
  const port = await freePort();
  const env: Record<string, string> = { STUDIO_REPO: clone, STUDIO_DATA: data, HOST: 'localhost', PORT: String(port), STUDIO_TICK_MS: '300', ...extraEnv };
  const server = spawn(process.execPath, [tsx, 'src/node/studio-server/cli.ts'], { cwd: project, env: { ...process.env, ...env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout!.on('data', (d: Buffer) => (output += d));
  server.stderr!.on('data', (d: Buffer) => (output += d));
  const url = env.STUDIO_URL ?? `http://localhost:${port}`;
  for (const started = Date.now(); ; ) {
    if (server.exitCode !== null) throw new Error(`npm run studio exited (${server.exitCode}):\n${output}`);
    if (Date.now() - started > 240_000) throw new Error(`npm run studio did not answer at ${url}:\n${output}`);
    if (await fetch(`http://localhost:${port}/__studio/sign-in`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  let pushes = 0;
  return {
    url,
    dir,
    remote,
    clone,
    data,
    env,
    output: () => output,
    addUser(email, role, name) {
      const out = execFileSync(process.execPath, [tsx, 'src/node/studio-server/cli.ts', 'user', 'add', email, '--role', role, '--name', name], { cwd: project, env: { ...process.env, ...env }, encoding: 'utf8' });
      const link = /https?:\/\/\S+\/__studio\/setup\?token=\S+/.exec(out)?.[0];
      if (!link) throw new Error(`user add printed no link:\n${out}`);
      return link;
    },
    pushDirectly: (message, edit) => pushDirectly(dir, remote, `direct-${++pushes}`, message, edit),
    remoteFile: (path) => git(remote, 'show', `main:${path}`),
    stop: async () => {
      // STUDIO_SERVER_LOG=1 prints what the server said (to see why a test failed).
      if (process.env.STUDIO_SERVER_LOG) console.log(output);
      if (server.exitCode === null) {
        server.kill();
        await once(server, 'exit');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A commit pushed to the remote from a clone of its own, as someone outside the studio pushes. */
export function pushDirectly(dir: string, remote: string, name: string, message: string, edit: (dir: string) => void): string {
  const work = join(dir, name);
  git(dir, 'clone', '--quiet', remote, work);
  edit(work);
  git(work, 'add', '--all');
  git(work, 'commit', '--quiet', '-m', message);
  git(work, 'push', '--quiet', 'origin', 'main');
  return git(work, 'rev-parse', 'HEAD');
}

/** A person's browser: a context of its own, signed in by setting a password through their one-time link. */
export async function signUp(browser: Browser, link: string, password = 'a long enough password'): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPerson(browser);
  await page.goto(link);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.waitForURL(/\/__studio(\?|$)/);
  return { context, page };
}

/** A browser context of its own (another person's browser), offline as every test is. */
export async function newPerson(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.route((url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1', (route) => route.abort('blockedbyclient'));
  return { context, page: await context.newPage() };
}
