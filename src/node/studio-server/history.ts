// A document's history (issue 39, item 6): each commit that changed it, on the site's branch and in
// the person's draft, with who, when, and each field's value before and after; a restore of an older
// version and the undo of a publish, each a new commit in the person's draft, through the same check
// as every other write of the studio (the whole content as it would then be).
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { commitChecked, type Doc, Refusal } from '../studio/pages.ts';
import { applyValue } from '../studio/edit.ts';
import type { Person } from './accounts.ts';
import { type Drafts, UNDOES } from './drafts.ts';
import { mergeFields, parseJson } from './fields.ts';
import { fileAt, git, isAncestor } from './git.ts';
import { Refused } from './http.ts';
import { described } from './publish.ts';
import type { Repo } from './repo.ts';
import { changedFields, documentName } from './workspace.ts';

const MAX_ENTRIES = 100;

export class History {
  constructor(
    private readonly repo: Repo,
    private readonly drafts: Drafts,
  ) {}

  /** The versions of pages-data/<file>, newest first, as the person's draft has come to it. */
  async ofDocument(person: Person, file: string) {
    const cwd = await this.repo.draft(person);
    const site = await this.repo.siteTip();
    const path = `pages-data/${file}`;
    const out = await git(['log', `--max-count=${MAX_ENTRIES}`, '--follow', '--name-status', '--format=%x1e%H%x00%P%x00%an%x00%ae%x00%aI%x00%s', 'HEAD', '--', path], { cwd });
    const entries = out.split('\x1e').map((e) => e.trim()).filter(Boolean);
    return Promise.all(
      entries.map(async (entry) => {
        const [head, ...status] = entry.split('\n');
        const [commit, parents, name, email, when, subject] = head!.split('\0') as [string, string, string, string, string, string];
        // The file's name in this commit, and in its parent (a page moved: R100 old new).
        const line = status.find((l) => l.trim())?.split('\t') ?? [];
        const now = line.length === 3 ? line[2]! : (line[1] ?? path);
        const then = line.length === 3 ? line[1]! : now;
        const parent = parents.split(' ')[0];
        const [before, after] = await Promise.all([parent ? fileAt(cwd, parent, then) : undefined, fileAt(cwd, commit, now)]);
        const rel = now.replace(/^pages-data\//, '');
        return {
          commit,
          who: name || email,
          email,
          when,
          subject,
          file: now,
          published: await isAncestor(cwd, commit, site),
          deleted: after === undefined,
          fields: changedFields(rel, before, after),
        };
      }),
    );
  }

  /** pages-data/<file> as it was right after `commit`, back in the person's draft as a new commit. */
  async restore(person: Person, file: string, commit: string): Promise<{ commit: string | undefined }> {
    if (!/^[0-9a-f]{40}$/.test(commit)) throw new Refused(400, 'not a version of this document');
    const cwd = await this.repo.draft(person);
    // Read, written and committed as every studio write is (src/node/studio/writes.ts): alone, re-checked before writing.
    return this.repo.inDraft(person.id, async () => {
      const path = `pages-data/${file}`;
      // Only a version in this document's history (a commit the draft has).
      if (!(await isAncestor(cwd, commit, 'HEAD').catch(() => false))) throw new Refused(400, 'not a version of this document');
      const old = await fileAt(cwd, commit, path);
      if (old === undefined) throw new Refused(400, `${path} did not exist in that version`);
      const [when, who] = (await git(['log', '-1', '--format=%aI%x00%an', commit], { cwd })).trim().split('\0');
      const current = existsSync(join(cwd, path)) ? readFileSync(join(cwd, path), 'utf8') : undefined;
      const text = current === undefined ? old : applyValue(current, parseJson(old));
      await commitChecked(cwd, asRead(new Map([[file, current]])), new Map([[file, text]]), `Restoring ${documentName(file)}`).catch(refused);
      const made = await this.repo.commitDraft(person, `Restore ${documentName(file)} as it was on ${nairobi(when!)} (${who}'s version, ${commit.slice(0, 7)})\n`);
      return { commit: made };
    });
  }

  /** The changes of a publish taken back, in the person's draft (where they are published again): field by field, so later edits stay. */
  async undoPublish(person: Person, id: string): Promise<{ commit: string | undefined }> {
    const record = this.drafts.publishes.read().publishes.find((p) => p.id === id);
    if (!record) throw new Refused(404, 'no such publish');
    if (record.undone) throw new Refused(409, 'this publish has been undone already');
    const cwd = await this.repo.draft(person);
    // Alone with its commit, as every studio write is (src/node/studio/writes.ts).
    return this.repo.inDraft(person.id, async () => {
      if (!(await isAncestor(cwd, record.after, 'HEAD'))) {
        throw new Refused(409, 'Your draft does not have this publish yet: open the studio again (your draft follows the site) and undo then.');
      }
      const changes = new Map<string, string | null>();
      const read = new Map<string, string | undefined>();
      const clashes: string[] = [];
      for (const path of record.files.filter((f) => f.startsWith('pages-data/'))) {
        const [before, after] = await Promise.all([fileAt(cwd, record.before, path), fileAt(cwd, record.after, path)]);
        const now = existsSync(join(cwd, path)) ? readFileSync(join(cwd, path), 'utf8') : undefined;
        read.set(path.slice('pages-data/'.length), now);
        const r = mergeFields(parseJson(after), parseJson(now), parseJson(before));
        if (r.conflicts.length > 0) clashes.push(`${path} (${r.conflicts.length} field${r.conflicts.length === 1 ? '' : 's'} changed again since)`);
        const text = r.merged === undefined ? null : now === undefined ? JSON.stringify(r.merged, null, 2) + '\n' : applyValue(now, r.merged);
        if (text !== (now ?? null)) changes.set(path.slice('pages-data/'.length), text);
      }
      if (clashes.length > 0) throw new Refused(409, `Not undone: since that publish, these were changed again: ${clashes.join(', ')}. Restore them one by one from their history instead.`);
      if (changes.size === 0) throw new Refused(409, 'Nothing to undo: the site has none of that publish\'s changes any more.');
      await commitChecked(cwd, asRead(read), changes, 'Undoing the publish').catch(refused);
      // The publish is marked undone once this commit is published (Drafts.record reads its trailer), not before.
      const made = await this.repo.commitDraft(person, `Undo the publish of ${nairobi(record.at)}\n\n${[...changes.keys()].map((f) => `- ${documentName(f)}`).join('\n')}\n\n${UNDOES}: ${id}\n`);
      return { commit: made };
    });
  }
}

/** A Refusal of the studio's checks, as the server's own refusal (with the problems). */
function refused(err: unknown): never {
  if (err instanceof Refusal) throw new Refused(err.status, err.message, err.details.problems ? { problems: err.details.problems.map(described) } : {});
  throw err;
}

export const nairobi = (iso: string) =>
  `${new Date(iso).toLocaleString('en-GB', { timeZone: 'Africa/Nairobi', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })} (Nairobi time)`;

/** Files as they were read before a change (undefined: absent), as commitChecked re-checks them. */
const asRead = (texts: ReadonlyMap<string, string | undefined>): Map<string, Doc> =>
  new Map([...texts].flatMap(([rel, text]) => (text === undefined ? [] : [[rel, { text, data: undefined }] as const])));
