// The import's report, as `npm run catalogue -- import` prints it: what it would create, update and
// discontinue (each field, old → new), the categories and brands it would make, the rows it leaves
// out, and every problem and warning at its cell with its hint.
import type { ImportPlan, ImportProblem } from './import.ts';
import { columnName } from './sheet.ts';

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The dry run's report, as the command prints it (and the studio shows it). */
export function reportLines(plan: ImportPlan, applied: boolean): string[] {
  const packs = plan.packs > 0 ? ` and ${plural(plan.packs, 'pack')}` : '';
  const out: string[] = [`${plan.file}${plan.sheet && plan.sheet !== plan.file ? ` (sheet "${plan.sheet}")` : ''}, ${plan.formatName}: ${plural(plan.rows, 'row')}, ${plural(plan.products, 'product')}${packs}`];
  const listed = (title: string, changes: ImportPlan['created']) => {
    if (changes.length === 0) return;
    out.push('', `${title}:`);
    for (const c of changes) {
      out.push(`  ${c.id}  ${c.name}  (row ${c.row})`);
      if (title !== 'create') for (const f of c.fields) out.push(`      ${f.field}: ${f.from === undefined ? '(none)' : JSON.stringify(f.from)} → ${f.to === undefined ? '(none)' : JSON.stringify(f.to)}`);
    }
  };
  if (plan.mapping) {
    const { choices, confirmed, kept } = plan.mapping;
    out.push('', confirmed ? `columns, by ${kept ? `the mapping kept in pages-data/${kept}` : 'the mapping given'}:` : 'columns, as proposed (confirm them: --write-map <file>, edit it, then --map <file>):');
    for (const c of choices) out.push(`  ${columnName(c.index)}  ${c.header} → ${c.field}${c.by === 'map' ? '' : `  (by its ${c.by === 'header' ? 'header' : c.by === 'values' ? 'values' : 'header and values: none found'})`}${c.samples.length ? `  e.g. ${c.samples.map((v) => JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)).join(', ')}` : ''}`);
  }
  listed('create', plan.created);
  listed('update', plan.updated);
  listed('discontinue', plan.discontinued);
  if (plan.newCategories.length > 0) out.push('', 'new categories:', ...plan.newCategories.map((c) => `  ${c.path}  (${c.id}, row ${c.row})`));
  if (plan.newBrands.length > 0) out.push('', 'new brands (supplier records):', ...plan.newBrands.map((b) => `  ${b.name}  (${b.id}, row ${b.row})`));
  if (plan.leftOut.length > 0) out.push('', 'left out:', ...plan.leftOut.map((l) => `  row ${l.row}  ${l.name}: ${l.reason}`));
  const problem = (p: ImportProblem, warning = false) => `${p.at}  ${p.message}${warning ? '  (warning)' : ''}\n    ${p.code}: ${p.hint}`;
  if (plan.problems.length > 0) out.push('', `${plural(plan.problems.length, 'problem')}:`, ...plan.problems.map((p) => problem(p)));
  if (plan.warnings.length > 0) out.push('', `${plural(plan.warnings.length, 'warning')}:`, ...plan.warnings.map((p) => problem(p, true)));
  const made = [plan.newCategories.length > 0 ? `${plural(plan.newCategories.length, 'new category', 'new categories')}` : '', plan.newBrands.length > 0 ? `${plural(plan.newBrands.length, 'new brand')}` : ''].filter(Boolean);
  const counts = `${plan.created.length} created, ${plan.updated.length} updated, ${plan.discontinued.length} discontinued, ${plan.unchanged} unchanged${made.map((m) => `, ${m}`).join('')}`;
  out.push(
    '',
    plan.problems.length > 0
      ? `${counts} if it passed; nothing written: ${plural(plan.problems.length, 'problem')} to fix first.`
      : applied
        ? `Applied: ${counts}; ${plural(plan.writes.size, 'file')} written.`
        : `Dry run: ${counts}; ${plural(plan.warnings.length, 'warning')}. Nothing written: run again with --apply to write.`,
  );
  return out;
}

