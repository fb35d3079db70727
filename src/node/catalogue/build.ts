// Building the records: each product input made into its record as it would be, the record it was
// (if any) changed only in the fields the sheet gives. Each field's path (as validate names it) is
// kept with the cell it came from, so that validate's problems are shown at their cells.
import { safeFileName, slug } from '../../../schemas/primitives.ts';
import { FIELD, LISTS, REQUIRED } from './columns.ts';
import type { FileKind } from './files.ts';
import type { At, Given, ProductInput, Report } from './input.ts';

export type Json = Record<string, unknown>;
export const PRODUCT_SCHEMA = '../../../schemas/product.schema.json';

/** A product file as it is: its id as its file names it, its text, and its record where it parses. */
export interface Existing {
  id: string;
  text: string;
  doc?: Json;
}

/** A product's record as the import would write it. */
export interface BuiltRecord {
  row: number;
  id: string;
  before?: Json;
  after: Json;
  /** Field paths (as validate names them) and the cell each came from, longest first. */
  at: [string, At][];
  /** Where a problem of a field no cell gives is shown: the row's id cell. */
  fallback: At;
}

/** A file a cell names (a picture, a datasheet), to be prepared before the records are checked. */
export interface FileRequest {
  record: BuiltRecord;
  at: At;
  name: string;
  kind: FileKind;
  /** Where its stored path goes in the record. */
  path: string;
}

export interface BuildContext {
  /** The products as they are, by id in lowercase. */
  existing: ReadonlyMap<string, Existing>;
  brands: { id: string; name?: string }[];
  categories: { id: string; name?: string; attributes?: { name: string; type: string }[] }[];
  report: Report;
}

export function buildRecords(inputs: ProductInput[], ctx: BuildContext): { records: BuiltRecord[]; files: FileRequest[] } {
  const { existing, report } = ctx;
  const byIdOrName = (list: { id: string; name?: string }[], text: string) => {
    const t = text.trim().toLowerCase();
    // Neither: as typed, in lowercase (ids are), for validate to name the nearest.
    return list.find((r) => r.id.toLowerCase() === t)?.id ?? list.find((r) => r.name?.toLowerCase() === t)?.id ?? t;
  };
  // The ids of the sheet, so that "replaced by" may name a product of the sheet.
  const sheetIds = new Set(inputs.flatMap((i) => (i.id ? [i.id.text.toLowerCase()] : [])));
  const rowIds = new Map<string, number>();
  const records: BuiltRecord[] = [];
  const files: FileRequest[] = [];
  for (const input of inputs) {
    const rawId = input.id!;
    const match = existing.get(rawId.text.toLowerCase());
    const id = match?.id ?? rawId.text.toLowerCase();
    if (!match && !slug.safeParse(id).success) {
      report(rawId.at, 'bad-id', { id: rawId.text, safe: safeFileName(rawId.text).toLowerCase().replace(/[._]+/g, '-').replace(/^-+|-+$/g, '') });
      continue;
    }
    if (rowIds.has(id)) {
      report(rawId.at, 'duplicate-row', { id, row: rowIds.get(id)! });
      continue;
    }
    rowIds.set(id, input.row);
    if (match && !match.doc) continue; // a product file that is not JSON: validate says where
    const before = match?.doc;
    const after: Json = before ? structuredClone(before) : { $schema: PRODUCT_SCHEMA };
    const record: BuiltRecord = { row: input.row, id, ...(before ? { before } : {}), after, at: [], fallback: rawId.at };
    const from = (path: string, at: At) => record.at.push([path, at]);

    // The plain fields first, then the category's specification values (which need the category).
    for (const [column, value] of Object.entries(input.fields) as [keyof typeof FIELD, Given][]) {
      const { text, at } = value;
      const path = FIELD[column];
      from(path, at);
      if (text === '' && REQUIRED.has(column)) {
        report(at, 'empty-cell', { header: at.header });
        continue;
      }
      const set = (v: unknown) => (v === '' || (Array.isArray(v) && v.length === 0) ? deleteAt(after, path) : setAt(after, path, v));
      if (LISTS.has(column)) {
        const items = text.split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
        if (column === 'specifications') setTexts(after, items);
        else set(items);
      } else if (column === 'brand') set(byIdOrName(ctx.brands, text));
      else if (column === 'category') set(byIdOrName(ctx.categories, text));
      else if (column === 'status') set(text.toLowerCase() === 'active' ? '' : text.toLowerCase());
      else if (column === 'replaced by') set(text && (existing.get(text.toLowerCase())?.id ?? (sheetIds.has(text.toLowerCase()) ? text.toLowerCase() : text)));
      else if ((column === 'image' || column === 'datasheet') && text && !text.startsWith('/')) {
        files.push({ record, at, name: text, kind: column === 'image' ? 'picture' : 'datasheet', path });
        set(text); // replaced by the stored file's path once prepared
      } else set(text);
    }
    const category = ctx.categories.find((c) => c.id === after.category);
    for (const { name, unit, value: given } of input.values) {
      const { text, number } = given;
      const attribute = category?.attributes?.find((a) => a.name === name);
      const parsed = number ?? (/^[+-]?\d+(?:[.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : undefined);
      // A number where the attribute takes one (or where the category is unknown and the cell is one); text otherwise.
      const value = text === '' ? undefined : parsed !== undefined && (attribute ? attribute.type === 'number' : number !== undefined) ? parsed : text;
      setValue(after, name, value === undefined ? undefined : { name, value, ...(unit ? { unit } : {}) });
    }
    // Where each value ended up, once all are set (removing one moves the ones after it).
    for (const { name, value } of input.values) {
      const i = specsOf(after).findIndex((s) => typeof s !== 'string' && s.name === name);
      if (i !== -1) from(`specifications[${i}]`, value.at);
    }
    if (Array.isArray(after.specifications) && after.specifications.length === 0 && !before?.specifications) delete after.specifications;
    record.at.sort((a, b) => b[0].length - a[0].length);
    records.push(record);
  }
  return { records, files };
}

const pathParts = (path: string) => path.split('.');
export function setAt(doc: Json, path: string, value: unknown) {
  const parts = pathParts(path);
  let cur = doc;
  for (const p of parts.slice(0, -1)) cur = (cur[p] && typeof cur[p] === 'object' ? cur[p] : (cur[p] = {})) as Json;
  cur[parts[parts.length - 1]!] = value;
}
function deleteAt(doc: Json, path: string) {
  const parts = pathParts(path);
  let cur: Json | undefined = doc;
  for (const p of parts.slice(0, -1)) cur = cur?.[p] as Json | undefined;
  if (cur) delete cur[parts[parts.length - 1]!];
}

export type Spec = string | { name: string; value: unknown; unit?: string };
export const specsOf = (doc: Json): Spec[] => (Array.isArray(doc.specifications) ? (doc.specifications as Spec[]) : []);

/** The free-text specifications replaced by `items`, where the first of them stood (the values stay where they are). */
function setTexts(doc: Json, items: string[]) {
  const specs = specsOf(doc);
  const first = specs.findIndex((s) => typeof s === 'string');
  const values = specs.filter((s) => typeof s !== 'string');
  const at = first === -1 ? values.length : specs.slice(0, first).filter((s) => typeof s !== 'string').length;
  doc.specifications = [...values.slice(0, at), ...items, ...values.slice(at)];
}

/** A specification value set in place (after the last value, for a new one) or removed. */
function setValue(doc: Json, name: string, value: Spec | undefined) {
  const specs = [...specsOf(doc)];
  const i = specs.findIndex((s) => typeof s !== 'string' && s.name === name);
  if (value === undefined) {
    if (i !== -1) specs.splice(i, 1);
  } else if (i !== -1) specs[i] = value;
  else specs.splice(specs.reduce((last, s, j) => (typeof s !== 'string' ? j : last), -1) + 1, 0, value);
  doc.specifications = specs;
}
