// Building the records: each product input made into its record as it would be, the record it was
// (if any) changed only in the fields the sheet gives. Each field's path (as validate names them) is
// kept with the cell it came from, so that validate's problems are shown at their cells.
import { safeFileName, slug } from '../../../schemas/primitives.ts';
import { FIELD, LISTS, REQUIRED } from './columns.ts';
import type { FileKind } from './files.ts';
import type { At, Given, LeftOut, PackInput, ProductInput, Report, ValueGiven } from './input.ts';
import { type Names, slugOf } from './names.ts';

export type Json = Record<string, unknown>;
export const PRODUCT_SCHEMA = '../../../schemas/product.schema.json';
/** A pack's keys in the order of its schema: a new pack is written so. */
const PACK_KEYS = ['code', 'label', 'specifications', 'image', 'price'];

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
  at: At;
  name: string;
  kind: FileKind;
  /** Puts the stored file's path in the record. */
  set(ref: string): void;
}

export interface BuildContext {
  /** The products as they are, by id in lowercase. */
  existing: ReadonlyMap<string, Existing>;
  names: Names;
  report: Report;
}

export function buildRecords(inputs: ProductInput[], ctx: BuildContext): { records: BuiltRecord[]; files: FileRequest[]; leftOut: LeftOut[] } {
  const { existing, report } = ctx;
  // The ids of the sheet, so that "replaced by" may name a product of the sheet.
  const sheetIds = new Set(inputs.flatMap((i) => (i.id ? [i.id.text.toLowerCase()] : [])));
  const rowIds = new Map<string, number>();
  const records: BuiltRecord[] = [];
  const files: FileRequest[] = [];
  const leftOut: LeftOut[] = [];
  const byCode = codeIndex(existing);
  for (const input of inputs) {
    const rawId = (input.id ?? input.key)!;
    const match = input.id ? existing.get(rawId.text.toLowerCase()) : knownBy(input, byCode, existing, rowIds);
    const id = match?.id ?? (input.id ? rawId.text.toLowerCase() : freeId(rawId.text, rowIds));
    if (!match && !slug.safeParse(id).success) {
      if (input.id) report(rawId.at, 'bad-id', { id: rawId.text, safe: safeFileName(rawId.text).toLowerCase().replace(/[._]+/g, '-').replace(/^-+|-+$/g, '') });
      else report(rawId.at, 'empty-cell', { header: rawId.at.header });
      continue;
    }
    if (rowIds.has(id)) {
      report(rawId.at, 'duplicate-row', { id, row: rowIds.get(id)! });
      continue;
    }
    // A product the shop does not show: not brought in, or taken out of the range.
    if (input.hidden && !match) {
      leftOut.push({ row: input.row, name: input.fields.name?.text || rawId.text, reason: `the shop does not show it (${input.hidden.at.header}: ${input.hidden.text})` });
      continue;
    }
    rowIds.set(id, input.row);
    if (match && !match.doc) continue; // a product file that is not JSON: validate says where
    const before = match?.doc;
    const after: Json = before ? structuredClone(before) : { $schema: PRODUCT_SCHEMA };
    const record: BuiltRecord = { row: input.row, id, ...(before ? { before } : {}), after, at: [], fallback: rawId.at };
    const from = (path: string, at: At) => record.at.push([path, at]);

    // The plain fields first, then the category's specification values and the packs (which need the category).
    for (const [column, value] of Object.entries(input.fields) as [keyof typeof FIELD, Given][]) {
      const { text, at } = value;
      const path = FIELD[column];
      from(path, at);
      if (text === '' && REQUIRED.has(column)) {
        report(at, 'empty-cell', { header: at.header });
        continue;
      }
      const set = (v: unknown) => (v === '' || v === undefined || (Array.isArray(v) && v.length === 0) ? deleteAt(after, path) : setAt(after, path, v));
      if (LISTS.has(column)) {
        const items = text.split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
        if (column === 'specifications') setTexts(after, items);
        else set(items);
      } else if (column === 'brand') {
        const brand = ctx.names.brand(value);
        if (brand) set(brand);
      } else if (column === 'category') {
        const category = ctx.names.category(value);
        if (category) set(category);
      } else if (column === 'image' && text === '') delete after.image; // a picture to follow (D24): its alt text goes with it
      else if (column === 'image alt' && !after.image) continue;
      else if (column === 'status') set(text.toLowerCase() === 'active' ? '' : text.toLowerCase());
      else if (column === 'replaced by') set(text && (existing.get(text.toLowerCase())?.id ?? (sheetIds.has(text.toLowerCase()) ? text.toLowerCase() : text)));
      else if ((column === 'image' || column === 'datasheet') && text && !text.startsWith('/')) {
        files.push({ at, name: text, kind: column === 'image' ? 'picture' : 'datasheet', set: (ref) => setAt(after, path, ref) });
        set(text); // replaced by the stored file's path once prepared
      } else set(text);
    }
    // A picture the sheet gives no alt text for (a shop's export has none): its old one, else the product's name.
    if (input.fields.image && !input.fields['image alt'] && after.image && !(after.image as Json).alt) setAt(after, 'image.alt', String(after.name ?? ''));

    const attributes = typeof after.category === 'string' ? ctx.names.attributes(after.category) : undefined;
    const specAt = setValues(after, [...input.values, ...fitting(input.attributes, attributes, report, 'a specification line')], attributes);
    for (const [i, at] of specAt) from(`specifications[${i}]`, at);
    // A shop's attribute that is none of the category's is a specification line: "Material: Borosilicate".
    const lines = (input.attributes ?? []).filter((a) => !attributeNamed(attributes, a.name) && a.value.text).map((a) => `${a.name}: ${a.value.text}`);
    if (lines.length > 0) setTexts(after, [...specsOf(after).filter((x): x is string => typeof x === 'string'), ...lines]);
    if (Array.isArray(after.specifications) && after.specifications.length === 0 && !before?.specifications) delete after.specifications;

    if (input.packs) {
      const old = Array.isArray(before?.packs) ? (before.packs as Json[]) : [];
      const packs = input.packs.map((p, i) =>
        buildPack(p, old, {
          attributes,
          productName: String(after.name ?? ''),
          report,
          from: (path, at) => from(`packs[${i}]${path}`, at),
          file: (request) => files.push({ ...request, set: (ref) => setAt((after.packs as Json[])[i]!, 'image.src', ref) }),
        }),
      );
      if (packs.length > 0) after.packs = packs;
      else delete after.packs;
    }
    record.at.sort((a, b) => b[0].length - a[0].length);
    records.push(record);
  }
  return { records, files, leftOut };
}

/** The products as they are by their model number and their packs' order codes, in lowercase. */
function codeIndex(existing: ReadonlyMap<string, Existing>): Map<string, string> {
  const index = new Map<string, string>();
  for (const { id, doc } of existing.values()) {
    if (typeof doc?.model === 'string') index.set(doc.model.toLowerCase(), id);
    for (const p of Array.isArray(doc?.packs) ? (doc.packs as Json[]) : []) if (typeof p.code === 'string') index.set(p.code.toLowerCase(), id);
  }
  return index;
}

/** The product a shop's row is (by an order code or SKU it has, else by the id its handle or name makes), not yet taken by another row. */
function knownBy(input: ProductInput, byCode: Map<string, string>, existing: ReadonlyMap<string, Existing>, taken: Map<string, number>): Existing | undefined {
  for (const code of input.codes ?? []) {
    const id = byCode.get(code.toLowerCase());
    if (id && !taken.has(id)) return existing.get(id);
  }
  const id = freeId(input.key!.text, taken);
  return existing.get(id);
}

/** The id a handle or name makes, with -2, -3... where another row of the sheet has it. */
function freeId(text: string, taken: Map<string, number>): string {
  const base = slugOf(text);
  let id = base;
  for (let n = 2; base && taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

const attributeNamed = (attributes: Attributes, name: string) => attributes?.find((a) => a.name.toLowerCase() === name.trim().toLowerCase());

/**
 * A shop's options or attributes that are attributes of the category, as values of them: a number in
 * the attribute's unit ("500 mL" or "500" for mL), one of its choices (whatever its case), any text. One
 * that does not fit is a warning: it stays `kept` (in the pack's label, or as a specification line).
 */
function fitting(given: ValueGiven[] | undefined, attributes: Attributes, report: Report, kept: string): ValueGiven[] {
  return (given ?? []).flatMap((o): ValueGiven[] => {
    const attribute = attributeNamed(attributes, o.name);
    const text = o.value.text;
    if (!attribute || !text) return [];
    const unit = attribute.unit ? `(?:\\s*${attribute.unit.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})?` : '';
    const number = new RegExp(`^([+-]?\\d+(?:[.,]\\d+)?)${unit}$`, 'i').exec(text)?.[1];
    const value =
      attribute.type === 'number' ? (number === undefined ? undefined : number.replace(',', '.'))
      : attribute.type === 'choice' ? attribute.choices?.find((c) => c.toLowerCase() === text.toLowerCase())
      : text;
    if (value === undefined) {
      report(o.value.at, 'option-not-value', { name: attribute.name, value: text, expected: attribute.type === 'number' ? `a number${attribute.unit ? ` in ${attribute.unit}` : ''}` : `one of ${attribute.choices?.join(', ')}`, kept });
      return [];
    }
    return [{ name: attribute.name, ...(attribute.unit ? { unit: attribute.unit } : {}), value: { ...o.value, text: value } }];
  });
}

/**
 * A pack as it would be: the one of the same code (whatever its case) changed in the fields the sheet
 * gives, or a new one, its keys in their usual order.
 */
function buildPack(
  p: PackInput,
  old: Json[],
  { attributes, productName, report, from, file }: { attributes: Attributes; productName: string; report: Report; from: (path: string, at: At) => void; file: (request: Omit<FileRequest, 'set'>) => void },
): Json {
  const prior = old.find((o) => typeof o.code === 'string' && o.code.toLowerCase() === p.code.text.toLowerCase());
  const pack: Json = prior ? structuredClone(prior) : {};
  pack.code = p.code.text;
  from('', p.code.at);
  from('.code', p.code.at);
  const field = (key: string, given: Given | undefined) => {
    if (!given) return;
    from(`.${key}`, given.at);
    if (given.text === '') delete pack[key];
    else pack[key] = given.text;
  };
  if (p.label?.text === '') report(p.label.at, 'empty-cell', { header: p.label.at.header });
  field('label', p.label);
  field('price', p.price);
  if (p.image) {
    from('.image', p.image.at);
    if (p.image.text === '') delete pack.image;
    else {
      if (!p.image.text.startsWith('/')) file({ at: p.image.at, name: p.image.text, kind: 'picture' });
      setAt(pack, 'image.src', p.image.text);
    }
  }
  if (p.imageAlt) {
    from('.image.alt', p.imageAlt.at);
    if (pack.image) setAt(pack, 'image.alt', p.imageAlt.text);
  } else if (pack.image && !(pack.image as Json).alt) setAt(pack, 'image.alt', [productName, pack.label].filter(Boolean).join(', '));
  for (const [i, at] of setValues(pack, [...p.values, ...fitting(p.options, attributes, report, 'the pack\'s label')], attributes)) from(`.specifications[${i}]`, at);
  if (Array.isArray(pack.specifications) && pack.specifications.length === 0) delete pack.specifications;
  const keys = [...Object.keys(prior ?? {}), ...PACK_KEYS, ...Object.keys(pack)];
  return Object.fromEntries([...new Set(keys)].filter((k) => k in pack).map((k) => [k, pack[k]]));
}

type Attributes = { name: string; type: string; unit?: string | undefined; choices?: string[] | undefined }[] | undefined;

/**
 * The specification values the sheet gives, each set in place or removed; returns where each ended up
 * (its index in `specifications`) and the cell it came from.
 */
function setValues(doc: Json, values: ValueGiven[], attributes: Attributes): [number, At][] {
  for (const { name, unit, value: given } of values) {
    const { text, number } = given;
    const attribute = attributes?.find((a) => a.name === name);
    const parsed = number ?? (/^[+-]?\d+(?:[.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : undefined);
    // A number where the attribute takes one (or where the category is unknown and the cell is one); text otherwise.
    const value = text === '' ? undefined : parsed !== undefined && (attribute ? attribute.type === 'number' : number !== undefined) ? parsed : text;
    setValue(doc, name, value === undefined ? undefined : { name, value, ...(unit ? { unit } : {}) });
  }
  // Where each value ended up, once all are set (removing one moves the ones after it).
  return values.flatMap(({ name, value }): [number, At][] => {
    const i = specsOf(doc).findIndex((s) => typeof s !== 'string' && s.name === name);
    return i === -1 ? [] : [[i, value.at]];
  });
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
