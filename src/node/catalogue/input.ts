// What a sheet gives, whatever its format: products, each of their fields with the cell it came from,
// so that every problem found later (by the import itself or by validate's rules) is shown at its cell.
// A field a product input lacks is a column the sheet lacks: the record keeps its value.
import type { Code, Params } from '../content/problems.ts';
import type { Cell } from './sheet.ts';

/** A cell of the sheet: its row as the spreadsheet numbers it, its column from 0, and that column's header. */
export interface At {
  row: number;
  column: number;
  header: string;
}

/** A cell's text (trimmed), where it is, and its value where the cell held a number (not a date). */
export interface Given {
  text: string;
  at: At;
  number?: number;
}

/** The product fields a sheet may give, as our own template's columns name them. */
export type ProductField =
  | 'name' | 'brand' | 'category' | 'model' | 'description' | 'image' | 'image alt'
  | 'specifications' | 'applications' | 'datasheet' | 'price' | 'status' | 'replaced by';

/** A value of one of the category's attributes: "spec: Readability [mg]". */
export interface ValueGiven {
  name: string;
  unit?: string;
  value: Given;
}

/** A pack (a variant) of a product, as buyers order it by its code (D22). */
export interface PackInput {
  code: Given;
  label?: Given;
  price?: Given;
  image?: Given;
  imageAlt?: Given;
  values: ValueGiven[];
  /** A shop's options ("Size: 500 mL"): the pack's values where they are attributes of its category and fit them. */
  options?: ValueGiven[];
}

export interface ProductInput {
  row: number;
  /** The product's id, where the sheet names it (our template's id column). */
  id?: Given;
  /** Where the sheet names no id (a shop's export): the handle or name a new product's id is made from, */
  key?: Given;
  /** and the order codes and SKUs by which an existing product is known first. */
  codes?: string[];
  fields: Partial<Record<ProductField, Given>>;
  values: ValueGiven[];
  /** A shop's attributes ("Material: Borosilicate"): values where they are the category's and fit, else specification lines. */
  attributes?: ValueGiven[];
  /** Its packs, where the sheet gives packs at all (none: it has none); absent, they stay as they are. */
  packs?: PackInput[];
  /** The cell that says the shop does not show it (a draft): a new product is left out, an existing one discontinued. */
  hidden?: Given;
}

/** A row the import leaves out, and why (a shop's draft, a grouped product). */
export interface LeftOut {
  row: number;
  name: string;
  reason: string;
}

/** Reports a problem (or a warning: the code says which) at a cell. */
export type Report = <C extends Code>(at: At, code: C, params: Params<C>) => void;

/** A cell with nothing in it (a formula is something, even without a value saved). */
export const isBlank = (cell: Cell | undefined) => cell === undefined || (!cell.formula && (cell.value === null || (typeof cell.value === 'string' && cell.value.trim() === '')));

/**
 * A cell as the import reads it: its text (a number as the file stores it), a formula's value with a
 * warning; undefined, with a problem, for a formula without a value and for a date (no product field is one).
 */
export function given(cell: Cell | undefined, at: At, report: Report): Given | undefined {
  if (isBlank(cell)) return { text: '', at };
  if (cell!.formula && cell!.value === null) return void report(at, 'formula-without-value', { formula: cell!.formula });
  if (cell!.date) return void report(at, 'date-cell', { day: String(cell!.value) });
  const text = typeof cell!.value === 'number' ? (cell!.raw ?? String(cell!.value)) : String(cell!.value);
  if (cell!.formula) report(at, 'formula-cell', { formula: cell!.formula, value: text });
  return { text: text.trim(), at, ...(typeof cell!.value === 'number' ? { number: cell!.value } : {}) };
}
