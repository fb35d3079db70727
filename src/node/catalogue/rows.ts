// The rows of our own template: one row a product, named by its id.
import { FIELD } from './columns.ts';
import { headerAt, type SheetColumn } from './header.ts';
import { given, isBlank, type ProductField, type ProductInput, type Report } from './input.ts';
import type { Sheet } from './sheet.ts';

export function templateInputs(body: Sheet['rows'], columns: SheetColumn[], idColumn: SheetColumn, report: Report): { inputs: ProductInput[]; rows: number } {
  const inputs: ProductInput[] = [];
  let rows = 0;
  for (const { row, cells } of body) {
    if (columns.every((c) => isBlank(cells[c.index]))) continue;
    rows++;
    const cell = (c: SheetColumn) => given(cells[c.index], headerAt(row, c.index, c.header), report);
    const id = cell(idColumn);
    if (id === undefined) continue;
    if (id.text === '') {
      report(id.at, 'empty-cell', { header: 'id' });
      continue;
    }
    const input: ProductInput = { row, id, fields: {}, values: [] };
    for (const c of columns) {
      if (c === idColumn) continue;
      const value = cell(c);
      if (value === undefined) continue;
      if (c.spec) input.values.push({ ...c.spec, value });
      else if (c.column && c.column in FIELD) input.fields[c.column as ProductField] = value;
    }
    inputs.push(input);
  }
  return { inputs, rows };
}
