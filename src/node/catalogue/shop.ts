// What the shops' exports (WooCommerce, Shopify) have in common as the import reads them: columns found
// by their headers, a price as text, and a description's HTML as the record's fields (html.ts).
import { headerAt } from './header.ts';
import { describe } from './html.ts';
import { type Given, given, isBlank, type ProductInput, type Report } from './input.ts';
import type { Sheet } from './sheet.ts';

export type Row = Sheet['rows'][number];

/** The columns of a header row by their header, whatever its case: the first of each. */
export function headerIndex(head: Row): Map<string, { index: number; header: string }> {
  const index = new Map<string, { index: number; header: string }>();
  head.cells.forEach((cell, i) => {
    if (isBlank(cell)) return;
    const header = String(cell!.value).trim();
    if (!index.has(header.toLowerCase())) index.set(header.toLowerCase(), { index: i, header });
  });
  return index;
}

/** A row's cells by header: `cell('Name')` is its Given (undefined where the sheet has no such column, or the cell cannot be read). */
export function rowCells(row: Row, columns: Map<string, { index: number; header: string }>, report: Report) {
  return (header: string): Given | undefined => {
    const c = columns.get(header.toLowerCase());
    return c ? given(row.cells[c.index], headerAt(row.row, c.index, c.header), report) : undefined;
  };
}

/** A price as the record's text: a shop's number with its currency ("KES 4,800", "KES 1,250.50"); other text as it is. */
export function priceText(price: Given | undefined, currency: string): Given | undefined {
  if (!price) return undefined;
  const m = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(price.text.replace(/[\s,](?=\d{3}\b)/g, ''));
  if (!m) return price;
  const n = Number(`${m[1]}.${m[2] ?? 0}`);
  const text = `${currency} ${n.toLocaleString('en-US', { minimumFractionDigits: n % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;
  return { ...price, text };
}

/**
 * A shop's description (and short description) as the record's description, specifications and
 * applications, each at the cell it came from; an empty description stays empty (a problem: it is required).
 */
export function describedFields(long: Given | undefined, short?: Given): Pick<ProductInput['fields'], 'description' | 'specifications' | 'applications'> {
  if (!long && !short) return {};
  const d = describe(long?.text ?? '', short?.text ?? '');
  const at = (short?.text ? short : long)!.at;
  const listsAt = (long ?? short)!.at;
  return {
    description: { text: d.description ?? '', at },
    specifications: { text: d.specifications.join('\n'), at: listsAt },
    applications: { text: d.applications.join('\n'), at: listsAt },
  };
}

/** Values a cell lists, separated by commas (a comma inside one escaped with a backslash, as WooCommerce writes it). */
export const listed = (text: string) =>
  text
    .split(/(?<!\\),/)
    .map((s) => s.replace(/\\,/g, ',').trim())
    .filter(Boolean);

/**
 * A pack's label from its option values, joined: "500 mL", "Small, Box of 100"; a bare number says what
 * it counts ("Incubators: 2").
 */
export function optionLabel(options: { name: string; value: Given }[]): Given | undefined {
  const filled = options.filter((o) => o.value.text);
  if (filled.length === 0) return undefined;
  const text = filled.map((o) => (/^[\d.,]+$/.test(o.value.text) ? `${o.name}: ${o.value.text}` : o.value.text)).join(', ');
  return { ...filled[0]!.value, text };
}
