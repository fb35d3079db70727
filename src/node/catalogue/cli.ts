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
import { applyImport, planImport } from './import.ts';
import { plural, reportLines } from './report.ts';

const USAGE = `usage: npm run catalogue -- import <file.xlsx|.csv> [--sheet <name>] [--files <folder>] [--create] [--currency KES] [--apply]
       npm run catalogue -- export <file.xlsx|.csv>
       npm run catalogue -- template <file.xlsx|.csv>`;

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
    const plan = await planImport(root, resolve(file), { ...(option('--sheet') ? { sheet: option('--sheet')! } : {}), ...(files ? { files: resolve(files) } : {}), create: args.includes('--create'), localPictures: args.includes('--local-pictures'), ...(option('--currency') ? { currency: option('--currency')! } : {}) });
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
