// Writing the catalogue to a spreadsheet: `export` (every product, the columns of columns.ts, which an
// import reads back unchanged) and `template` (the same columns, no rows). An .xlsx gets a second sheet,
// "Columns", saying what each column holds and listing the categories and brands, and the brand and
// category cells offer those as a list to choose from. A .csv gets a byte order mark (so that Excel
// reads °C and µm right) and every text that a spreadsheet would run as a formula escaped with a
// quote, which the import takes off again.
//
// write-excel-file writes the workbook; it has no data validation of its own, so the choice lists are
// a "feature" of ours (its documented extension point), which adds <dataValidations> to the first sheet.
import { stringify } from 'csv-stringify/sync';
import writeXlsxFile, { type Cell, type Row } from 'write-excel-file/node';
import { getOrderOfSiblings, insertElementMarkupAccordingToOrderOfSiblings, sanitizeAttributeValue, sanitizeTextContent } from 'write-excel-file/utility';
import type { Attribute } from '../../../schemas/records.ts';
import type { Content } from '../content/load.ts';
import { type Column, COLUMN_HELP, COLUMNS, SPEC_HELP, specColumns, specHeader } from './columns.ts';
import { Names } from './names.ts';
import { columnName } from './sheet.ts';

type Value = string | number | undefined;
/** A write-excel-file feature, as the writer of several sheets takes it. */
type XlsxFeature = NonNullable<NonNullable<Parameters<typeof writeXlsxFile>[1]>['features']>[number];

type Product = Content['products'] extends ReadonlyMap<string, infer P> ? P : never;

/** A value of the attributes' columns, from a product's or a pack's values. */
const valuesOf = (values: Product['specifications'], specs: Pick<Attribute, 'name' | 'unit'>[]) =>
  specs.map((a) => (values.find((s) => typeof s !== 'string' && s.name === a.name && (s.unit ?? '') === (a.unit ?? '')) as { value: string | number } | undefined)?.value);

/**
 * One product's rows: its own (its value in each column, a list one item per line, its specification
 * values by column) and under it one per pack (D22), naming it in "pack of", with the pack's own values.
 */
function productRows(p: Product, specs: Pick<Attribute, 'name' | 'unit'>[], category: string): Value[][] {
  const texts = p.specifications.filter((s): s is string => typeof s === 'string');
  const cells: Record<Column, Value> = {
    id: p.id,
    'pack of': undefined,
    code: undefined,
    pack: undefined,
    name: p.name,
    brand: p.brand,
    category,
    model: p.model,
    description: p.description,
    image: p.image?.src ?? '',
    'image alt': p.image?.alt ?? '',
    specifications: texts.join('\n') || undefined,
    applications: p.applications.join('\n') || undefined,
    datasheet: p.datasheet,
    price: p.price,
    status: p.status ?? 'active',
    'replaced by': p.replacedBy,
  };
  const packs = (p.packs ?? []).map((pack) => {
    const own: Partial<Record<Column, Value>> = { 'pack of': p.id, code: pack.code, pack: pack.label, image: pack.image?.src, 'image alt': pack.image?.alt, price: pack.price };
    return [...COLUMNS.map((c) => own[c]), ...valuesOf(pack.specifications ?? [], specs)];
  });
  return [[...COLUMNS.map((c) => cells[c]), ...valuesOf(p.specifications, specs)], ...packs];
}

export type SheetFormat = 'xlsx' | 'csv';
export const formatOf = (file: string): SheetFormat | undefined => (/\.xlsx$/i.test(file) ? 'xlsx' : /\.csv$/i.test(file) ? 'csv' : undefined);

/** The catalogue (or, with `empty`, the template) as a spreadsheet file's bytes. */
export async function catalogueSheet(content: Pick<Content, 'products' | 'categories' | 'partners' | 'suppliers'>, format: SheetFormat, empty = false): Promise<Buffer> {
  const specs = specColumns(content.categories.values());
  const headers = [...COLUMNS, ...specs.map((a) => specHeader(a.name, a.unit))];
  // A category by its path ("Water Testing > Photometers"), as shops' sheets name it; by its id where the path names another too.
  const names = new Names([...content.categories.values()], [], () => {});
  const category = (id: string) => {
    const path = names.path(id);
    const found = names.find(path);
    return found && 'id' in found && found.id === id ? path : id;
  };
  const rows = empty ? [] : [...content.products.values()].flatMap((p) => productRows(p, specs, category(p.category)));
  if (format === 'csv') return Buffer.from(stringify([headers, ...rows.map((r) => r.map((v) => v ?? ''))], { bom: true, escape_formulas: true, record_delimiter: 'windows' }));

  const categories = [...content.categories.values()];
  const brands = [...content.partners.values(), ...content.suppliers.values()].map((b) => ({ id: b.id, name: b.name }));
  const uniqueBrands = [...new Map(brands.map((b) => [b.id, b])).values()].sort((a, b) => a.id.localeCompare(b.id));
  const text = (value: Value, bold = false): Cell => (value === undefined ? null : typeof value === 'number' ? { value, type: Number } : { value, type: String, wrap: value.includes('\n'), ...(bold ? { fontWeight: 'bold' as const } : {}) });
  const products: Row[] = [headers.map((h) => text(h, true)), ...rows.map((r) => r.map((v) => text(v)))];
  // The second sheet: each column and what it holds; beside them, the categories and the brands to choose from.
  const help: [string, string][] = [...COLUMNS.map((c): [string, string] => [c, COLUMN_HELP[c]]), ['spec: <Name> [<unit>]', SPEC_HELP], ...specs.map((a): [string, string] => [specHeader(a.name, a.unit), attributeHelp(a, categories)])];
  const length = Math.max(help.length, categories.length, uniqueBrands.length);
  const columnsSheet: Row[] = [
    ['column', 'what it holds', '', 'category', 'category id', '', 'brand', 'brand name'].map((h) => text(h, true)),
    ...Array.from({ length }, (_, i) => [text(help[i]?.[0]), text(help[i]?.[1]), null, text(categories[i] && category(categories[i].id)), text(categories[i]?.id), null, text(uniqueBrands[i]?.id), text(uniqueBrands[i]?.name)]),
  ];
  const choices = [
    { column: COLUMNS.indexOf('brand'), list: `'${HELP_SHEET}'!$G$2:$G$${uniqueBrands.length + 1}` },
    { column: COLUMNS.indexOf('category'), list: `'${HELP_SHEET}'!$D$2:$D$${categories.length + 1}` },
    { column: COLUMNS.indexOf('status'), list: '"active,discontinued"' },
  ];
  return writeXlsxFile(
    [
      { data: products, sheet: 'Products', columns: headers.map((h) => ({ width: h === 'description' || h === 'specifications' || h === 'applications' ? 50 : Math.max(12, h.length + 2) })), stickyRowsCount: 1 },
      { data: columnsSheet, sheet: HELP_SHEET, columns: [{ width: 24 }, { width: 90 }, { width: 2 }, { width: 20 }, { width: 24 }, { width: 2 }, { width: 20 }, { width: 24 }] },
    ],
    { features: [choiceLists(choices, Math.max(rows.length + 1, CHOICE_ROWS))] },
  ).toBuffer();
}

const HELP_SHEET = 'Columns';
/** How many rows of the first sheet offer the choice lists: room for a catalogue of thousands. */
const CHOICE_ROWS = 10_000;

function attributeHelp(a: Pick<Attribute, 'name' | 'unit'>, categories: Content['categories'] extends ReadonlyMap<string, infer C> ? C[] : never): string {
  const of = categories.filter((c) => c.attributes?.some((x) => x.name === a.name && (x.unit ?? '') === (a.unit ?? '')));
  const full = of[0]?.attributes?.find((x) => x.name === a.name)!;
  const kind = full?.type === 'number' ? `a number${a.unit ? ` in ${a.unit}` : ''}` : full?.type === 'choice' ? `one of: ${full.choices?.join(', ')}` : 'text';
  return `${kind}; for ${of.map((c) => c.name).join(', ')}`;
}

/** The first sheet's cells of each column offer the values of a list (a range of the second sheet, or "a,b"). */
function choiceLists(lists: { column: number; list: string }[], rows: number): XlsxFeature {
  return {
    files: {
      transform: {
        'xl/worksheets/sheet{id}.xml': {
          transform: (xml, _options, { sheetIndex }) => {
            if (sheetIndex !== 0) return xml;
            const rules = lists
              .map(({ column, list }) => {
                const range = `${columnName(column)}2:${columnName(column)}${rows}`;
                return `<dataValidation type="list" allowBlank="1" showErrorMessage="1" sqref="${sanitizeAttributeValue(range)}"><formula1>${sanitizeTextContent(list)}</formula1></dataValidation>`;
              })
              .join('');
            return insertElementMarkupAccordingToOrderOfSiblings(xml, `<dataValidations count="${lists.length}">${rules}</dataValidations>`, getOrderOfSiblings('xl/worksheets/sheet{id}.xml', 'worksheet') ?? [], 'worksheet');
          },
        },
      },
    },
  };
}
