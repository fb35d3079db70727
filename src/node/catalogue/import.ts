// Importing products from a spreadsheet (D21): one row a product, matched with the records by id
// (whatever its case). The plan is worked out whole before anything is written: every row made into
// its record's text, every picture and datasheet prepared, and the content as it would then be
// checked by loadContent itself (validate's own rules and codes), each problem shown at its cell.
// `applyImport` writes the plan, all of it or nothing: only a plan without problems is applied.
// A column the sheet lacks leaves its field as it is; a product leaves the range only by its status.
//
// The stages, each a module: read the sheet (sheet.ts), read its header (header.ts) and its rows into
// product inputs (rows.ts), build the records (build.ts), prepare the files they name (files.ts),
// diff them against the records as they are (diff.ts), check the content as it would be (check.ts).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { productFile, productIdOfFile, PRODUCTS_FOLDER, RECORD_FILES } from '../../../schemas/routes.ts';
import { throughLink } from '../content/files.ts';
import { buildRecords, type Existing, type FileRequest, type Json } from './build.ts';
import { CellProblems, type ImportProblem } from './cell-problems.ts';
import { type CellsOf, checkContent } from './check.ts';
import { diff, type FieldChange, recordText, sameJson } from './diff.ts';
import { type FetchOptions, FileProblem, prepareFile } from './files.ts';
import { type ColumnChoice, mappedColumns, type SiteNames, templateColumns } from './header.ts';
import { COLUMNS, parseSpecHeader, specColumns } from './columns.ts';
import { type ImportMap, keptMapFile, keptMaps, mapText, sameHeaders } from './mapping.ts';
import { type CategoryRecord, Names } from './names.ts';
import { mappedInputs, templateInputs } from './rows.ts';
import { type At, isBlank, type LeftOut } from './input.ts';
import { readSheet, type Sheet, SheetError } from './sheet.ts';
import { isShopify, shopifyInputs } from './shopify.ts';
import { isWooCommerce, wooCommerceInputs } from './woocommerce.ts';

export type { ImportMap, ImportProblem };

export interface ImportOptions {
  /** The sheet to read in a workbook (by default its first). */
  sheet?: string;
  /** Where the files the image and datasheet cells name are (by default the sheet's own folder). */
  files?: string;
  /** The sheet's bytes, when they are not read from `file` (the studio's upload). */
  bytes?: Uint8Array;
  /** Make the categories and brands the site does not have (--create). */
  create?: boolean;
  /** The currency of a shop's prices, which its export gives as plain numbers (by default KES). */
  currency?: string;
  /** Fetch pictures from http:// addresses on this machine too: for tests (files.ts). */
  localPictures?: boolean;
  /**
   * The mapping the author confirmed (--map, or the studio's mapping step): what the columns hold, what
   * names mean, what to make. Kept beside the records once applied. Without it, the one kept for sheets
   * of the same headers, if any.
   */
  map?: ImportMap;
}

/** The sheets the import knows by their headers, and any other by its mapping. */
export type SheetFormat = 'template' | 'woocommerce' | 'shopify' | 'mapped';
const FORMAT_NAMES: Record<SheetFormat, string> = { template: 'our template', woocommerce: 'a WooCommerce export', shopify: 'a Shopify export', mapped: 'a sheet read by its mapping' };

export interface Change {
  id: string;
  name: string;
  row: number;
  /** Each changed field, its old value and its new (as text); for a new product, every field. */
  fields: FieldChange[];
}

export interface ImportPlan {
  file: string;
  sheet: string;
  /** What the sheet is, by its headers, and that in words. */
  format: SheetFormat;
  formatName: string;
  /** The rows read, and the products and packs they hold. */
  rows: number;
  products: number;
  packs: number;
  created: Change[];
  updated: Change[];
  discontinued: Change[];
  unchanged: number;
  /** The categories and brands (as supplier records) it makes, with --create; each with the first row that names it. */
  newCategories: { id: string; path: string; row: number }[];
  newBrands: { id: string; name: string; row: number }[];
  /** Rows not imported, and why (a shop's draft, a grouped product). */
  leftOut: LeftOut[];
  /**
   * The sheet's headers, and for a sheet read by its mapping, each column's choice; `confirmed` where the
   * author's mapping (or a kept one, `kept`) names every column; `map`, the mapping an apply keeps.
   */
  headers: string[];
  mapping?: { choices: ColumnChoice[]; confirmed: boolean; kept?: string };
  map?: ImportMap;
  problems: ImportProblem[];
  warnings: ImportProblem[];
  /** The files an apply writes, by path from the project root: records, pictures, datasheets. */
  writes: Map<string, string | Buffer>;
}

export async function planImport(root: string, file: string, options: ImportOptions = {}): Promise<ImportPlan> {
  const shownFile = file.replace(/^.*[\\/]/, '');
  const out = new CellProblems(shownFile);
  const plan: ImportPlan = {
    file: shownFile, sheet: '', format: 'template', formatName: FORMAT_NAMES.template, rows: 0, products: 0, packs: 0, created: [], updated: [], discontinued: [], unchanged: 0,
    newCategories: [], newBrands: [], leftOut: [], headers: [], problems: out.problems, warnings: out.warnings, writes: new Map(),
  };

  // Stage 1, the sheet and its header.
  let sheet;
  try {
    sheet = readSheet(options.bytes ?? readFileSync(file), shownFile, options.sheet);
  } catch (err) {
    if (!(err instanceof SheetError) && (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    out.sheet('unreadable-sheet', { detail: err instanceof SheetError ? err.message : `no such file: ${file}` });
    return plan;
  }
  plan.sheet = sheet.name;
  const [head, ...body] = sheet.rows;
  if (!head) {
    out.sheet('unreadable-sheet', { detail: 'the sheet is empty: its first row names the columns' });
    return plan;
  }
  plan.headers = head.cells.flatMap((c) => (isBlank(c) ? [] : [String(c!.value).trim()]));
  const headers = new Set(plan.headers.map((h) => h.toLowerCase()));
  const ours = plan.headers.filter((h) => COLUMNS.some((c) => c === h.toLowerCase().replace(/\s+/g, ' ')) || parseSpecHeader(h)).length;
  plan.format = isWooCommerce(headers) ? 'woocommerce' : isShopify(headers) ? 'shopify' : headers.has('id') && ours >= plan.headers.length / 2 ? 'template' : 'mapped';
  plan.formatName = FORMAT_NAMES[plan.format];
  const site = recordsOf(root);
  // The author's mapping, else the one kept for sheets of these headers.
  const kept = options.map ? undefined : keptMaps(root).find((k) => k.map.headers && sameHeaders(k.map.headers, plan.headers));
  const map = options.map ?? kept?.map;
  const names = new Names(site.categories, site.brands, out.report, { create: options.create ?? false, ...(map?.categories ? { categories: map.categories } : {}), ...(map?.brands ? { brands: map.brands } : {}), ...(map?.create ? { make: map.create } : {}) });

  // Stage 2, the rows: each product's input, each field with its cell.
  const currency = options.currency ?? 'KES';
  const read =
    plan.format === 'woocommerce' ? wooCommerceInputs(head, body, out.report, currency)
    : plan.format === 'shopify' ? shopifyInputs(head, body, out.report, currency)
    : plan.format === 'template' ? templateRows(head, body, out)
    : mappedRows(head, body, siteNames(site, names), map, plan, kept?.rel, out);
  if (!read) return plan;
  const { inputs, rows } = read;
  plan.rows = rows;
  plan.products = inputs.length;
  plan.packs = inputs.reduce((n, i) => n + (i.packs?.length ?? 0), 0);

  // Stage 3, the records: each product as it would be, and the categories and brands it names that the site does not have.
  const { records, files, leftOut } = buildRecords(inputs, { existing: site.existing, names, report: out.report });
  plan.leftOut = [...read.leftOut, ...leftOut].sort((a, b) => a.row - b.row);
  const made = newRecords(site, names);
  plan.newCategories = names.newCategories.map((c) => ({ id: c.id, path: c.path, row: c.at.row }));
  plan.newBrands = names.newBrands.map((b) => ({ id: b.id, name: b.name, row: b.at.row }));
  const waiting = records.filter((r) => !r.after.image && r.after.status !== 'discontinued');
  if (waiting.length > 0) {
    const first = waiting[0]!;
    out.report(first.at.find(([path]) => path === 'image.src')?.[1] ?? first.fallback, 'products-without-picture', { count: waiting.length, first: waiting.slice(0, 5).map((r) => r.id) });
  }

  // Stage 4, the files: prepared (checked, upright, without metadata) into a folder of their own until applied.
  const staging = mkdtempSync(join(tmpdir(), 'catalogue-import-'));
  try {
    const publicFiles = await prepareFiles(root, options.files ?? dirname(file), files, staging, plan.writes, out, { localPictures: options.localPictures ?? false });

    // Stage 5, what changes: the records that differ from their files, written as their files would be.
    const overrides = new Map<string, string>();
    const byFile = new Map<string, CellsOf>();
    for (const [rel, { text, cells }] of made) {
      overrides.set(rel, text);
      plan.writes.set(`pages-data/${rel}`, text);
      byFile.set(`pages-data/${rel}`, cells);
    }
    // The author's mapping, kept for the next sheet of these headers (and checked as validate will).
    if (options.map) {
      const columns = plan.mapping ? Object.fromEntries(plan.mapping.choices.map((c) => [c.header, c.field])) : undefined;
      plan.map = { ...options.map, headers: plan.headers, ...(columns ? { columns } : {}) };
      const rel = keptMapFile(keptMaps(root), file, plan.headers);
      const text = mapText(plan.map, '../../../schemas/import-map.schema.json');
      overrides.set(rel, text);
      plan.writes.set(`pages-data/${rel}`, text);
    }
    for (const r of records) {
      if (r.before && sameJson(r.before, r.after)) {
        plan.unchanged++;
        continue;
      }
      const text = recordText(r.after, r.before);
      overrides.set(productFile(r.id), text);
      byFile.set(`pages-data/${productFile(r.id)}`, r);
      plan.writes.set(`pages-data/${productFile(r.id)}`, text);
      const change: Change = { id: r.id, name: String(r.after.name ?? r.id), row: r.row, fields: diff(r.before ?? {}, r.after) };
      if (!r.before) plan.created.push(change);
      else if (r.after.status === 'discontinued' && r.before.status !== 'discontinued') plan.discontinued.push(change);
      else plan.updated.push(change);
    }

    // Stage 6, the content as it would be, checked with validate's own loader.
    await checkContent(root, { overrides, publicFiles, byFile }, out);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  out.sort();
  if (plan.problems.length > 0) plan.writes.clear();
  return plan;
}

/** Any other sheet's rows, by its mapping: the author's, a kept one, or else the one proposed, for the author to confirm. */
function mappedRows(head: Sheet['rows'][number], body: Sheet['rows'], site: SiteNames, map: ImportMap | undefined, plan: ImportPlan, kept: string | undefined, out: CellProblems) {
  const { columns, choices, confirmed } = mappedColumns(head, body, site, map, out.report);
  plan.mapping = { choices, confirmed, ...(kept ? { kept } : {}) };
  if (!map?.columns) out.sheet('mapping-to-confirm', { columns: choices.length });
  if (!columns.some((c) => c.column === 'id' || c.column === 'name')) return void out.sheet('missing-column', { header: 'name' });
  return mappedInputs(body, columns, out.report);
}

/** What the site has, for telling a column by its values: its categories' names and paths, its brands' names and ids, its attributes. */
function siteNames(site: ReturnType<typeof recordsOf>, names: Names): SiteNames {
  return {
    categories: new Set(site.categories.flatMap((c) => [c.name.toLowerCase(), names.path(c.id).toLowerCase()])),
    brands: new Set(site.brands.flatMap((b) => [b.name.toLowerCase(), b.id])),
    attributes: specColumns(site.categories),
  };
}

/** Our own template's rows, its columns read from its header (undefined, with a problem, where it lacks one it needs). */
function templateRows(head: Sheet['rows'][number], body: Sheet['rows'], out: CellProblems) {
  const columns = templateColumns(head, out.report);
  const has = (name: string) => columns.some((c) => c.column === name);
  const missing = !has('id') ? 'id' : (has('pack of') || has('pack')) && !has('code') ? 'code' : undefined;
  if (missing) return void out.sheet('missing-column', { header: missing });
  return templateInputs(body, columns, out.report);
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

/** The records as they are: products by their id in lowercase, the brands and categories, and the documents that hold these. */
function recordsOf(root: string) {
  const dataDir = join(root, 'pages-data');
  const readJson = (rel: string): Json | undefined => {
    try {
      return JSON.parse(readFileSync(join(dataDir, rel), 'utf8')) as Json;
    } catch {
      return undefined;
    }
  };
  const existing = new Map<string, Existing>();
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
  const named = (list: unknown) => (Array.isArray(list) ? list : []).filter((r): r is { id: string; name: string } => typeof r?.id === 'string' && typeof r.name === 'string');
  const [partnersDoc, suppliersDoc, categoriesDoc] = [readJson(RECORD_FILES.partners), readJson(RECORD_FILES.suppliers), readJson(RECORD_FILES.categories)];
  const brands = [...named(partnersDoc?.partners), ...named(suppliersDoc?.suppliers)];
  const categories = named(categoriesDoc?.categories) as CategoryRecord[];
  return { existing, brands, categories, suppliersDoc, categoriesDoc };
}

/**
 * The category and supplier files with the categories and brands an import makes added at their end,
 * by path under pages-data/, each new entry with the cell that named it first.
 */
function newRecords(site: ReturnType<typeof recordsOf>, names: Names): Map<string, { text: string; cells: CellsOf }> {
  const files = new Map<string, { text: string; cells: CellsOf }>();
  const add = <T extends { at: At }>(rel: string, doc: Json | undefined, key: string, made: T[], record: (x: T) => Json) => {
    if (made.length === 0 || !doc || !Array.isArray(doc[key])) return;
    const list = doc[key] as unknown[];
    const text = JSON.stringify({ ...doc, [key]: [...list, ...made.map(record)] }, null, 2) + '\n';
    files.set(rel, { text, cells: { at: made.map((x, i): [string, At] => [`${key}[${list.length + i}]`, x.at]) } });
  };
  add(RECORD_FILES.categories, site.categoriesDoc, 'categories', names.newCategories, ({ id, name, parent }) => ({ id, name, ...(parent !== undefined ? { parent } : {}) }));
  add(RECORD_FILES.suppliers, site.suppliersDoc, 'suppliers', names.newBrands, ({ id, name, websiteUrl }) => ({ id, name, ...(websiteUrl ? { websiteUrl } : {}) }));
  return files;
}

function listProducts(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, PRODUCTS_FOLDER)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
}

/**
 * The pictures and datasheets the cells name, each prepared once (checked, a picture turned upright
 * without metadata) and put in its record; a file that cannot be is a problem at its cell. Those not
 * under public/ yet are staged, by the path they will have (validate compares a picture's content with
 * its extension), and added to `writes`. Returns the staged files by their path under public/.
 */
async function prepareFiles(root: string, folder: string, files: FileRequest[], staging: string, writes: Map<string, string | Buffer>, out: CellProblems, fetching: FetchOptions): Promise<Map<string, string>> {
  const publicFiles = new Map<string, string>();
  const prepared = new Map<string, Promise<Awaited<ReturnType<typeof prepareFile>> | FileProblem>>();
  for (const f of files) {
    const key = `${f.kind} ${f.name}`;
    if (!prepared.has(key)) prepared.set(key, prepareFile(root, folder, f.name, f.kind, fetching).catch((err: unknown) => (err instanceof FileProblem ? err : Promise.reject(err))));
  }
  for (const f of files) {
    const result = await prepared.get(`${f.kind} ${f.name}`)!;
    if (result instanceof FileProblem) {
      out.report(f.at, result.code, result.params);
      continue;
    }
    f.set(result.ref);
    if (result.data && !publicFiles.has(result.ref)) {
      const staged = join(staging, `${publicFiles.size}-${result.ref.replace(/^.*\//, '')}`);
      writeFileSync(staged, result.data);
      publicFiles.set(result.ref, staged);
      writes.set(`public${result.ref}`, result.data);
    }
  }
  return publicFiles;
}
