// Reading a spreadsheet as rows of cells, as the spreadsheet shows them: an .xlsx (Office Open XML:
// a zip of XML parts) or a .csv (UTF-8 with or without a BOM, comma or semicolon between fields).
//
// The .xlsx reader is our own, over fflate's unzip: read-excel-file (the kept reader) gives each cell's
// value but not whether it was a formula, nor a date cell's raw serial, nor a number's digits as
// stored; the import must warn about a formula, refuse a date where text was meant and keep long
// model numbers exactly. An .xlsx part holds cells as `<c r="B2" t="s" s="3"><f>…</f><v>…</v></c>`.
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';

export interface Cell {
  /** Its value: text, a number, true/false, or a date (a calendar day, YYYY-MM-DD, with no time zone to shift it). */
  value: string | number | boolean | null;
  /** A number as the file stores it (all its digits: a 20-digit model number stays exact). */
  raw?: string;
  /** The cell is a date in the spreadsheet (its value is then the day, YYYY-MM-DD). */
  date?: boolean;
  /** The cell holds a formula: its value is the one the spreadsheet last calculated. */
  formula?: string;
}

export interface Sheet {
  /** The sheet read, and every sheet's name (a CSV has one, named after the file). */
  name: string;
  names: string[];
  /** Each row as the spreadsheet numbers it (the header is row 1), cells by column from 0. */
  rows: { row: number; cells: (Cell | undefined)[] }[];
}

export class SheetError extends Error {}

/** A column's letters as a spreadsheet shows them: 0 is A, 26 is AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export function readSheet(bytes: Uint8Array, fileName: string, sheet?: string): Sheet {
  if (/\.csv$/i.test(fileName)) return readCsv(bytes, fileName);
  if (/\.xlsx$/i.test(fileName)) return readXlsx(bytes, sheet);
  throw new SheetError(`${fileName}: not an .xlsx or .csv file`);
}

// --- CSV -------------------------------------------------------------------------------------------

/** Escapes that an export puts before a text a spreadsheet would run as a formula; undone on import. */
export const FORMULA_START = /^[=+\-@\t\r]/;

function readCsv(bytes: Uint8Array, fileName: string): Sheet {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SheetError(`${fileName}: not UTF-8 text; save it as "CSV UTF-8 (comma delimited)"`);
  }
  text = text.replace(/^\uFEFF/, '');
  // The separator is the one the header row uses: a semicolon where the spreadsheet's locale writes 0,1 for 0.1.
  const header = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: string[][];
  try {
    records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (err) {
    throw new SheetError(`${fileName}: ${(err as Error).message}`);
  }
  const name = fileName.replace(/^.*[\\/]/, '');
  return {
    name,
    names: [name],
    rows: records.map((cells, i) => ({
      row: i + 1,
      // A text an export escaped with a quote (so that no spreadsheet runs it) is the text without it.
      cells: cells.map((c) => ({ value: c.startsWith("'") && FORMULA_START.test(c.slice(1)) ? c.slice(1) : c })),
    })),
  };
}

// --- XLSX ------------------------------------------------------------------------------------------

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** XML text: entities, and the _xHHHH_ escapes of Office Open XML strings (a carriage return is _x000D_). */
const xmlText = (s: string) =>
  s
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => (e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (entities[e] ?? m)))
    .replace(/_x([0-9A-F]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
const attr = (attrs: string, name: string) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1];
/** The text of a string item: its <t> runs joined (rich text has several), leaving out phonetic guides. */
const stringItem = (xml: string) => [...xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g)].map((m) => xmlText(m[1] ?? '')).join('');

/** Built-in number formats that show a date (ECMA-376 18.8.30). */
const DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);
/** A custom format shows a date where it has day, month, year or time letters outside quotes and brackets. */
const isDateFormat = (code: string) => /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ''));

/** The calendar day of an Excel serial number: days since 1899-12-30 (or 1904-01-01), counted without any time zone. */
function excelDay(serial: number, date1904: boolean): string {
  const ms = Math.round((serial + (date1904 ? 24107 : 0) - 25569) * 86400000);
  return new Date(ms).toISOString().slice(0, 10);
}

function readXlsx(bytes: Uint8Array, wanted?: string): Sheet {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => /^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|sharedStrings\.xml|styles\.xml|worksheets\/[^/]+\.xml)$/.test(f.name) });
  } catch {
    throw new SheetError('not an .xlsx file (an .xlsx is a zip archive): save it again from the spreadsheet as an Excel workbook');
  }
  const part = (name: string) => (files[name] ? strFromU8(files[name]!) : undefined);
  const workbook = part('xl/workbook.xml');
  if (!workbook) throw new SheetError('not an Excel workbook: it has no xl/workbook.xml');
  const date1904 = /<workbookPr\b[^>]*date1904="(1|true)"/.test(workbook);
  const sheets = [...workbook.matchAll(/<sheet\b([^>]*)\/?>/g)].map((m) => ({ name: xmlText(attr(m[1]!, 'name') ?? ''), rel: attr(m[1]!, 'r:id') ?? '' }));
  const sheet = wanted === undefined ? sheets[0] : sheets.find((s) => s.name === wanted);
  if (!sheet) throw new SheetError(wanted === undefined ? 'the workbook has no sheet' : `no sheet named "${wanted}": its sheets are ${sheets.map((s) => `"${s.name}"`).join(', ')}`);
  const rels = part('xl/_rels/workbook.xml.rels') ?? '';
  const target = [...rels.matchAll(/<Relationship\b([^>]*)\/?>/g)].map((m) => m[1]!).find((a) => attr(a, 'Id') === sheet.rel);
  const path = target && attr(target, 'Target')!.replace(/^\/?(xl\/)?/, 'xl/');
  const xml = path && part(path);
  if (!xml) throw new SheetError(`the sheet "${sheet.name}" cannot be found in the workbook`);

  const shared = [...(part('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((m) => stringItem(m[1] ?? ''));
  const styles = part('xl/styles.xml') ?? '';
  const custom = new Map([...styles.matchAll(/<numFmt\b([^>]*)\/?>/g)].map((m) => [Number(attr(m[1]!, 'numFmtId')), xmlText(attr(m[1]!, 'formatCode') ?? '')]));
  const xfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '';
  const dateStyle = [...xfs.matchAll(/<xf\b([^>]*)\/?>/g)].map((m) => {
    const id = Number(attr(m[1]!, 'numFmtId') ?? 0);
    return DATE_FORMATS.has(id) || (custom.has(id) && isDateFormat(custom.get(id)!));
  });

  const rows: Sheet['rows'] = [];
  let nextRow = 1;
  for (const r of xml.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const row = Number(attr(r[1]!, 'r') ?? nextRow);
    nextRow = row + 1;
    const cells: (Cell | undefined)[] = [];
    let nextColumn = 0;
    for (const c of (r[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const ref = attr(c[1]!, 'r');
      const column = ref ? columnIndex(ref) : nextColumn;
      nextColumn = column + 1;
      const cell = readCell(c[1]!, c[2] ?? '', shared, dateStyle, date1904);
      if (cell) cells[column] = cell;
    }
    rows.push({ row, cells });
  }
  return { name: sheet.name, names: sheets.map((s) => s.name), rows };
}

function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
  return [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
}

function readCell(attrs: string, inner: string, shared: string[], dateStyle: boolean[], date1904: boolean): Cell | undefined {
  const type = attr(attrs, 't') ?? 'n';
  const f = /<f\b[^>]*?(?:\/>|>([\s\S]*?)<\/f>)/.exec(inner);
  const formula = f ? `=${xmlText(f[1] ?? '')}` : undefined;
  const v = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
  const extra = formula ? { formula } : {};
  switch (type) {
    case 's':
      return v === undefined ? undefined : { value: shared[Number(v)] ?? '', ...extra };
    case 'inlineStr':
      return { value: stringItem(/<is>([\s\S]*?)<\/is>/.exec(inner)?.[1] ?? ''), ...extra };
    case 'str':
      return { value: v === undefined ? '' : xmlText(v), ...extra };
    case 'b':
      return { value: v === '1', ...extra };
    case 'e':
      return { value: v === undefined ? '#ERROR' : xmlText(v), ...extra };
    case 'd':
      return { value: (v ?? '').slice(0, 10), date: true, ...extra };
    default: {
      if (v === undefined) return formula ? { value: null, ...extra } : undefined;
      const n = Number(v);
      const style = Number(attr(attrs, 's') ?? 0);
      if (dateStyle[style] && Number.isFinite(n)) return { value: excelDay(n, date1904), date: true, ...extra };
      return { value: n, raw: v, ...extra };
    }
  }
}
