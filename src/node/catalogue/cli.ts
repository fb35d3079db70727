// npm run catalogue -- import <file.xlsx|.csv> [--sheet <name>] [--files <dir>] [--create] [--map <file>] [--write-map <file>] [--apply]
//                   -- export <file.xlsx|.csv>
//                   -- template <file.xlsx|.csv>
// The import is a dry run unless --apply: it prints what would be created, updated (each field, old →
// new), discontinued and left unchanged, the categories and brands it would make (--create), and every
// problem at its cell; it exits 1 on any problem. With --apply and no problem it writes every changed
// record and stored file, or nothing. A sheet that is not our template nor a shop's export is read by
// a mapping of its columns: --write-map writes the one the dry run proposes (or uses), --map imports by one.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { loadContent } from '../content/load.ts';
import { formatProblem } from '../content/problems.ts';
import { catalogueSheet, formatOf } from './export.ts';
import { applyImport, type ImportMap, type ImportPlan, planImport } from './import.ts';
import { mapText, readMap } from './mapping.ts';
import { plural, reportLines } from './report.ts';

const USAGE = `usage: npm run catalogue -- import <file.xlsx|.csv> [--sheet <name>] [--files <folder>] [--create] [--currency KES] [--map <file>] [--write-map <file>] [--apply]
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
    const [files, mapFile, writeMap] = [option('--files'), option('--map'), option('--write-map')];
    let map: ImportMap | undefined;
    if (mapFile) {
      const read = readMap(readIfThere(resolve(mapFile)) ?? 'null');
      if ('errors' in read) {
        console.error(`${mapFile}: not a mapping file (its fields are in schemas/import-map.schema.json):\n${read.errors.map((e) => `  ${e}`).join('\n')}`);
        return 1;
      }
      map = read.map;
    }
    const plan = await planImport(root, resolve(file), {
      ...(option('--sheet') ? { sheet: option('--sheet')! } : {}),
      ...(files ? { files: resolve(files) } : {}),
      ...(option('--currency') ? { currency: option('--currency')! } : {}),
      ...(map ? { map } : {}),
      create: args.includes('--create'),
      localPictures: args.includes('--local-pictures'),
    });
    if (writeMap) {
      writeFileSync(resolve(writeMap), mapText(mapToEdit(plan, map), relative(dirname(resolve(writeMap)), join(root, 'schemas/import-map.schema.json'))));
      console.log(`${reportLines(plan, false).join('\n')}\n\nwrote ${writeMap}: the mapping of the sheet's columns and the names it gives; edit it, then import with --map ${writeMap}.`);
      return 0;
    }
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

/** The mapping for the author to edit: the sheet's headers, what each column holds (as proposed, or as mapped), and the names and categories to make, empty where none are given yet. */
function mapToEdit(plan: ImportPlan, map: ImportMap | undefined): ImportMap {
  return {
    headers: plan.headers,
    ...(plan.mapping ? { columns: Object.fromEntries(plan.mapping.choices.map((c) => [c.header, c.field])) } : {}),
    categories: map?.categories ?? {},
    brands: map?.brands ?? {},
    create: { categories: map?.create?.categories ?? [], brands: map?.create?.brands ?? [] },
  };
}

function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

process.exitCode = await main(process.argv.slice(2));
