// A person's studio: the shared endpoints (src/node/studio/plugin.ts) over their draft's worktree,
// with what a studio several people use needs around them. Every write is one commit in their name.
// A page opened carries every version of it the editor has seen (the site's and each draft's); a save
// when another version has appeared since is refused with that version, who made it and what it
// changed, for the author to merge field by field (issue 39, item 5).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Connect } from 'vite';
import { isRecordFile, routeOfFile } from '../../../schemas/routes.ts';
import { Refusal } from '../studio/pages.ts';
import { IMPORT_QUOTA } from '../studio/import.ts';
import { fieldLabel, studioMiddleware } from '../studio/plugin.ts';
import type { Accounts, Person } from './accounts.ts';
import { fieldChanges, parseJson, pathKey } from './fields.ts';
import { fileAt, git, oneLine } from './git.ts';
import type { Repo } from './repo.ts';

/** How a document is named in a commit's subject: a page by its address, anything else by its file. */
export const documentName = (file: string) => (isRecordFile(file) ? `pages-data/${file}` : routeOfFile(file));

/** The fields that differ between two texts of a document, as the form names them. */
export function changedFields(file: string, before: string | undefined, after: string | undefined): { path: string; label: string; before?: unknown; after?: unknown }[] {
  const a = parseJson(before);
  const b = parseJson(after);
  return fieldChanges(a, b).map((c) => ({ path: pathKey(c.path), label: fieldLabel(file, c.after === undefined ? a : b, pathKey(c.path)), ...('before' in c && { before: c.before }), ...('after' in c && { after: c.after }) }));
}

/** Where the people's imports wait: a folder each, under STUDIO_DATA. */
export const importsDir = (data: string) => join(data, 'imports');

export interface Version {
  /** Where: the site's branch, or a person's draft. */
  where: 'site' | 'draft';
  /** Whose draft, or who made the site's last change to the file. */
  who: string;
  when: string;
  commit: string;
  blob: string;
}

export class Workspaces {
  private readonly handlers = new Map<string, Connect.NextHandleFunction>();

  constructor(
    private readonly repo: Repo,
    private readonly accounts: Accounts,
    private readonly html: (url: string) => Promise<string>,
  ) {}

  /** The studio's endpoints over this person's draft. */
  async handler(person: Person): Promise<Connect.NextHandleFunction> {
    const root = await this.repo.draft(person);
    let handler = this.handlers.get(person.id);
    if (!handler) {
      handler = studioMiddleware(root, this.html, {
        uploads: { dir: join(importsDir(this.repo.config.data), person.id), quota: IMPORT_QUOTA },
        opened: async (file) => ({ seen: await this.versions(file).then((v) => [...new Set(v.map((x) => x.blob))]) }),
        beforeWrite: (endpoint, body) => (endpoint === 'save' ? this.checkSeen(person, body) : Promise.resolve()),
        afterWrite: async (endpoint, body, answer) => {
          const commit = await this.repo.commitDraft(person, await this.message(root, endpoint, body, answer));
          // The version saved is one the editor has seen: its next save is not refused for it.
          const saved = endpoint === 'save' && typeof body.file === 'string' ? await this.repo.blob('HEAD', `pages-data/${body.file}`, root) : undefined;
          return { ...(commit && { commit }), ...(saved && { seen: [saved] }) };
        },
      });
      this.handlers.set(person.id, handler);
    }
    return handler;
  }

  /** Every version of a document there is now: the site's and each draft's (a draft that does not exist is the site's). */
  async versions(file: string): Promise<Version[]> {
    const path = `pages-data/${file}`;
    const site = await this.repo.siteTip();
    const heads = [{ where: 'site' as const, person: undefined as string | undefined, commit: site }, ...(await this.repo.draftHeads()).map((d) => ({ where: 'draft' as const, ...d }))];
    return Promise.all(
      heads.map(async (h) => {
        const [name, email, when] = (await git(['log', '-1', '--format=%an%x00%ae%x00%aI', h.commit, '--', path], { cwd: this.repo.config.repo })).trim().split('\0');
        const owner = h.person ? this.accounts.person(h.person) : undefined;
        return {
          where: h.where,
          who: h.where === 'draft' ? (owner?.name || owner?.email || 'someone removed since') : name || email || 'unknown',
          when: when ?? '',
          commit: h.commit,
          blob: await this.repo.blob(h.commit, path),
          ...(h.person && { person: h.person }),
        };
      }),
    );
  }

  /**
   * A save is refused when a version of the document has appeared that the editor has not seen
   * (another person saved it in their draft, a publish changed it, the author saved it in another tab).
   */
  private async checkSeen(person: Person, body: Record<string, unknown>): Promise<void> {
    if (!Array.isArray(body.seen) || typeof body.file !== 'string') return;
    const seen = new Set(body.seen.filter((s): s is string => typeof s === 'string'));
    const file = body.file;
    const root = this.repo.draftDir(person.id);
    const mine = (await git(['rev-parse', 'HEAD'], { cwd: root })).trim();
    const versions = await this.versions(file);
    const newer = versions.find((v) => v.blob !== '' && !seen.has(v.blob));
    if (!newer) return;
    const path = `pages-data/${file}`;
    const base = (await git(['merge-base', mine, newer.commit], { cwd: root })).trim();
    const [theirs, before] = await Promise.all([fileAt(root, newer.commit, path), fileAt(root, base, path)]);
    const fields = changedFields(file, before, theirs);
    const own = 'person' in newer && newer.person === person.id;
    const who = own ? 'You' : newer.who;
    const where = newer.where === 'site' ? 'on the site (published)' : own ? 'in another tab or window' : 'in their draft';
    const time = newer.when ? ` at ${new Date(newer.when).toLocaleTimeString('en-GB', { timeZone: 'Africa/Nairobi', hour: '2-digit', minute: '2-digit' })} (Nairobi time)` : '';
    const what = fields.length > 0 ? `, changing ${fields.map((f) => f.label).join('; ')}` : '';
    throw new Refusal(409, `${who} saved a newer version of this document ${where}${time}${what}. Yours is not saved yet: choose, field by field, which values to keep, then save again.`, {
      conflict: { who, where: newer.where, when: newer.when, blob: newer.blob, base: parseJson(before) ?? null, theirs: parseJson(theirs) ?? null, fields },
    });
  }

  /** The commit message of a write: what it did, then each field it changed. What the request named is put in as one line each. */
  private async message(root: string, endpoint: string, body: Record<string, unknown>, answer: unknown): Promise<string> {
    const a = (answer ?? {}) as Record<string, unknown>;
    const file = typeof body.file === 'string' ? body.file : '';
    const named = (value: unknown) => oneLine(String(value), 200);
    switch (endpoint) {
      case 'save': {
        const before = await fileAt(root, 'HEAD', `pages-data/${file}`);
        const after = readFileSync(join(root, 'pages-data', file), 'utf8');
        const fields = changedFields(file, before, after);
        return `Edit ${documentName(file)}\n\n${fields.map((f) => `- ${f.label} (${f.path})`).join('\n')}\n`;
      }
      case 'create':
        return `New page ${named(body.route)}${body.copyOf ? ` (a copy of ${documentName(named(body.copyOf))})` : ''}\n`;
      case 'move':
        return `Move ${documentName(file)} to ${named(body.to)}\n\nLinks to it now lead to ${named(body.to)}; a redirect from the old address is recorded.\n`;
      case 'delete':
        return `Delete ${documentName(file)}${body.redirectTo ? `, redirecting its address to ${named(body.redirectTo)}` : ''}\n`;
      case 'upload':
        return `Add picture ${named(a.src)}\n`;
      case 'pictures/replace':
        return `Replace picture ${named(body.from)} with ${named(body.to)}\n\n${((a.changed as string[] | undefined) ?? []).map((f) => `- ${named(f)}`).join('\n')}\n`;
      case 'pictures/delete':
        return `Delete picture ${named(body.path)}\n`;
      case 'import/apply':
        return `Import products from ${named(body.sheet)}\n\n${(['created', 'updated', 'discontinued'] as const).map((k) => `- ${k}: ${Array.isArray(a[k]) ? a[k].length : 0}`).join('\n')}\n`;
      default:
        return `${endpoint}\n`;
    }
  }
}
