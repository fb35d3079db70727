// Importing products from a spreadsheet (D21): one row a product, matched with the records by id
// (whatever its case). The plan is worked out whole before anything is written: every row made into
// its record's text, every picture and datasheet prepared, and the content as it would then be
// checked by loadContent itself (validate's own rules and codes), each problem shown at its cell.
// `applyImport` writes the plan, all of it or nothing: only a plan without problems is applied.
// A column the sheet lacks leaves its field as it is; a product leaves the range only by its status.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { throughLink } from '../content/files.ts';
import { loadContent, nearest, type Problem } from '../content/load.ts';
import { fieldPath } from '../content/locate.ts';
import { type Code, hintOf, message, type Params, WARNINGS } from '../content/problems.ts';
import { productFile, productIdOfFile, PRODUCTS_FOLDER, RECORD_FILES } from '../../../schemas/routes.ts';
import { safeFileName, slug } from '../../../schemas/primitives.ts';
import { type Column, COLUMNS, FIELD, LISTS, parseSpecHeader, REQUIRED, specHeader } from './columns.ts';
import { FileProblem, prepareFile, type FileKind } from './files.ts';
import { type Cell, columnName, readSheet, SheetError } from './sheet.ts';

export interface ImportOptions {
  /** The sheet to read in a workbook (by default its first). */
  sheet?: string;
  /** Where the files the image and datasheet cells name are (by default the sheet's own folder). */
  files?: string;
  /** The sheet's bytes, when they are not read from `file` (the studio's upload). */
  bytes?: Uint8Array;
}

/** A problem at a cell of the sheet (row and column as the spreadsheet shows them), or at a file of the content. */
export interface ImportProblem {
  /** Where: `products.xlsx:5:C (brand)`, or a content file's `pages-data/...:line:column  path`. */
  at: string;
  row?: number;
  column?: string;
  header?: string;
  code: Code;
  message: string;
  hint: string;
}

export interface Change {
  id: string;
  name: string;
  row: number;
  /** Each changed field, its old value and its new (as text); for a new product, every field. */
  fields: { field: string; from?: string; to?: string }[];
}

export interface ImportPlan {
  file: string;
  sheet: string;
  rows: number;
  created: Change[];
  updated: Change[];
  discontinued: Change[];
  unchanged: number;
  problems: ImportProblem[];
  warnings: ImportProblem[];
  /** The files an apply writes, by path from the project root: records, pictures, datasheets. */
  writes: Map<string, string | Buffer>;
}

type Json = Record<string, unknown>;
const PRODUCT_KEYS = ['$schema', 'name', 'brand', 'category', 'model', 'packSize', 'description', 'image', 'specifications', 'applications', 'datasheet', 'price', 'status', 'replacedBy'];
const SCHEMA = '../../../schemas/product.schema.json';

/** What a row's cells make of its product, and at which column each field came from. */
interface RowRecord {
  row: number;
  id: string;
  before?: Json;
  after: Json;
  /** Field paths (as validate names them) and the column each came from, longest first. */
  columns: [string, number][];
}

/** A cell with nothing in it (a formula is something, even without a value saved). */
const isBlank = (cell: Cell | undefined) => cell === undefined || (!cell.formula && (cell.value === null || (typeof cell.value === 'string' && cell.value.trim() === '')));

export async function planImport(root: string, file: string, options: ImportOptions = {}): Promise<ImportPlan> {
  const shownFile = file.replace(/^.*[\\/]/, '');
  const plan: ImportPlan = { file: shownFile, sheet: '', rows: 0, created: [], updated: [], discontinued: [], unchanged: 0, problems: [], warnings: [], writes: new Map() };
  const at = (row: number, column: number, header: string) => `${shownFile}:${row}:${columnName(column)} (${header})`;
  const cellProblem = <C extends Code>(row: number, column: number, header: string, code: C, params: Params<C>) => {
    const text = message(code, params);
    (WARNINGS.has(code) ? plan.warnings : plan.problems).push({ at: at(row, column, header), row, column: columnName(column), header, code, message: text, hint: hintOf({ code, path: '', message: text }) });
  };

  let sheet;
  try {
    sheet = readSheet(options.bytes ?? readFileSync(file), shownFile, options.sheet);
  } catch (err) {
    if (!(err instanceof SheetError) && (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    const detail = err instanceof SheetError ? err.message : `no such file: ${file}`;
    plan.problems.push({ at: `${shownFile}:1:1`, code: 'unreadable-sheet', message: detail, hint: hintOf({ code: 'unreadable-sheet', path: '', message: detail }) });
    return plan;
  }
  plan.sheet = sheet.name;
  const [head, ...body] = sheet.rows;
  if (!head) {
    plan.problems.push({ at: `${shownFile}:1:1`, code: 'unreadable-sheet', message: 'the sheet is empty: its first row names the columns', hint: hintOf({ code: 'unreadable-sheet', path: '', message: '' }) });
    return plan;
  }

  // The header row: each column a field of COLUMNS or a specification value.
  const columns: { index: number; header: string; column?: Column; spec?: { name: string; unit?: string } }[] = [];
  const seen = new Set<string>();
  head.cells.forEach((cell, index) => {
    if (isBlank(cell)) return;
    const header = String(cell!.value).trim();
    const key = header.toLowerCase().replace(/\s+/g, ' ');
    const column = COLUMNS.find((c) => c === key);
    const spec = column ? undefined : parseSpecHeader(header);
    if (!column && !spec) return cellProblem(head.row, index, header, 'unknown-column', { header, guess: nearest(key, [...COLUMNS]) });
    const name = column ?? specHeader(spec!.name, spec!.unit).toLowerCase();
    if (seen.has(name)) return cellProblem(head.row, index, header, 'duplicate-column', { header });
    seen.add(name);
    columns.push({ index, header, ...(column ? { column } : { spec: spec! }) });
  });
  const idColumn = columns.find((c) => c.column === 'id');
  if (!idColumn) {
    plan.problems.push({ at: `${shownFile}:1:1`, code: 'missing-column', message: message('missing-column', { header: 'id' }), hint: hintOf({ code: 'missing-column', path: '', message: '' }) });
    return plan;
  }

  // The records as they are: products by their id in lowercase, brands and categories by id and by name.
  const dataDir = join(root, 'pages-data');
  const readJson = (rel: string): Json | undefined => {
    try {
      return JSON.parse(readFileSync(join(dataDir, rel), 'utf8')) as Json;
    } catch {
      return undefined;
    }
  };
  const existing = new Map<string, { id: string; text: string; doc?: Json }>();
  for (const name of listProducts(dataDir)) {
    const id = productIdOfFile(`${PRODUCTS_FOLDER}${name}`);
    if (!id) continue;
    const text = readFileSync(join(dataDir, PRODUCTS_FOLDER, name), 'utf8');
    let doc: Json | undefined;
    try {
      doc = JSON.parse(text) as Json;
    } catch {
      // Its own problem is validate's to report.
    }
    existing.set(id.toLowerCase(), { id, text, ...(doc ? { doc } : {}) });
  }
  const named = (list: unknown) => (Array.isArray(list) ? list : []).filter((r): r is { id: string; name?: string } => typeof r?.id === 'string');
  const brands = [...named(readJson(RECORD_FILES.partners)?.partners), ...named(readJson(RECORD_FILES.suppliers)?.suppliers)];
  const categories = named(readJson(RECORD_FILES.categories)?.categories) as { id: string; name?: string; attributes?: { name: string; type: string }[] }[];
  const byIdOrName = (list: { id: string; name?: string }[], text: string) => {
    const t = text.trim().toLowerCase();
    // Neither: as typed, in lowercase (ids are), for validate to name the nearest.
    return list.find((r) => r.id.toLowerCase() === t)?.id ?? list.find((r) => r.name?.toLowerCase() === t)?.id ?? t;
  };

  // Each row's record. The ids of the sheet first, so that "replaced by" may name a product of the sheet.
  const rowIds = new Map<string, number>();
  const rows: RowRecord[] = [];
  const files: { record: RowRecord; column: number; header: string; name: string; kind: FileKind; path: string }[] = [];
  const sheetIds = new Set(body.map((r) => r.cells[idColumn.index]).filter((c) => !isBlank(c)).map((c) => String(c!.value).trim().toLowerCase()));
  for (const { row, cells } of body) {
    if (columns.every((c) => isBlank(cells[c.index]))) continue;
    plan.rows++;
    // A cell's text: a formula's value with a warning, a date refused (a date is no product field).
    const textOf = (index: number, header: string): string | undefined => {
      const cell = cells[index];
      if (isBlank(cell)) return '';
      if (cell!.formula && cell!.value === null) return void cellProblem(row, index, header, 'formula-without-value', { formula: cell!.formula });
      if (cell!.date) return void cellProblem(row, index, header, 'date-cell', { day: String(cell!.value) });
      const text = typeof cell!.value === 'number' ? (cell!.raw ?? String(cell!.value)) : String(cell!.value);
      if (cell!.formula) cellProblem(row, index, header, 'formula-cell', { formula: cell!.formula, value: text });
      return text.trim();
    };
    const rawId = textOf(idColumn.index, idColumn.header);
    if (rawId === undefined) continue;
    if (rawId === '') {
      cellProblem(row, idColumn.index, idColumn.header, 'empty-cell', { header: 'id' });
      continue;
    }
    const match = existing.get(rawId.toLowerCase());
    const id = match?.id ?? rawId.toLowerCase();
    if (!match && !slug.safeParse(id).success) {
      cellProblem(row, idColumn.index, idColumn.header, 'bad-id', { id: rawId, safe: safeFileName(rawId).toLowerCase().replace(/[._]+/g, '-').replace(/^-+|-+$/g, '') });
      continue;
    }
    if (rowIds.has(id)) {
      cellProblem(row, idColumn.index, idColumn.header, 'duplicate-row', { id, row: rowIds.get(id)! });
      continue;
    }
    rowIds.set(id, row);
    if (match && !match.doc) continue; // a product file that is not JSON: validate says where
    const before = match?.doc;
    const after: Json = before ? structuredClone(before) : { $schema: SCHEMA };
    const record: RowRecord = { row, id, ...(before ? { before } : {}), after, columns: [] };
    const from = (path: string, index: number) => record.columns.push([path, index]);

    // The plain fields first, then the category's specification values (which need the category).
    for (const { index, header, column } of columns) {
      if (!column || column === 'id') continue;
      const text = textOf(index, header);
      if (text === undefined) continue;
      const path = FIELD[column];
      from(path, index);
      if (text === '' && REQUIRED.has(column)) {
        cellProblem(row, index, header, 'empty-cell', { header });
        continue;
      }
      const set = (value: unknown) => (value === '' || (Array.isArray(value) && value.length === 0) ? deleteAt(after, path) : setAt(after, path, value));
      if (LISTS.has(column)) {
        const items = text.split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
        if (column === 'specifications') setTexts(after, items);
        else set(items);
      } else if (column === 'brand') set(byIdOrName(brands, text));
      else if (column === 'category') set(byIdOrName(categories, text));
      else if (column === 'status') set(text.toLowerCase() === 'active' ? '' : text.toLowerCase());
      else if (column === 'replaced by') set(text && (existing.get(text.toLowerCase())?.id ?? (sheetIds.has(text.toLowerCase()) ? text.toLowerCase() : text)));
      else if ((column === 'image' || column === 'datasheet') && text && !text.startsWith('/')) {
        files.push({ record, column: index, header, name: text, kind: column === 'image' ? 'picture' : 'datasheet', path });
        set(text); // replaced by the stored file's path once prepared
      } else set(text);
    }
    const category = categories.find((c) => c.id === after.category);
    for (const { index, header, spec } of columns) {
      if (!spec) continue;
      const cell = cells[index];
      const text = textOf(index, header);
      if (text === undefined) continue;
      const attribute = category?.attributes?.find((a) => a.name === spec.name);
      const number = typeof cell?.value === 'number' && !cell.date ? cell.value : /^[+-]?\d+(?:[.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : undefined;
      // A number where the attribute takes one (or where the category is unknown and the cell is one); text otherwise.
      const value = text === '' ? undefined : number !== undefined && (attribute ? attribute.type === 'number' : typeof cell?.value === 'number') ? number : text;
      setValue(after, spec.name, value === undefined ? undefined : { name: spec.name, value, ...(spec.unit ? { unit: spec.unit } : {}) });
    }
    // Where each column's value ended up, once all are set (removing one moves the ones after it).
    for (const { index, spec } of columns) {
      const i = spec ? specsOf(after).findIndex((s) => typeof s !== 'string' && s.name === spec.name) : -1;
      if (i !== -1) from(`specifications[${i}]`, index);
    }
    if (Array.isArray(after.specifications) && after.specifications.length === 0 && !before?.specifications) delete after.specifications;
    record.columns.sort((a, b) => b[0].length - a[0].length);
    rows.push(record);
  }

  // The files: prepared (checked, upright, without metadata) into a folder of their own until applied.
  const staging = mkdtempSync(join(tmpdir(), 'catalogue-import-'));
  const publicFiles = new Map<string, string>();
  try {
    const folder = options.files ?? dirname(file);
    const prepared = new Map<string, Promise<Awaited<ReturnType<typeof prepareFile>> | FileProblem>>();
    for (const f of files) {
      const key = `${f.kind} ${f.name}`;
      if (!prepared.has(key)) prepared.set(key, prepareFile(root, folder, f.name, f.kind).catch((err: unknown) => (err instanceof FileProblem ? err : Promise.reject(err))));
    }
    for (const f of files) {
      const result = await prepared.get(`${f.kind} ${f.name}`)!;
      if (result instanceof FileProblem) {
        cellProblem(f.record.row, f.column, f.header, result.code, result.params);
        continue;
      }
      setAt(f.record.after, f.path, result.ref);
      if (result.data && !publicFiles.has(result.ref)) {
        // Named as it will be: validate compares a picture's content with its extension.
        const staged = join(staging, `${publicFiles.size}-${result.ref.replace(/^.*\//, '')}`);
        writeFileSync(staged, result.data);
        publicFiles.set(result.ref, staged);
        plan.writes.set(`public${result.ref}`, result.data);
      }
    }

    // The records as they would be, checked with the rest of the content by validate's own loader.
    const overrides = new Map<string, string>();
    const byFile = new Map<string, RowRecord>();
    for (const r of rows) {
      const text = JSON.stringify(ordered(r.after, r.before), null, 2) + '\n';
      const old = r.before ? existing.get(r.id.toLowerCase())!.text : undefined;
      if (old !== undefined && sameJson(r.before!, r.after)) {
        plan.unchanged++;
        continue;
      }
      overrides.set(productFile(r.id), text);
      byFile.set(`pages-data/${productFile(r.id)}`, r);
      plan.writes.set(`pages-data/${productFile(r.id)}`, text);
      const change: Change = { id: r.id, name: String(r.after.name ?? r.id), row: r.row, fields: diff(r.before ?? {}, r.after) };
      if (!r.before) plan.created.push(change);
      else if (r.after.status === 'discontinued' && r.before.status !== 'discontinued') plan.discontinued.push(change);
      else plan.updated.push(change);
    }
    const { problems, warnings } = await loadContent(root, { overrides, publicFiles, skipSchemaFiles: true });
    const header = (index: number) => String(head.cells[index]!.value).trim();
    // A cell with a problem of its own (an empty required cell, a file that is not a picture) is not reported again by validate.
    const reported = new Set(plan.problems.map((p) => `${p.row} ${p.column}`));
    const toSheet = (p: Problem, list: ImportProblem[]) => {
      const r = byFile.get(p.file);
      const column = r?.columns.find(([path]) => p.path === path || p.path.startsWith(`${path}.`) || p.path.startsWith(`${path}[`))?.[1];
      const hint = hintOf(p);
      if (r && column !== undefined && reported.has(`${r.row} ${columnName(column)}`)) return;
      if (r && column !== undefined) list.push({ at: at(r.row, column, header(column)), row: r.row, column: columnName(column), header: header(column), code: p.code, message: p.message, hint });
      // A field no column of the sheet gives (a new product's description, where the sheet has no such column): at the row's id.
      else if (r) list.push({ at: at(r.row, idColumn.index, idColumn.header), row: r.row, column: columnName(idColumn.index), header: idColumn.header, code: p.code, message: `${p.path}: ${p.message}`, hint });
      else list.push({ at: `${p.file}:${p.line}:${p.column}  ${p.path || '(document)'}`, code: p.code, message: p.message, hint });
    };
    for (const p of problems) toSheet(p, plan.problems);
    // A warning about a file the sheet does not make (the site document's example company) is validate's to tell.
    for (const p of warnings) if (byFile.has(p.file)) toSheet(p, plan.warnings);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  const byRow = (a: ImportProblem, b: ImportProblem) => (a.row ?? Infinity) - (b.row ?? Infinity) || (a.column ?? '').length - (b.column ?? '').length || (a.column ?? '').localeCompare(b.column ?? '');
  plan.problems.sort(byRow);
  plan.warnings.sort(byRow);
  if (plan.problems.length > 0) plan.writes.clear();
  return plan;
}

/** Writes a plan without problems: every file or none (each written aside first, then moved into place). */
export function applyImport(root: string, plan: ImportPlan): string[] {
  if (plan.problems.length > 0) throw new Error(`the import has ${plan.problems.length} problem${plan.problems.length === 1 ? '' : 's'}: nothing is written`);
  for (const rel of plan.writes.keys()) {
    const link = throughLink(root, rel);
    if (link) throw new Error(`${rel} goes through a link (to ${link}): the import writes nothing through links, and wrote nothing`);
  }
  const staged: [string, string][] = [];
  try {
    for (const [rel, data] of plan.writes) {
      const path = join(root, rel);
      mkdirSync(dirname(path), { recursive: true });
      // A dot file, as the studio's staged writes are: the dev server's watcher waits for the rename.
      const tmp = join(dirname(path), `.${basename(path)}.import-${process.pid}.tmp`);
      writeFileSync(tmp, data);
      staged.push([tmp, path]);
    }
  } catch (err) {
    for (const [tmp] of staged) rmSync(tmp, { force: true });
    throw err;
  }
  for (const [tmp, path] of staged) renameSync(tmp, path);
  return [...plan.writes.keys()];
}

function listProducts(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, PRODUCTS_FOLDER)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
}

const pathParts = (path: string) => path.split('.');
function setAt(doc: Json, path: string, value: unknown) {
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

type Spec = string | { name: string; value: unknown; unit?: string };
const specsOf = (doc: Json): Spec[] => (Array.isArray(doc.specifications) ? (doc.specifications as Spec[]) : []);

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

/** The record's keys in the order its file had them, new ones in the record's usual order. */
function ordered(after: Json, before?: Json): Json {
  const keys = [...Object.keys(before ?? {}).filter((k) => k in after), ...PRODUCT_KEYS.filter((k) => k in after && !(before && k in before)), ...Object.keys(after)];
  return Object.fromEntries([...new Set(keys)].map((k) => [k, after[k]]));
}

/** The same JSON value, whatever the order of an object's keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => sameJson((a as Json)[k], (b as Json)[k]));
}

const shown = (v: unknown) => (v === undefined ? undefined : typeof v === 'string' ? v : JSON.stringify(v));

/** The fields that differ, as the sheet names them: plain fields, the picture's src and alt, each specification value. */
function diff(before: Json, after: Json): Change['fields'] {
  const out: Change['fields'] = [];
  const add = (field: string, a: unknown, b: unknown) => {
    if (!sameJson(a, b)) out.push({ field, ...(a !== undefined ? { from: shown(a) } : {}), ...(b !== undefined ? { to: shown(b) } : {}) });
  };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === '$schema' || key === 'specifications') continue;
    if (key === 'image') {
      const [a, b] = [before.image as Json | undefined, after.image as Json | undefined];
      add('image', a?.src, b?.src);
      add('image alt', a?.alt, b?.alt);
      continue;
    }
    add(fieldPath([key]), before[key], after[key]);
  }
  const texts = (d: Json) => specsOf(d).filter((s): s is string => typeof s === 'string');
  add('specifications', texts(before).length ? texts(before).join(' | ') : undefined, texts(after).length ? texts(after).join(' | ') : undefined);
  const values = (d: Json) => new Map(specsOf(d).flatMap((s) => (typeof s === 'string' ? [] : [[s.name, s] as const])));
  const [va, vb] = [values(before), values(after)];
  for (const name of new Set([...va.keys(), ...vb.keys()])) {
    const [a, b] = [va.get(name), vb.get(name)];
    add(specHeader(name, (b ?? a)!.unit), a?.value, b?.value);
  }
  return out;
}
