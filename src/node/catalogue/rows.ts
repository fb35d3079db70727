// The rows of our own template: a product's row, named by its id, and under it a row for each of its
// packs, naming the product in "pack of" (D22).
import { FIELD, PACK_COLUMNS } from './columns.ts';
import { headerAt, type SheetColumn } from './header.ts';
import { type Given, given, isBlank, type LeftOut, type PackInput, type ProductField, type ProductInput, type Report } from './input.ts';
import type { Sheet } from './sheet.ts';

const onPackRow = new Set<string>(PACK_COLUMNS);

export function templateInputs(body: Sheet['rows'], columns: SheetColumn[], report: Report): { inputs: ProductInput[]; rows: number; leftOut: LeftOut[] } {
  const named = (name: string) => columns.find((c) => c.column === name);
  const [idColumn, packOf, code] = [named('id')!, named('pack of'), named('code')];
  const inputs: ProductInput[] = [];
  const byId = new Map<string, ProductInput>();
  let rows = 0;
  for (const { row, cells } of body) {
    if (columns.every((c) => isBlank(cells[c.index]))) continue;
    rows++;
    const cell = (c: SheetColumn) => given(cells[c.index], headerAt(row, c.index, c.header), report);
    const filled = (c: SheetColumn) => !isBlank(cells[c.index]);

    const parent = packOf && filled(packOf) ? cell(packOf) : undefined;
    if (parent) {
      const product = byId.get(parent.text.toLowerCase());
      if (!product) {
        report(parent.at, 'pack-without-product', { id: parent.text });
        continue;
      }
      for (const c of columns) if (!c.spec && !onPackRow.has(c.column!) && filled(c)) report(headerAt(row, c.index, c.header), 'product-cell-on-pack-row', { header: c.header, row: product.row });
      const pack = packInput(columns, cell);
      if (pack?.code.text === '') report(pack.code.at, 'empty-cell', { header: pack.code.at.header });
      else if (pack) product.packs!.push(pack);
      continue;
    }

    const id = cell(idColumn);
    if (id === undefined) continue;
    if (id.text === '') {
      report(id.at, 'empty-cell', { header: 'id' });
      continue;
    }
    const input: ProductInput = { row, id, fields: {}, values: [], ...(code ? { packs: [] } : {}) };
    for (const c of columns) {
      if (c === idColumn) continue;
      // "pack of", "code" and "pack" are a pack's row's.
      if (c.column && !(c.column in FIELD)) {
        if (filled(c)) report(headerAt(row, c.index, c.header), 'pack-cell-on-product-row', { header: c.header });
        continue;
      }
      const value = cell(c);
      if (value === undefined) continue;
      if (c.spec) input.values.push({ ...c.spec, value });
      else input.fields[c.column as ProductField] = value;
    }
    if (!byId.has(id.text.toLowerCase())) byId.set(id.text.toLowerCase(), input);
    inputs.push(input);
  }
  return { inputs, rows, leftOut: [] };
}

/** A pack's row: its code, and the label, price, picture and values the sheet has columns for (undefined where the code's cell cannot be read). */
function packInput(columns: SheetColumn[], cell: (c: SheetColumn) => Given | undefined): PackInput | undefined {
  const pack: Partial<PackInput> & { values: PackInput['values'] } = { values: [] };
  const key = { code: 'code', pack: 'label', price: 'price', image: 'image', 'image alt': 'imageAlt' } as const;
  for (const c of columns) {
    if (c.column === 'pack of' || c.column === 'id') continue;
    if (!c.spec && !(c.column! in key)) continue;
    const value = cell(c);
    if (value === undefined) continue;
    if (c.spec) pack.values.push({ ...c.spec, value });
    else pack[key[c.column as keyof typeof key]] = value;
  }
  return pack.code ? (pack as PackInput) : undefined;
}
