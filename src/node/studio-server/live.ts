// When a publish is live (issue 39, item 8). Two ways:
// - A host builds the site from the remote (Netlify, Cloudflare Pages): the build writes the commit it
//   was made from to /_data/build.json (src/node/build/build-id.ts), and the studio reads it from the
//   live site (STUDIO_SITE_URL) until it holds the publish.
// - The studio's own machine builds and serves (STUDIO_SITE_DIR): after each publish it builds the
//   published commit in a worktree of its own, copies the result into a new folder under
//   STUDIO_SITE_DIR/builds/, and switches STUDIO_SITE_DIR/current (a symbolic link nginx serves) to it
//   by renaming a new link over the old one: nginx serves one build or the other, never a gap. It
//   then runs STUDIO_NGINX_RELOAD, so that nginx reads the new build's redirects.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BUILD_ID_FILE } from '../build/build-id.ts';
import { NGINX_REDIRECTS_FILE } from '../build/host-files.ts';
import type { StudioConfig } from './config.ts';
import { isAncestor, runGit } from './git.ts';
import type { Publisher } from './publish.ts';
import type { Repo } from './repo.ts';

/** Where the build writes the commit it was built from, and the studio reads it. */
const BUILD_ID_PATH = `/${BUILD_ID_FILE}`;
/** Builds kept besides the one served: a request that began on the previous build still finds its files. */
export const KEEP = 2;
const project = resolve(import.meta.dirname, '../../..');

export interface LiveState {
  how: 'self-hosted' | 'host' | 'none';
  /** The last commit published from the studio. */
  published?: string;
  /** The commit the live site was built from, as far as the studio knows. */
  live?: string;
  /** When the live site was seen to hold the last publish. */
  since?: string;
  building?: string;
  error?: string;
}

export class LiveSite {
  private readonly current: LiveState;
  private queued: string | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly config: StudioConfig,
    private readonly repo: Repo,
    private readonly publisher: Publisher,
    private readonly log: (line: string) => void,
  ) {
    this.current = { how: config.siteDir ? 'self-hosted' : config.siteUrl ? 'host' : 'none' };
    if (config.siteDir && existsSync(join(config.siteDir, 'current'))) {
      this.current.live = /([0-9a-f]{40})/.exec(readlinkSync(join(config.siteDir, 'current')))?.[1];
    }
  }

  /** Self-hosted and nothing built yet (the first start): the site's branch is built, so nginx has a site to serve. */
  start(site: string): void {
    if (this.config.siteDir && !existsSync(join(this.config.siteDir, 'current'))) {
      this.queued = site;
      this.running ??= this.drain().finally(() => (this.running = undefined));
    }
  }

  state(): LiveState {
    return { ...this.current };
  }

  /** A publish happened: built here when the studio builds the site. */
  published(commit: string): void {
    this.current.published = commit;
    delete this.current.since;
    delete this.current.error;
    if (!this.config.siteDir) return;
    this.queued = commit;
    this.running ??= this.drain().finally(() => (this.running = undefined));
  }

  /** Builds the newest publish queued, until none is left (several publishes during a build make one build). */
  private async drain(): Promise<void> {
    while (this.queued) {
      const commit = this.queued;
      this.queued = undefined;
      this.current.building = commit;
      try {
        const warning = await this.build(commit);
        this.current.live = commit;
        if (commit === this.current.published) this.current.since = new Date().toISOString();
        if (warning) {
          this.current.error = warning;
          this.log(warning);
        } else delete this.current.error;
      } catch (err) {
        this.current.error = `The site could not be built from ${commit.slice(0, 7)}: ${(err as Error).message}`;
        this.log(this.current.error);
      } finally {
        delete this.current.building;
      }
    }
  }

  /** Builds `commit` and switches the served site to it; answers what went wrong after the switch, if anything did. */
  async build(commit: string): Promise<string | undefined> {
    const siteDir = this.config.siteDir!;
    const started = Date.now();
    const root = await this.repo.serial.run('repo', () => this.publisher.checkout(commit, 'build'));
    if (!existsSync(join(root, 'node_modules'))) symlinkSync(join(project, 'node_modules'), join(root, 'node_modules'));
    await run('npm', ['run', '-s', 'build'], root);
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${commit}`;
    mkdirSync(join(siteDir, 'builds'), { recursive: true });
    cpSync(join(root, 'dist'), join(siteDir, 'builds', name), { recursive: true });
    const served = join(siteDir, 'current');
    const redirects = (dir: string) => (existsSync(join(dir, NGINX_REDIRECTS_FILE)) ? readFileSync(join(dir, NGINX_REDIRECTS_FILE), 'utf8') : undefined);
    const before = existsSync(served) ? redirects(served) : undefined;
    const link = join(siteDir, `.current-${process.pid}.tmp`);
    rmSync(link, { force: true });
    symlinkSync(join('builds', name), link);
    renameSync(link, served);
    const builds = readdirSync(join(siteDir, 'builds')).sort();
    for (const old of builds.slice(0, Math.max(0, builds.length - 1 - KEEP))) rmSync(join(siteDir, 'builds', old), { recursive: true, force: true });
    // nginx reads the redirects map when it starts or reloads: told only when it changed (and not before a first build, when it cannot be running).
    if (this.config.nginxReload && before !== undefined && redirects(served) !== before) {
      const failed = await run(this.config.nginxReload[0]!, this.config.nginxReload.slice(1), root).then(() => undefined, (err: Error) => err.message);
      if (failed) return `${commit.slice(0, 7)} is served, but nginx did not reload, so its new redirects are not answered yet: ${failed}`;
    }
    this.log(`site: ${commit.slice(0, 7)} built and served in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return undefined;
  }

  /** Is the last publish live: read again now from the live site where a host builds it. */
  async check(): Promise<LiveState> {
    if (this.current.how === 'host' && this.current.published && !this.current.since) {
      try {
        const res = await fetch(`${this.config.siteUrl}${BUILD_ID_PATH}`, { signal: AbortSignal.timeout(10_000), headers: { 'Cache-Control': 'no-cache' } });
        const commit = res.ok ? ((await res.json()) as { commit?: unknown }).commit : undefined;
        if (typeof commit === 'string' && /^[0-9a-f]{40}$/.test(commit)) {
          this.current.live = commit;
          const known = (await runGit(['cat-file', '-e', `${commit}^{commit}`], { cwd: this.repo.config.repo, ok: [1, 128] })).code === 0;
          if (!known) await this.repo.fetch();
          if (await isAncestor(this.repo.config.repo, this.current.published, commit).catch(() => false)) this.current.since = new Date().toISOString();
        }
        delete this.current.error;
      } catch (err) {
        this.current.error = `${this.config.siteUrl}${BUILD_ID_PATH} could not be read: ${(err as Error).message}`;
      }
    }
    return this.state();
  }
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((ok, fail) => {
    execFile(command, args, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: '0' } }, (err, stdout, stderr) => {
      if (err) fail(new Error(`${command} ${args.join(' ')} failed: ${(stderr || stdout).trim().split('\n').slice(-15).join('\n')}`));
      else ok();
    });
  });
}
