// npm run catalogue -- import <file.xlsx|.csv> [--sheet <name>] [--files <dir>] [--create] [--apply]
//                   -- export <file.xlsx|.csv>
//                   -- template <file.xlsx|.csv>
// The import is a dry run unless --apply: it prints what would be created, updated (each field, old →
// new), discontinued and left unchanged, the categories and brands it would make (--create), and every
// problem at its cell; it exits 1 on any problem. With --apply and no problem it writes every changed
// record and stored file, or nothing.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadContent } from '../content/load.ts';
import { formatProblem } from '../content/problems.ts';
import { catalogueSheet, formatOf } from './export.ts';
import { applyImport, type ImportPlan, type ImportProblem, planImport } from './import.ts';

const USAGE = `usage: npm run catalogue -- import <file.xlsx|.csv> [--sheet <name>] [--files <folder>] [--create] [--apply]
       npm run catalogue -- export <file.xlsx|.csv>
       npm run catalogue -- template <file.xlsx|.csv>`;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The dry run's report, as the command prints it (and the studio shows it). */
export function reportLines(plan: ImportPlan, applied: boolean): string[] {
  const packs = plan.packs > 0 ? ` and ${plural(plan.packs, 'pack')}` : '';
  const out: string[] = [`${plan.file}${plan.sheet && plan.sheet !== plan.file ? ` (sheet "${plan.sheet}")` : ''}: ${plural(plan.rows, 'row')}, ${plural(plan.products, 'product')}${packs}`];
  const listed = (title: string, changes: ImportPlan['created']) => {
    if (changes.length === 0) return;
    out.push('', `${title}:`);
    for (const c of changes) {
      out.push(`  ${c.id}  ${c.name}  (row ${c.row})`);
      if (title !== 'create') for (const f of c.fields) out.push(`      ${f.field}: ${f.from === undefined ? '(none)' : JSON.stringify(f.from)} → ${f.to === undefined ? '(none)' : JSON.stringify(f.to)}`);
    }
  };
  listed('create', plan.created);
  listed('update', plan.updated);
  listed('discontinue', plan.discontinued);
  if (plan.newCategories.length > 0) out.push('', 'new categories:', ...plan.newCategories.map((c) => `  ${c.path}  (${c.id}, row ${c.row})`));
  if (plan.newBrands.length > 0) out.push('', 'new brands (supplier records):', ...plan.newBrands.map((b) => `  ${b.name}  (${b.id}, row ${b.row})`));
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

async function main(args: string[]): Promise<number> {
  const [command, file] = args;
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  if (!command || !file || !['import', 'export', 'template'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const root = process.cwd();
  if (command === 'import') {
    const files = option('--files');
    const plan = await planImport(root, resolve(file), { ...(option('--sheet') ? { sheet: option('--sheet')! } : {}), ...(files ? { files: resolve(files) } : {}), create: args.includes('--create') });
    const apply = args.includes('--apply') && plan.problems.length === 0;
    if (apply) applyImport(root, plan);
    console.log(reportLines(plan, apply).join('\n'));
    return plan.problems.length > 0 ? 1 : 0;
  }
  const format = formatOf(file);
  if (!format) {
    console.error(`${file}: name an .xlsx or a .csv file\n${USAGE}`);
    return 2;
  }
  const { content, problems } = await loadContent(root);
  if (!content) {
    console.error(`${problems.map(formatProblem).join('\n')}\n\nThe content has ${plural(problems.length, 'problem')} (npm run validate): fix them first.`);
    return 1;
  }
  writeFileSync(resolve(file), await catalogueSheet(content, format, command === 'template'));
  console.log(command === 'template' ? `wrote ${file}: the catalogue's columns, no products; fill a row per product and import it.` : `wrote ${file}: ${plural(content.products.size, 'product')}.`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
