// The studio's "Import products" view, its dev-server side: the sheet and the files beside it are
// uploaded one at a time into a folder of their own (outside the project), then checked and applied
// by the same import as `npm run catalogue -- import` (src/node/catalogue/import.ts), rules and checks
// included. Nothing is written into the project until "Apply import", and then all or nothing.
// Uploads wait in a folder of each person's (`Uploads`): at most IMPORT_QUOTA there at once; an
// import's folder goes once it is applied, or IMPORT_HOURS after its last upload, and all of them
// when the server starts.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safeFileName } from '../../../schemas/primitives.ts';
import type { StudioImport } from '../../studio/api.ts';
import { COLUMNS } from '../catalogue/columns.ts';
import { applyImport, type ImportMap, planImport } from '../catalogue/import.ts';
import { importMap, SKIP } from '../catalogue/mapping.ts';
import { readSheet } from '../catalogue/sheet.ts';
import { Refusal } from './pages.ts';
import { serialised } from './writes.ts';

/** What one person may have waiting for imports at once, and how long an import not applied waits. */
export const IMPORT_QUOTA = 100 * 1024 * 1024;
export const IMPORT_HOURS = 24;

/** Where a person's imports wait (one folder per import inside), and how much may wait there. */
export interface Uploads {
  dir: string;
  quota: number;
}

/** The dev server's: one folder per project, under the system's temporary folder. */
export const projectUploads = (root: string): Uploads => ({ dir: join(tmpdir(), 'acacia-studio-import', createHash('sha256').update(root).digest('hex').slice(0, 16)), quota: IMPORT_QUOTA });

/** Where one import's files wait, by the id the view chose for it. */
function folder(uploads: Uploads, session: unknown): string {
  if (typeof session !== 'string' || !/^[a-z0-9]{8,40}$/.test(session)) throw new Refusal(400, 'the import session is 8 to 40 lowercase letters and digits');
  return join(uploads.dir, session);
}

const megabytes = (n: number) => `${Math.ceil(n / 1024 / 1024)} MB`;

/** The imports waiting, with their size; those untouched for IMPORT_HOURS are deleted first. */
function waiting(uploads: Uploads): { dir: string; bytes: number }[] {
  let sessions: string[];
  try {
    sessions = readdirSync(uploads.dir);
  } catch {
    return [];
  }
  const old = Date.now() - IMPORT_HOURS * 3_600_000;
  return sessions.flatMap((session) => {
    const dir = join(uploads.dir, session);
    if (statSync(dir).mtimeMs < old) {
      rmSync(dir, { recursive: true, force: true });
      return [];
    }
    return [{ dir, bytes: readdirSync(dir).reduce((sum, f) => sum + statSync(join(dir, f)).size, 0) }];
  });
}

/** Every import waiting in a folder of uploads (or of several people's), deleted: the server starting. */
export const clearUploads = (dir: string) => rmSync(dir, { recursive: true, force: true });

const NAME_MAX = 100;

/** A file's name as it is kept: its own name, made safe, never a path. */
function fileName(name: unknown): string {
  const safe = typeof name === 'string' ? safeFileName(name.replace(/^.*[\\/]/, '')) : '';
  if (!safe || safe.startsWith('.')) throw new Refusal(400, 'a file needs its name');
  if (safe.length > NAME_MAX) throw new Refusal(400, `a file's name may have at most ${NAME_MAX} characters (this one has ${safe.length}): rename the file, then add it again`);
  return safe;
}

export function storeImportFile(uploads: Uploads, session: unknown, name: unknown, bytes: Buffer): { name: string } {
  const dir = folder(uploads, session);
  const kept = fileName(name);
  let replaced = 0;
  try {
    replaced = statSync(join(dir, kept)).size;
  } catch {
    // a new file
  }
  const used = waiting(uploads).reduce((sum, w) => sum + w.bytes, 0) - replaced;
  if (used + bytes.length > uploads.quota) {
    throw new Refusal(413, `Your files waiting to be imported would come to ${megabytes(used + bytes.length)}, more than the ${megabytes(uploads.quota)} one person may have waiting: apply or leave the imports under way (an import not applied is deleted ${IMPORT_HOURS} hours after its last file), then add this file again.`);
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, kept), bytes);
  return { name: kept };
}

/** Checks (and with `apply`, writes) the import of a sheet uploaded into the session's folder, with the files beside it. */
export function studioImport(root: string, uploads: Uploads, body: Record<string, unknown>, apply: boolean): Promise<StudioImport> {
  // An apply is a write like any other: one at a time per project, checked and written in one go.
  return apply ? serialised(root, () => checkOrApply(root, uploads, body, true)) : checkOrApply(root, uploads, body, false);
}

async function checkOrApply(root: string, uploads: Uploads, body: Record<string, unknown>, apply: boolean): Promise<StudioImport> {
  const dir = folder(uploads, body.session);
  const sheet = fileName(body.sheet);
  const map = mapOf(body.columns);
  if (body.create !== undefined && typeof body.create !== 'boolean') throw new Refusal(400, 'create is true or false');
  const plan = await planImport(root, join(dir, sheet), { files: dir, create: body.create === true, ...(typeof body.sheetName === 'string' && body.sheetName ? { sheet: body.sheetName } : {}), ...(map ? { map } : {}) });
  const applied = apply && plan.problems.length === 0;
  if (applied) applyImport(root, plan);
  const { writes, map: _, mapping, ...rest } = plan;
  const cells: StudioImport['cells'] = { header: [], rows: {} };
  try {
    const rows = readSheet(readFileSync(join(dir, sheet)), sheet, plan.sheet && plan.sheet !== sheet ? plan.sheet : undefined).rows;
    const text = (r: (typeof rows)[number] | undefined) => (r?.cells ?? []).map((c) => (c?.value === null || c?.value === undefined ? '' : String(c.raw ?? c.value)));
    cells.header = text(rows[0]);
    for (const p of [...plan.problems, ...plan.warnings]) if (p.row !== undefined) cells.rows[p.row] = text(rows.find((r) => r.row === p.row));
  } catch {
    // A sheet that cannot be read has that problem in the plan.
  }
  // Applied, its files are of no more use.
  if (applied) rmSync(dir, { recursive: true, force: true });
  // Asked to apply with problems (the sheet or a file changed since its check), it writes nothing and says why.
  return { ...rest, ...(mapping ? { mapping: { ...mapping, fields: [...COLUMNS, SKIP] } } : {}), files: writes.size, cells, applied };
}

/** The mapping step's answer (a sheet that is not our template nor a shop's export): what each column holds, by its header. */
function mapOf(columns: unknown): ImportMap | undefined {
  if (columns === undefined) return undefined;
  const parsed = importMap.safeParse({ columns });
  if (!parsed.success) throw new Refusal(400, `the columns' mapping: ${parsed.error.issues.map((i) => `${i.path.slice(1).join('.') || 'columns'}: ${i.message}`).join('; ')}`);
  return parsed.data;
}
