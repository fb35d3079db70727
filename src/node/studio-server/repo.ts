// The clone the studio works over (STUDIO_REPO) and each person's draft in it. A draft is a branch,
// studio/<person id>, checked out in a worktree of its own under STUDIO_DATA/drafts/<person id>: the
// studio's endpoints (src/node/studio/) write there as they write into a project under `npm run dev`,
// and every write becomes one commit, authored by the person, committed by the studio. The site's
// branch is read as the remote has it (refs/remotes/<remote>/<branch>, after a fetch); the clone's
// own checkout and branches are never touched. Commits the site's branch had and lost (someone
// force-pushed them off the remote) are remembered, so that no draft that holds them brings them back.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { serialised } from '../studio/writes.ts';
import type { Person } from './accounts.ts';
import { blobAt, changedFiles, git, identity, isAncestor, revParse, runGit } from './git.ts';
import { JsonStore, Queue } from './store.ts';

export interface RepoConfig {
  repo: string;
  data: string;
  remote: string;
  branch: string;
}

/** The studio, as the committer of every commit and the author of its own (a scheduled publish's merge). */
export const STUDIO_IDENTITY = { name: 'Acacia Studio', email: 'studio@localhost' };

/** What the studio writes in a draft: the content and the pictures, nothing else. */
export const CONTENT_PATHS = ['pages-data', 'public'] as const;

/** A draft's commits: its own, the ones the site's branch lost since (`removed`), and where its own begin. */
export interface DraftCommits {
  /** Oldest first. */
  own: string[];
  removed: string[];
  base: string;
}

export class Repo {
  /** Repository-wide work (fetch, push, worktrees, publishing): one at a time. */
  readonly serial = new Queue();
  /** The tips the site's branch had before a fetch found it rewritten (force-pushed). */
  private readonly lost: JsonStore<{ tips: string[] }>;

  constructor(readonly config: RepoConfig) {
    this.lost = new JsonStore(join(config.data, 'site-rewritten.json'), () => ({ tips: [] }));
  }

  get siteRef() {
    return `refs/remotes/${this.config.remote}/${this.config.branch}`;
  }

  draftRef(personId: string) {
    return `refs/heads/studio/${personId}`;
  }

  draftDir(personId: string) {
    return join(this.config.data, 'drafts', personId);
  }

  /**
   * Runs `task` alone among the changes to the person's draft: the same turn every studio write to it
   * takes (src/node/studio/writes.ts), so a write and its commit, a restore, a publish and the draft
   * following the site never interleave.
   */
  inDraft<T>(personId: string, task: () => Promise<T>): Promise<T> {
    return serialised(this.draftDir(personId), task);
  }

  git(args: readonly string[], env?: Record<string, string>, input?: string) {
    return git(args, { cwd: this.config.repo, ...(env && { env }), ...(input !== undefined && { input }) });
  }

  /** The remote's branch, fetched now: its commit. A tip it had that the branch no longer holds is remembered. */
  async fetch(): Promise<string> {
    const { remote, branch } = this.config;
    const before = await revParse(this.config.repo, this.siteRef);
    await this.git(['fetch', '--quiet', '--no-tags', remote, `+refs/heads/${branch}:${this.siteRef}`]);
    const after = (await revParse(this.config.repo, this.siteRef))!;
    if (before && !(await isAncestor(this.config.repo, before, after))) {
      await this.lost.update((l) => void (l.tips = [...new Set([...l.tips, before])]));
    }
    return after;
  }

  /**
   * The commits of a draft (`tip`) that the site (`site`) has not: its own, and those the site's
   * branch had once and lost since (an outsider force-pushed them off), which are never published again.
   */
  async draftCommits(tip: string, site: string): Promise<DraftCommits> {
    const cwd = this.config.repo;
    const lost = [];
    for (const t of this.lost.read().tips) if (await revParse(cwd, t)) lost.push(t);
    const list = async (...not: string[]) => (await this.git(['rev-list', '--reverse', tip, '--not', site, ...not, '--'])).split('\n').filter(Boolean);
    const own = await list(...lost);
    const mine = new Set(own);
    const removed = lost.length === 0 ? [] : (await list()).filter((c) => !mine.has(c));
    const base = removed.length > 0 && own.length > 0 ? (await revParse(cwd, `${own[0]}^`))! : (await this.git(['merge-base', tip, site])).trim();
    return { own, removed, base };
  }

  async siteTip(): Promise<string> {
    return (await revParse(this.config.repo, this.siteRef)) ?? this.fetch();
  }

  /** The person's draft worktree, made from the site's branch the first time. */
  async draft(person: Pick<Person, 'id'>): Promise<string> {
    const dir = this.draftDir(person.id);
    if (existsSync(join(dir, '.git'))) return dir;
    return this.serial.run('repo', async () => {
      if (existsSync(join(dir, '.git'))) return dir;
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(join(this.config.data, 'drafts'), { recursive: true });
      await this.git(['worktree', 'prune']);
      const branch = this.draftRef(person.id).slice('refs/heads/'.length);
      const exists = await revParse(this.config.repo, this.draftRef(person.id));
      await this.git(exists ? ['worktree', 'add', '--quiet', dir, branch] : ['worktree', 'add', '--quiet', '-b', branch, dir, this.siteRef]);
      return dir;
    });
  }

  /** Where the draft left the site's branch. */
  async draftBase(personId: string): Promise<string> {
    const tip = await revParse(this.config.repo, this.draftRef(personId));
    const site = await this.siteTip();
    if (!tip) return site;
    return (await this.git(['merge-base', tip, site])).trim();
  }

  /**
   * Commits whatever the last write changed in the person's draft, as them; answers the commit, or
   * undefined when the write changed nothing. Called in that write's turn (`inDraft`), so the commit
   * holds that write's files only.
   */
  async commitDraft(person: Person, message: string): Promise<string | undefined> {
    const cwd = this.draftDir(person.id);
    await git(['add', '--all', '--', ...CONTENT_PATHS], { cwd });
    const { code } = await runGit(['diff', '--cached', '--quiet', '--'], { cwd, ok: [1] });
    if (code === 0) return undefined;
    const author = { name: person.name || person.email, email: person.email };
    await git(['commit', '--quiet', '--no-verify', '--file=-'], { cwd, env: identity(author, STUDIO_IDENTITY), input: message });
    return (await revParse(cwd, 'HEAD'))!;
  }

  /**
   * A draft follows the site's branch when it can do so without a question: a draft with no saves of
   * its own moves to the site's newest commit, and one whose files the site did not change since it
   * started is replayed on top (each save stays its own commit, with its author). Commits the site's
   * branch lost are left behind.
   */
  async follow(personId: string): Promise<void> {
    const cwd = this.draftDir(personId);
    if (!existsSync(join(cwd, '.git'))) return;
    const site = await this.siteTip();
    const head = (await revParse(cwd, 'HEAD'))!;
    const { own, removed, base } = await this.draftCommits(head, site);
    if (own.length === 0) {
      if (head !== site) await git(['reset', '--quiet', '--hard', site], { cwd });
      return;
    }
    if (removed.length === 0 && (await isAncestor(cwd, site, head))) return;
    const ours = await changedFiles(cwd, base, head);
    const theirs = new Set(await changedFiles(cwd, base, site));
    if (ours.some((f) => theirs.has(f))) return;
    await git(['rebase', '--quiet', '--onto', site, base], { cwd, env: identity(STUDIO_IDENTITY, STUDIO_IDENTITY) }).catch(async (err: Error) => {
      await runGit(['rebase', '--abort'], { cwd, ok: [128] });
      throw err;
    });
  }

  /** Every draft branch: the person's id and its commit. */
  async draftHeads(): Promise<{ person: string; commit: string }[]> {
    const out = await this.git(['for-each-ref', '--format=%(refname) %(objectname)', 'refs/heads/studio/']);
    return out
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [ref, commit] = line.split(' ') as [string, string];
        return { person: ref.slice('refs/heads/studio/'.length), commit };
      });
  }

  /** The blob of a file at a commit ('' when it has none); `cwd` for a worktree's HEAD. */
  blob(commit: string, file: string, cwd = this.config.repo) {
    return blobAt(cwd, commit, file);
  }
}
