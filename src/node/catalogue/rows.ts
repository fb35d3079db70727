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

/**
 * The rows of any other sheet, by its mapping: rows of the same product (the same id, else the same
 * name) are one product, from its first row; where the sheet has a code column, each of those rows with
 * a code is one of its packs (an ERP's row per item), its price and picture the pack's own, and each
 * value that differs between them the pack's own too. A product's cell on a later row is its first row's
 * again, or a problem. With a "pack of" column, the rows are our template's.
 */
export function mappedInputs(body: Sheet['rows'], columns: SheetColumn[], report: Report): { inputs: ProductInput[]; rows: number; leftOut: LeftOut[] } {
  if (columns.some((c) => c.column === 'pack of')) return templateInputs(body, columns, report);
  const named = (name: string) => columns.find((c) => c.column === name);
  const key = named('id') ?? named('name')!;
  const code = named('code');
  const onPack = new Set<string>(['code', 'pack', 'price', 'image', 'image alt']);
  const groups = new Map<string, { first: Sheet['rows'][number]; rows: Sheet['rows'] }>();
  let rows = 0;
  for (const row of body) {
    if (columns.every((c) => isBlank(row.cells[c.index]))) continue;
    rows++;
    const text = isBlank(row.cells[key.index]) ? '' : String(row.cells[key.index]!.value).trim().toLowerCase();
    const group = groups.get(text) ?? groups.set(text, { first: row, rows: [] }).get(text)!;
    group.rows.push(row);
  }
  const inputs: ProductInput[] = [];
  for (const [text, { first, rows: group }] of groups) {
    const cellOf = (row: Sheet['rows'][number]) => (c: SheetColumn) => given(row.cells[c.index], headerAt(row.row, c.index, c.header), report);
    const cell = cellOf(first);
    const keyGiven = cell(key);
    if (!keyGiven) continue;
    if (!text) {
      for (const row of group) report(headerAt(row.row, key.index, key.header), 'empty-cell', { header: key.header });
      continue;
    }
    // Without codes, rows of one product are one too many.
    if (!code && group.length > 1) {
      for (const row of group.slice(1)) report(headerAt(row.row, key.index, key.header), 'duplicate-row', { id: keyGiven.text, row: first.row });
      group.length = 1;
    }
    // A value that differs between the product's rows is each pack's own.
    const differs = (c: SheetColumn) => new Set(group.map((r) => (isBlank(r.cells[c.index]) ? '' : String(r.cells[c.index]!.value).trim()))).size > 1;
    const own = (c: SheetColumn) => code !== undefined && (onPack.has(c.column ?? '') ? c.column !== 'image' && c.column !== 'image alt' : c.spec !== undefined && differs(c));
    const input: ProductInput = { row: first.row, ...(key.column === 'id' ? { id: keyGiven } : { key: keyGiven }), codes: [], fields: {}, values: [], ...(code ? { packs: [] } : {}) };
    for (const c of columns) {
      if (c.column === 'id' || c.column === 'code' || c.column === 'pack' || own(c)) continue;
      const value = cell(c);
      if (value === undefined) continue;
      if (c.spec) input.values.push({ ...c.spec, value });
      else if (c.column && c.column in FIELD) input.fields[c.column as ProductField] = value;
    }
    for (const row of group) {
      const at = cellOf(row);
      // A product's cell on a later row: its first row's again, or a problem.
      if (row !== first) {
        for (const c of columns) {
          if (c === key || own(c) || c.column === 'code' || c.column === 'pack' || c.column === 'image' || c.column === 'image alt' || isBlank(row.cells[c.index])) continue;
          if (String(row.cells[c.index]!.value).trim() !== (isBlank(first.cells[c.index]) ? '' : String(first.cells[c.index]!.value).trim())) report(headerAt(row.row, c.index, c.header), 'product-cell-on-pack-row', { header: c.header, row: first.row });
        }
      }
      if (!code || isBlank(row.cells[code.index])) {
        if (code && row !== first) report(headerAt(row.row, code.index, code.header), 'empty-cell', { header: code.header });
        continue;
      }
      const pack: PackInput = { code: at(code)!, values: [] };
      for (const c of columns) {
        if (c === code || !(own(c) || c.column === 'image' || c.column === 'image alt')) continue;
        if ((c.column === 'image' || c.column === 'image alt') && (row === first || isBlank(row.cells[c.index]) || String(row.cells[c.index]!.value) === String(first.cells[c.index]?.value))) continue;
        const value = at(c);
        if (value === undefined) continue;
        if (c.spec) pack.values.push({ ...c.spec, value });
        else if (c.column === 'pack') pack.label = value;
        else if (c.column === 'price') pack.price = value;
        else if (c.column === 'image') pack.image = value;
        else if (c.column === 'image alt') pack.imageAlt = value;
      }
      input.packs!.push(pack);
      input.codes!.push(pack.code.text);
    }
    const model = input.fields.model?.text;
    if (model) input.codes!.push(model);
    inputs.push(input);
  }
  return { inputs, rows, leftOut: [] };
}
