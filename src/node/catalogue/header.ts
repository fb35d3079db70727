// Reading a sheet's header row: what each column holds. Our own template's columns are named by
// columns.ts; a column headed "spec: <Name> [<unit>]" holds a value of the category's attribute. Any
// other sheet's columns are mapped to those: proposed here, confirmed by the author (mapping.ts).
import { nearest } from '../content/load.ts';
import { type Column, COLUMNS, parseSpecHeader, specHeader, SYNONYMS } from './columns.ts';
import { type At, isBlank, type Report } from './input.ts';
import { type ImportMap, SKIP } from './mapping.ts';
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

/** A column of a sheet that is not our template, and what the mapping makes of it. */
export interface ColumnChoice {
  index: number;
  header: string;
  /** What it holds: a column of our template, "spec: <Name> [<unit>]", or "skip". */
  field: string;
  /** Its first values, to tell what it holds. */
  samples: string[];
  /** How it was chosen: by a mapping (a file, or the author in the studio), its header, its values, or none found. */
  by: 'map' | 'header' | 'values' | 'none';
}

/** What the site has, for telling a column by its values. */
export interface SiteNames {
  /** Category names and paths, and brand names and ids, in lowercase. */
  categories: ReadonlySet<string>;
  brands: ReadonlySet<string>;
  /** The categories' attributes, each name and unit once. */
  attributes: readonly { name: string; unit?: string }[];
}

/** A header as its words: lowercase letters and digits ("Cat. No." is "cat no"). */
const wordsOf = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/**
 * The mapping the import proposes for a sheet it does not know: each column by its header (the column's
 * own name or one of its synonyms, columns.ts; an attribute of a category, "Volume (mL)"), else by its
 * values (pictures, PDFs, the site's categories or brands, prices, long text, codes), else skipped. Each
 * field is given one column, the surest. A code without a pack size is the product's model number.
 */
export function proposeMapping(head: Sheet['rows'][number], body: Sheet['rows'], site: SiteNames): ColumnChoice[] {
  const choices: (ColumnChoice & { score: number })[] = [];
  head.cells.forEach((cell, index) => {
    if (isBlank(cell)) return;
    const header = String(cell!.value).trim();
    const values = body.flatMap((r) => (isBlank(r.cells[index]) ? [] : [String(r.cells[index]!.raw ?? r.cells[index]!.value).trim()])).slice(0, 20);
    const byHeader = fieldOfHeader(header, site);
    const byValues = byHeader ? undefined : fieldOfValues(values, site);
    choices.push({ index, header, samples: values.slice(0, 3), field: byHeader?.field ?? byValues ?? SKIP, by: byHeader ? 'header' : byValues ? 'values' : 'none', score: byHeader?.score ?? (byValues ? 1 : 0) });
  });
  // One column a field: the surest keeps it.
  for (const c of choices) {
    if (c.field === SKIP) continue;
    const better = choices.find((o) => o !== c && o.field === c.field && (o.score > c.score || (o.score === c.score && o.index < c.index)));
    if (better) Object.assign(c, { field: SKIP, by: 'none', score: 0 });
  }
  const has = (field: string) => choices.some((c) => c.field === field);
  const code = choices.find((c) => c.field === 'code');
  if (code && !has('pack') && !has('model')) code.field = 'model';
  return choices.map(({ score: _, ...c }) => c);
}


function fieldOfHeader(header: string, site: SiteNames): { field: string; score: number } | undefined {
  const spec = parseSpecHeader(header);
  if (spec) return { field: specHeader(spec.name, spec.unit), score: 1000 };
  const words = wordsOf(header);
  let best: { field: string; score: number } | undefined;
  for (const column of COLUMNS) {
    for (const synonym of [wordsOf(column), ...(SYNONYMS[column] ?? [])]) {
      const score = words === synonym ? 1000 : ` ${words} `.includes(` ${synonym} `) ? synonym.length : 0;
      if (score > (best?.score ?? 0)) best = { field: column, score };
    }
  }
  if (best?.score === 1000) return best;
  // "Volume (mL)", "Readability [mg]": an attribute of a category, in its unit.
  const [, name = header, unit] = /^(.*?)\s*[([]\s*([^)\]]+?)\s*[)\]]\s*$/.exec(header) ?? [];
  const attribute = site.attributes.find((a) => wordsOf(a.name) === wordsOf(name) && (!unit || !a.unit || a.unit.toLowerCase() === unit.toLowerCase()));
  if (attribute) return { field: specHeader(attribute.name, attribute.unit), score: 999 };
  return best;
}

function fieldOfValues(values: string[], site: SiteNames): string | undefined {
  if (values.length === 0) return undefined;
  const share = (test: (v: string) => boolean) => values.filter(test).length / values.length;
  if (share((v) => /\.(jpe?g|png|webp|avif)(\?.*)?$/i.test(v)) === 1) return 'image';
  if (share((v) => /\.pdf(\?.*)?$/i.test(v)) === 1) return 'datasheet';
  if (share((v) => site.categories.has(v.toLowerCase()) || v.includes('>')) >= 0.5) return 'category';
  if (share((v) => site.brands.has(v.toLowerCase())) >= 0.5) return 'brand';
  if (share((v) => /^(?:kes|ksh|usd|\$|€|£)?\s*\d[\d,]*(?:\.\d{1,2})?\s*(?:kes|ksh|\/-)?$/i.test(v)) === 1) return 'price';
  if (values.reduce((n, v) => n + v.length, 0) / values.length > 60) return 'description';
  if (new Set(values).size === values.length && share((v) => /^(?=.*\d)[A-Za-z0-9][A-Za-z0-9._/-]{2,39}$/.test(v)) === 1) return 'code';
  return undefined;
}

/**
 * A sheet's columns by its mapping: the one proposed, each column the mapping names taken as it says.
 * It is confirmed where the mapping names every column; a column it does not name is a problem at its
 * header. The columns to read, and every column's choice to show.
 */
export function mappedColumns(head: Sheet['rows'][number], body: Sheet['rows'], site: SiteNames, map: ImportMap | undefined, report: Report): { columns: SheetColumn[]; choices: ColumnChoice[]; confirmed: boolean } {
  const given = new Map(Object.entries(map?.columns ?? {}).map(([header, field]) => [header.trim().replace(/\s+/g, ' ').toLowerCase(), field]));
  const choices = proposeMapping(head, body, site).map((c): ColumnChoice => {
    const field = given.get(c.header.replace(/\s+/g, ' ').toLowerCase());
    return field === undefined ? c : { ...c, field, by: 'map' };
  });
  if (map?.columns) for (const c of choices) if (c.by !== 'map') report(headerAt(head.row, c.index, c.header), 'unmapped-column', { header: c.header });
  const columns = choices.flatMap((c): SheetColumn[] => {
    const column = COLUMNS.find((x) => x === c.field);
    const spec = column ? undefined : parseSpecHeader(c.field);
    return column ? [{ index: c.index, header: c.header, column }] : spec ? [{ index: c.index, header: c.header, spec }] : [];
  });
  return { columns, choices, confirmed: map?.columns !== undefined && choices.every((c) => c.by === 'map') };
}
