// The import's problems and warnings, each at a cell of the sheet as the spreadsheet shows it
// (`products.xlsx:5:C (brand)`), or at a file of the content, with validate's code and hint.
import { type Code, hintOf, message, type Params, WARNINGS } from '../content/problems.ts';
import type { At, Report } from './input.ts';
import { columnName } from './sheet.ts';

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

export class CellProblems {
  readonly problems: ImportProblem[] = [];
  readonly warnings: ImportProblem[] = [];
  private readonly cells = new Set<string>();

  constructor(private readonly file: string) {}

  /** Where a cell is, as the report shows it. */
  where = (at: At) => `${this.file}:${at.row}:${columnName(at.column)} (${at.header})`;

  report: Report = (at, code, params) => this.add(at, code, message(code, params as Params<typeof code>));

  /** A problem at a cell, its message written already (validate's, at the field the cell gave). */
  add(at: At, code: Code, text: string, hint = hintOf({ code, path: '', message: text })) {
    (WARNINGS.has(code) ? this.warnings : this.problems).push({ at: this.where(at), row: at.row, column: columnName(at.column), header: at.header, code, message: text, hint });
    if (!WARNINGS.has(code)) this.cells.add(`${at.row} ${at.column}`);
  }

  /** A problem of the whole sheet (it cannot be read, it lacks a column), at its first cell. */
  sheet<C extends Code>(code: C, params: Params<C>) {
    const text = message(code, params);
    this.problems.push({ at: `${this.file}:1:1`, code, message: text, hint: hintOf({ code, path: '', message: text }) });
  }

  /** A problem at a file of the content, where the sheet's cells are not the cause. */
  content(at: string, code: Code, text: string, hint: string) {
    (WARNINGS.has(code) ? this.warnings : this.problems).push({ at, code, message: text, hint });
  }

  /** The cells that have a problem now: validate's at the same cell would say it again. */
  reported(): (at: At) => boolean {
    const cells = new Set(this.cells);
    return (at) => cells.has(`${at.row} ${at.column}`);
  }

  /** Problems and warnings by row, then column. */
  sort() {
    const byRow = (a: ImportProblem, b: ImportProblem) => (a.row ?? Infinity) - (b.row ?? Infinity) || (a.column ?? '').length - (b.column ?? '').length || (a.column ?? '').localeCompare(b.column ?? '');
    this.problems.sort(byRow);
    this.warnings.sort(byRow);
  }
}
