// `npm run studio`'s settings, from the environment (docs/deployers.md lists them).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

export interface StudioConfig {
  /** The git clone the studio works over. */
  repo: string;
  /** Accounts, sessions, drafts' worktrees, publishes: outside the clone. */
  data: string;
  remote: string;
  branch: string;
  host: string;
  port: number;
  /** The address people open the studio at (its origin: links, passkeys, the same-origin rule, Secure cookies). */
  url: string;
  /** The live site, where the build writes the commit it was built from (when a host builds from the remote). */
  siteUrl: string | undefined;
  /** Self-hosted: builds go under this folder, and `current` (what nginx serves) is switched to each new one. */
  siteDir: string | undefined;
  /** Self-hosted: the command that makes nginx read its configuration again (the redirects map), run after a switch. */
  nginxReload: string[] | undefined;
  /** How often the scheduler looks for drafts due (ms). */
  tick: number;
}

const gitOut = (cwd: string, args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

export function readConfig(env: NodeJS.ProcessEnv = process.env): StudioConfig {
  const repo = resolve(env.STUDIO_REPO ?? process.cwd());
  if (!existsSync(join(repo, '.git'))) throw new Error(`STUDIO_REPO=${repo} is not a git clone (no .git there): clone the site's repository and point STUDIO_REPO at it`);
  const data = resolve(env.STUDIO_DATA ?? join(dirname(repo), `${basename(repo)}-studio-data`));
  if (!relative(repo, data).startsWith('..')) throw new Error(`STUDIO_DATA=${data} is inside the clone (${repo}): choose a folder outside it, so accounts and sessions are never committed`);
  const remote = env.STUDIO_REMOTE ?? 'origin';
  let branch = env.STUDIO_BRANCH;
  if (!branch) {
    try {
      branch = gitOut(repo, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
    } catch {
      throw new Error(`the clone at ${repo} is on no branch: set STUDIO_BRANCH to the branch to publish to`);
    }
  }
  try {
    gitOut(repo, ['remote', 'get-url', '--', remote]);
  } catch {
    throw new Error(`the clone at ${repo} has no remote "${remote}": set STUDIO_REMOTE, or add it (git remote add origin <url>)`);
  }
  const host = env.HOST ?? 'localhost';
  const port = Number(env.PORT ?? 4180);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT=${env.PORT} is not a port number`);
  const url = (env.STUDIO_URL ?? `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+$/.test(url)) throw new Error(`STUDIO_URL=${url} must be an origin such as https://studio.example.com (no path)`);
  return {
    repo,
    data,
    remote,
    branch,
    host,
    port,
    url,
    siteUrl: env.STUDIO_SITE_URL?.replace(/\/+$/, '') || undefined,
    siteDir: env.STUDIO_SITE_DIR ? resolve(env.STUDIO_SITE_DIR) : undefined,
    nginxReload: env.STUDIO_NGINX_RELOAD ? env.STUDIO_NGINX_RELOAD.split(/\s+/).filter(Boolean) : undefined,
    tick: Number(env.STUDIO_TICK_MS ?? 5000),
  };
}
