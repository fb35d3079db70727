// The studio's "Import products" view, its dev-server side: the sheet and the files beside it are
// uploaded one at a time into a folder of their own (outside the project), then checked and applied
// by the same import as `npm run catalogue -- import` (src/node/catalogue/import.ts), rules and checks
// included. Nothing is written into the project until "Apply import", and then all or nothing.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safeFileName } from '../../../schemas/primitives.ts';
import type { StudioImport } from '../../studio/api.ts';
import { applyImport, planImport } from '../catalogue/import.ts';
import { readSheet } from '../catalogue/sheet.ts';
import { Refusal } from './pages.ts';
import { serialised } from './writes.ts';

/** Where one import's files wait, by the id the view chose for it. */
function folder(session: unknown): string {
  if (typeof session !== 'string' || !/^[a-z0-9]{8,40}$/.test(session)) throw new Refusal(400, 'the import session is 8 to 40 lowercase letters and digits');
  const dir = join(tmpdir(), 'acacia-studio-import', session);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const NAME_MAX = 100;

/** A file's name as it is kept: its own name, made safe, never a path. */
function fileName(name: unknown): string {
  const safe = typeof name === 'string' ? safeFileName(name.replace(/^.*[\\/]/, '')) : '';
  if (!safe || safe.startsWith('.')) throw new Refusal(400, 'a file needs its name');
  if (safe.length > NAME_MAX) throw new Refusal(400, `a file's name may have at most ${NAME_MAX} characters (this one has ${safe.length}): rename the file, then add it again`);
  return safe;
}

export function storeImportFile(session: unknown, name: unknown, bytes: Buffer): { name: string } {
  const kept = fileName(name);
  writeFileSync(join(folder(session), kept), bytes);
  return { name: kept };
}


/** Checks (and with `apply`, writes) the import of a sheet uploaded into the session's folder, with the files beside it. */
export function studioImport(root: string, body: Record<string, unknown>, apply: boolean): Promise<StudioImport> {
  // An apply is a write like any other: one at a time per project, checked and written in one go.
  return apply ? serialised(root, () => checkOrApply(root, body, true)) : checkOrApply(root, body, false);
}

async function checkOrApply(root: string, body: Record<string, unknown>, apply: boolean): Promise<StudioImport> {
  const dir = folder(body.session);
  const sheet = fileName(body.sheet);
  const plan = await planImport(root, join(dir, sheet), { files: dir, ...(typeof body.sheetName === 'string' && body.sheetName ? { sheet: body.sheetName } : {}) });
  const applied = apply && plan.problems.length === 0;
  if (applied) applyImport(root, plan);
  const { writes, ...rest } = plan;
  const cells: StudioImport['cells'] = { header: [], rows: {} };
  try {
    const rows = readSheet(readFileSync(join(dir, sheet)), sheet, plan.sheet && plan.sheet !== sheet ? plan.sheet : undefined).rows;
    const text = (r: (typeof rows)[number] | undefined) => (r?.cells ?? []).map((c) => (c?.value === null || c?.value === undefined ? '' : String(c.raw ?? c.value)));
    cells.header = text(rows[0]);
    for (const p of [...plan.problems, ...plan.warnings]) if (p.row !== undefined) cells.rows[p.row] = text(rows.find((r) => r.row === p.row));
  } catch {
    // A sheet that cannot be read has that problem in the plan.
  }
  // Asked to apply with problems (the sheet or a file changed since its check), it writes nothing and says why.
  return { ...rest, files: writes.size, cells, applied };
}
