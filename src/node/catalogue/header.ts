// Reading a sheet's header row: what each column holds. Our own template's columns are named by
// columns.ts; a column headed "spec: <Name> [<unit>]" holds a value of the category's attribute.
import { nearest } from '../content/load.ts';
import { type Column, COLUMNS, parseSpecHeader, specHeader } from './columns.ts';
import { type At, isBlank, type Report } from './input.ts';
import type { Sheet } from './sheet.ts';

/** A column of the sheet and what it holds: a field of the template, or a specification value. */
export interface SheetColumn {
  index: number;
  header: string;
  column?: Column;
  spec?: { name: string; unit?: string };
}

export const headerAt = (row: number, index: number, header: string): At => ({ row, column: index, header });

/** The template's columns of a header row; an unknown or repeated header is a problem at its cell. */
export function templateColumns(head: Sheet['rows'][number], report: Report): SheetColumn[] {
  const columns: SheetColumn[] = [];
  const seen = new Set<string>();
  head.cells.forEach((cell, index) => {
    if (isBlank(cell)) return;
    const header = String(cell!.value).trim();
    const key = header.toLowerCase().replace(/\s+/g, ' ');
    const column = COLUMNS.find((c) => c === key);
    const spec = column ? undefined : parseSpecHeader(header);
    const at = headerAt(head.row, index, header);
    if (!column && !spec) return report(at, 'unknown-column', { header, guess: nearest(key, [...COLUMNS]) });
    const name = column ?? specHeader(spec!.name, spec!.unit).toLowerCase();
    if (seen.has(name)) return report(at, 'duplicate-column', { header });
    seen.add(name);
    columns.push({ index, header, ...(column ? { column } : { spec: spec! }) });
  });
  return columns;
}
