// Publishing a draft (issue 39, item 4): the draft's commits onto the site's branch, checked whole as
// the content would then be, pushed without force.
// - The site's branch has not moved since the draft began: the draft's commits go as they are.
// - It moved, but changed none of the draft's files: each of the draft's commits is replayed on top
//   (the same change, author and message), by plumbing, in a temporary index.
// - It changed some of them: those documents are merged field by field; a field both changed
//   differently is shown to the publisher with both values, and nothing is published until they
//   choose. The result is a merge commit by the publisher, whose second parent holds the draft's
//   commits with their authors. Nothing is ever overwritten silently.
// A push the remote rejects (it moved meanwhile) starts again from a fresh fetch.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { applyValue } from '../studio/edit.ts';
import { fieldLabel } from '../studio/plugin.ts';
import { formatProblem, loadContent, type Problem } from '../content/load.ts';
import { hintOf } from '../content/problems.ts';
import type { Person } from './accounts.ts';
import { type FieldConflict, mergeFields, parseJson, pathKey } from './fields.ts';
import { changedFiles, fileAt, git, GitError, identity, revParse, runGit } from './git.ts';
import { Refused } from './http.ts';
import { type Repo, STUDIO_IDENTITY } from './repo.ts';

/** A field both the draft and the site changed, differently: the publisher chooses. */
export interface PublishConflict {
  /** Under pages-data/ or public/. */
  file: string;
  /** The field's data path ('' for a whole file: a picture, a document deleted on one side). */
  path: string;
  label: string;
  base?: unknown;
  /** The draft's value. */
  ours?: unknown;
  /** The site's value. */
  theirs?: unknown;
}

export type Choices = Record<string, Record<string, 'ours' | 'theirs'>>;

export type PublishOutcome =
  | { outcome: 'published'; commit: string; before: string; commits: string[]; files: string[]; how: 'as-is' | 'on-top' | 'merged'; notice?: string }
  | { outcome: 'conflicts'; conflicts: PublishConflict[]; site: string };

export interface Author {
  name: string;
  email: string;
}

const authorOf = (p: Person): Author => ({ name: p.name || p.email, email: p.email });

export class Publisher {
  constructor(private readonly repo: Repo) {}

  private git(args: readonly string[], env?: Record<string, string>, input?: string) {
    return this.repo.git(args, env, input);
  }

  /** The draft of `owner` published by `by`; `choices` answer the conflicts a first try showed. */
  async publish(owner: Person, by: Person, choices: Choices = {}, message?: string): Promise<PublishOutcome> {
    await this.repo.draft(owner);
    return this.repo.serial.run('repo', () => this.repo.inDraft(owner.id, () => this.attempt(owner, by, choices, message, 3)));
  }

  private async attempt(owner: Person, by: Person, choices: Choices, message: string | undefined, tries: number): Promise<PublishOutcome> {
    // Fetched first: the site's branch as the remote has it now, and what it lost since the last fetch.
    const site = await this.repo.fetch();
    const draft = (await revParse(this.repo.config.repo, this.repo.draftRef(owner.id)))!;
    const { own: commits, removed, base } = await this.repo.draftCommits(draft, site);
    const left = removed.length > 0 ? await this.leftOut(removed) : undefined;
    if (commits.length === 0) throw new Refused(409, `This draft has nothing to publish: every change in it is on the site already.${left ? ` ${left}` : ''}`);
    const ours = await changedFiles(this.repo.config.repo, base, draft);
    const theirs = new Set(await changedFiles(this.repo.config.repo, base, site));
    const both = ours.filter((f) => theirs.has(f));

    let result: string;
    let how: 'as-is' | 'on-top' | 'merged';
    if (base === site) {
      result = draft;
      how = 'as-is';
    } else if (both.length === 0) {
      result = await this.replay(commits, site);
      how = 'on-top';
    } else {
      const merged = await this.merge(base, draft, site, ours, both, choices);
      if ('conflicts' in merged) return { outcome: 'conflicts', conflicts: merged.conflicts, site };
      const chosen = Object.entries(choices).flatMap(([file, paths]) => Object.entries(paths).map(([path, side]) => `- ${file} ${path || '(the whole file)'}: ${side === 'ours' ? "the draft's value" : "the site's value"}`));
      const subject = message ?? `Publish ${owner.name || owner.email}'s draft, merged with the site's changes to ${both.join(', ')}`;
      // Its second parent would bring back the commits the site lost: a draft holding some is merged as one commit.
      result = await this.commitTree(merged.tree, removed.length > 0 ? [site] : [site, draft], authorOf(by), `${subject}\n${chosen.length > 0 ? `\nChosen by ${by.name || by.email}:\n${chosen.join('\n')}\n` : ''}`);
      how = 'merged';
    }

    await this.check(site, result);
    const pushed = await runGit(['push', '--quiet', '--porcelain', this.repo.config.remote, `${result}:refs/heads/${this.repo.config.branch}`], { cwd: this.repo.config.repo, ok: [1] });
    if (pushed.code !== 0) {
      // The remote moved since the fetch: start again from what it has now.
      if (tries > 1) return this.attempt(owner, by, choices, message, tries - 1);
      throw new Refused(409, 'The site\'s branch kept moving while publishing (someone else is pushing to it): try again in a moment.');
    }
    await this.git(['update-ref', this.repo.siteRef, result]);
    // The draft now is the site: its worktree starts again from there (every one of its commits is in it).
    await git(['reset', '--quiet', '--hard', result], { cwd: this.repo.draftDir(owner.id) });
    return { outcome: 'published', commit: result, before: site, commits, files: ours, how, ...(left && { notice: left }) };
  }

  /** What the publisher is told of the commits left out: the site's branch lost them (force-pushed off the remote). */
  private async leftOut(removed: string[]): Promise<string> {
    const log = await this.git(['log', '--no-walk=unsorted', '--format=%h "%s" by %an', ...removed, '--']);
    const lines = log.split('\n').filter(Boolean);
    const n = lines.length;
    return `Left out: ${n === 1 ? 'a commit' : `${n} commits`} that the site's branch had and lost since this draft began (pushed off the remote outside the studio), which ${n === 1 ? 'stays' : 'stay'} off the site: ${lines.join('; ')}.`;
  }

  /** The draft's commits, each applied again on top of `onto` (their files are ones `onto` did not change). */
  private async replay(commits: string[], onto: string): Promise<string> {
    let tip = onto;
    for (const c of commits) {
      const tree = await this.withIndex(tip, async (env) => {
        const diff = await this.git(['diff-tree', '-r', '-z', '--no-renames', '--no-commit-id', `${c}^`, c, '--']);
        // Raw entries: ":<old mode> <new mode> <old blob> <new blob> <status>\0<path>\0"
        const parts = diff.split('\0').filter(Boolean);
        const lines: string[] = [];
        for (let i = 0; i < parts.length; i += 2) {
          const [, mode, , blob, status] = parts[i]!.slice(1).split(' ') as [string, string, string, string, string];
          const path = parts[i + 1]!;
          lines.push(status === 'D' ? `0 ${'0'.repeat(40)}\t${path}` : `${mode} ${blob}\t${path}`);
        }
        await this.git(['update-index', '-z', '--index-info'], env, lines.map((l) => `${l}\0`).join(''));
      });
      const [name, email, date, body] = (await this.git(['log', '-1', '--format=%an%x00%ae%x00%aI%x00%B', c])).split('\0') as [string, string, string, string];
      tip = await this.commitTree(tree, [tip], { name, email }, body, date);
    }
    return tip;
  }

  /**
   * The site's tree with the draft's files: those only the draft changed as the draft has them, those
   * both changed merged field by field. Conflicts without a choice are answered instead.
   */
  private async merge(base: string, draft: string, site: string, ours: string[], both: string[], choices: Choices): Promise<{ tree: string } | { conflicts: PublishConflict[] }> {
    const cwd = this.repo.config.repo;
    const conflicts: PublishConflict[] = [];
    const texts = new Map<string, string | null>();
    for (const file of both) {
      const [b, o, t] = await Promise.all([fileAt(cwd, base, file), fileAt(cwd, draft, file), fileAt(cwd, site, file)]);
      const chosen = new Map(Object.entries(choices[file] ?? {}));
      const isJson = file.endsWith('.json') && [b, o, t].every((x) => x === undefined || parseJson(x) !== undefined);
      if (!isJson) {
        // A picture (or a document that is not JSON) changed on both sides: one whole file or the other.
        const side = chosen.get('');
        if (!side) conflicts.push({ file, path: '', label: `The file ${file}`, ...(o !== undefined && { ours: 'the draft\'s version' }), ...(t !== undefined && { theirs: 'the site\'s version' }) });
        else texts.set(file, side === 'ours' ? (o ?? null) : (t ?? null));
        continue;
      }
      const r = mergeFields(parseJson(b), parseJson(o), parseJson(t), chosen);
      const rel = file.replace(/^pages-data\//, '');
      for (const c of r.conflicts) if (!chosen.has(pathKey(c.path))) conflicts.push(named(rel, file, c, parseJson(o) ?? parseJson(t)));
      // Written as the site's text changed only where the merge differs from it (the file keeps its form).
      texts.set(file, r.merged === undefined ? null : t === undefined ? JSON.stringify(r.merged, null, 2) + '\n' : applyValue(t, r.merged));
    }
    if (conflicts.length > 0) return { conflicts };
    const tree = await this.withIndex(site, async (env) => {
      const lines: string[] = [];
      for (const file of ours) {
        if (texts.has(file)) {
          const text = texts.get(file);
          if (text === null) lines.push(`0 ${'0'.repeat(40)}\t${file}`);
          else lines.push(`100644 ${(await this.git(['hash-object', '-w', '--stdin'], undefined, text!)).trim()}\t${file}`);
          continue;
        }
        const entry = (await this.git(['ls-tree', '-z', draft, '--', file])).split('\0')[0];
        if (!entry) lines.push(`0 ${'0'.repeat(40)}\t${file}`);
        else {
          const [meta, path] = entry.split('\t') as [string, string];
          const [mode, , blob] = meta.split(' ');
          lines.push(`${mode} ${blob}\t${path}`);
        }
      }
      await this.git(['update-index', '-z', '--index-info'], env, lines.map((l) => `${l}\0`).join(''));
    });
    return { tree };
  }

  /** A tree made in a temporary index that starts as `from`'s. */
  private async withIndex(from: string, edit: (env: Record<string, string>) => Promise<void>): Promise<string> {
    const dir = join(this.repo.config.data, 'tmp');
    mkdirSync(dir, { recursive: true });
    const env = { GIT_INDEX_FILE: join(dir, `index-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`) };
    try {
      await this.git(['read-tree', from], env);
      await edit(env);
      return (await this.git(['write-tree'], env)).trim();
    } finally {
      rmSync(env.GIT_INDEX_FILE, { force: true });
    }
  }

  async commitTree(tree: string, parents: string[], author: Author, message: string, date?: string): Promise<string> {
    const args = ['commit-tree', tree, ...parents.flatMap((p) => ['-p', p])];
    return (await this.git(args, identity(author, STUDIO_IDENTITY, date), message)).trim();
  }

  /**
   * The content as `result` has it, checked whole: refused with every problem it has that the site
   * (`site`) has not, each at its file and line.
   */
  async check(site: string, result: string): Promise<void> {
    const root = await this.checkout(site);
    const before = new Set((await loadContent(root, { skipSchemaFiles: true })).problems.map((p) => `${p.file} ${p.code} ${p.message}`));
    await this.checkout(result);
    const after = (await loadContent(root, { skipSchemaFiles: true })).problems;
    const found = after.filter((p) => !before.has(`${p.file} ${p.code} ${p.message}`));
    if (found.length > 0) {
      throw new Refused(422, `Not published: the site would have ${found.length} problem${found.length === 1 ? '' : 's'} with this draft (listed). Fix ${found.length === 1 ? 'it' : 'them'} in the draft, then publish again.`, { problems: found.map(described) });
    }
  }

  /** A worktree of the clone at `commit` (one, reused): where a publish is checked and a site is built. */
  async checkout(commit: string, name = 'check'): Promise<string> {
    const dir = join(this.repo.config.data, name);
    if (!existsSync(join(dir, '.git'))) {
      rmSync(dir, { recursive: true, force: true });
      await this.git(['worktree', 'prune']);
      await this.git(['worktree', 'add', '--quiet', '--detach', dir, commit]);
      return dir;
    }
    await git(['checkout', '--quiet', '--force', '--detach', commit], { cwd: dir });
    await git(['clean', '--quiet', '-fd', '--', 'pages-data', 'public'], { cwd: dir });
    return dir;
  }
}

function named(rel: string, file: string, c: FieldConflict, data: unknown): PublishConflict {
  const path = pathKey(c.path);
  return { file, path, label: fieldLabel(rel, data, path), ...('base' in c && { base: c.base }), ...('ours' in c && { ours: c.ours }), ...('theirs' in c && { theirs: c.theirs }) };
}

export const described = (p: Problem) => ({ ...p, text: formatProblem(p), hint: hintOf(p) });

export { GitError };
