// Checking the content as an import would leave it, by validate's own loader (its rules and codes),
// and showing each problem at the cell its field came from.
import { loadContent, type Problem } from '../content/load.ts';
import { hintOf } from '../content/problems.ts';
import type { CellProblems } from './cell-problems.ts';
import type { At } from './input.ts';

/** Where the fields of a file the import writes came from: each field's path and its cell, longest first; and where the rest of a record's problems show. */
export interface CellsOf {
  at: [string, At][];
  fallback?: At;
}

/**
 * Loads the content with `overrides` standing in for the files the import writes (by path under
 * pages-data/) and `publicFiles` for the files it stores under public/; `byFile` names the record each
 * written file comes from. A problem in a file the sheet does not make is shown at that file;
 * a cell with a problem of its own already (an empty required cell, a file that is not a picture) is
 * not reported again.
 */
export async function checkContent(root: string, changes: { overrides: Map<string, string>; publicFiles: Map<string, string>; byFile: Map<string, CellsOf> }, out: CellProblems) {
  const { byFile } = changes;
  const { problems, warnings } = await loadContent(root, { overrides: changes.overrides, publicFiles: changes.publicFiles, skipSchemaFiles: true });
  const reported = out.reported();
  const toSheet = (p: Problem) => {
    const r = byFile.get(p.file);
    const cell = r?.at.find(([path]) => p.path === path || p.path.startsWith(`${path}.`) || p.path.startsWith(`${path}[`))?.[1];
    if (cell && reported(cell)) return;
    if (cell) out.add(cell, p.code, p.message, hintOf(p));
    // A field no column of the sheet gives (a new product's description, where the sheet has no such column): at the row's id.
    else if (r?.fallback) out.add(r.fallback, p.code, `${p.path}: ${p.message}`, hintOf(p));
    else out.content(`${p.file}:${p.line}:${p.column}  ${p.path || '(document)'}`, p.code, p.message, hintOf(p));
  };
  for (const p of problems) toSheet(p);
  // A warning about a file the sheet does not make (the site document's example company) is validate's to tell.
  // The products waiting for a picture are the import's to count, among the sheet's (D24).
  for (const p of warnings) if (byFile.has(p.file) && p.code !== 'products-without-picture') toSheet(p);
}
