// The drafts as the studio lists them (issue 39, item 3): whose each is, its saves, and what it changes
// (each file and, in documents, each field); with its schedule and its own history (scheduled,
// published, a scheduled publish that failed and why), kept in STUDIO_DATA/drafts.json, and the
// publishes in STUDIO_DATA/publishes.json (what an undo puts back).
import { join } from 'node:path';
import type { Accounts } from './accounts.ts';
import { changedFiles, fileAt, git } from './git.ts';
import type { Repo } from './repo.ts';
import { JsonStore } from './store.ts';
import { changedFields } from './workspace.ts';

export interface DraftEvent {
  at: string;
  what: string;
  by?: string;
}

export interface DraftMeta {
  /** When it is to be published: an ISO time with its offset (Nairobi's, +03:00), and who set it (a publisher). */
  schedule?: { at: string; zone: string; by: string };
  /** The last scheduled publish that failed, and why. */
  failure?: { at: string; reason: string };
  events: DraftEvent[];
}

export interface PublishRecord {
  id: string;
  /** Whose draft. */
  owner: string;
  by: string;
  at: string;
  before: string;
  after: string;
  files: string[];
  how: string;
  scheduled?: boolean;
  /** Set once its undo has been published (an undo in a draft is not yet on the site). */
  undone?: string;
}

/** The trailer by which an undo's commit names the publish it takes back. */
export const UNDOES = 'Undoes-publish';

export class Drafts {
  readonly meta: JsonStore<Record<string, DraftMeta>>;
  readonly publishes: JsonStore<{ publishes: PublishRecord[] }>;

  constructor(
    private readonly repo: Repo,
    private readonly accounts: Accounts,
  ) {
    this.meta = new JsonStore(join(repo.config.data, 'drafts.json'), () => ({}));
    this.publishes = new JsonStore(join(repo.config.data, 'publishes.json'), () => ({ publishes: [] }));
  }

  async event(owner: string, what: string, by?: string, change?: (m: DraftMeta) => void): Promise<void> {
    await this.meta.update((all) => {
      const m = (all[owner] ??= { events: [] });
      m.events.push({ at: new Date().toISOString(), what, ...(by && { by }) });
      change?.(m);
    });
  }

  /** Every draft with something to publish, or a schedule, or a failure to show. */
  async list() {
    const meta = this.meta.read();
    const heads = await this.repo.draftHeads();
    const site = await this.repo.siteTip();
    const cwd = this.repo.config.repo;
    const drafts = await Promise.all(
      heads.map(async ({ person, commit }) => {
        // Its own commits: not those the site's branch lost, which are never published again.
        const { own: commits, base } = await this.repo.draftCommits(commit, site);
        const m = meta[person];
        if (commits.length === 0 && !m?.schedule) return undefined;
        const owner = this.accounts.person(person);
        const files = await changedFiles(cwd, base, commit);
        const siteChanged = new Set(await changedFiles(cwd, base, site));
        const log = commits.length === 0 ? '' : await git(['log', '--format=%H%x00%an%x00%aI%x00%s%x1e', `${base}..${commit}`, '--'], { cwd });
        return {
          owner: person,
          name: owner ? owner.name || owner.email : 'someone removed since',
          email: owner?.email ?? '',
          commits: log.split('\x1e').map((l) => l.trim()).filter(Boolean).map((l) => {
            const [hash, author, when, subject] = l.split('\0') as [string, string, string, string];
            return { hash, author, when, subject };
          }),
          files: await Promise.all(
            files.map(async (file) => ({
              file,
              /** The site changed this file too since the draft began: publishing it asks or merges. */
              alsoOnSite: siteChanged.has(file),
              fields: file.startsWith('pages-data/') && file.endsWith('.json')
                ? changedFields(file.slice('pages-data/'.length), await fileAt(cwd, base, file), await fileAt(cwd, commit, file)).map(({ path, label, before, after }) => ({ path, label, before, after }))
                : [],
            })),
          ),
          schedule: m?.schedule,
          failure: m?.failure,
          events: m?.events ?? [],
        };
      }),
    );
    return drafts.filter((d) => d !== undefined);
  }

  /** A publish recorded, `commits` the draft's commits it published: a publish one of them undoes is marked undone now. */
  async record(p: PublishRecord, commits: readonly string[]): Promise<void> {
    const messages = commits.length === 0 ? '' : await git(['log', '--no-walk=unsorted', '--format=%B', ...commits, '--'], { cwd: this.repo.config.repo });
    const undone = new Set([...messages.matchAll(new RegExp(`^${UNDOES}: ([0-9a-f]+)$`, 'gm'))].map((m) => m[1]!));
    await this.publishes.update((all) => {
      for (const earlier of all.publishes) if (undone.has(earlier.id) && !earlier.undone) earlier.undone = p.at;
      all.publishes.push(p);
    });
  }
}
