// The mapping file: what each column of a sheet that is not our template (nor a shop's export) holds,
// and what names of categories and brands mean. `--write-map <file>` writes the mapping the dry run
// proposes, for the author to edit; `--map <file>` imports by it. Once an import by a mapping is applied,
// the mapping is kept beside the records (pages-data/records/import-maps/<name>.json, checked by
// validate), and the next sheet with the same headers is read by it without asking again.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { brandId, categoryId } from '../../../schemas/primitives.ts';
import { IMPORT_MAPS_FOLDER } from '../../../schemas/routes.ts';
import { COLUMNS } from './columns.ts';
import { slugOf } from './names.ts';

/** A column left out of the import. */
export const SKIP = 'skip';

const field = z
  .union([z.enum([...COLUMNS, SKIP]), z.string().regex(/^spec: \S/, 'a template column, "skip", or "spec: <Name> [<unit>]"')])
  .meta({ description: 'What the column holds: a column of our template (name, brand, category, code, pack...), "spec: <Name> [<unit>]" for a value of the category\'s attribute, or "skip" to leave it out.' });

const names = (what: string, id: typeof categoryId, example: string) =>
  z.record(z.string().min(1), id).optional().meta({ description: `Names in the sheet and the ${what} each means, by id (${example}): where the sheet spells one its own way.` });

export const importMap = z
  .strictObject({
    $schema: z.string().optional(),
    headers: z
      .array(z.string().trim().min(1))
      .min(1)
      .optional()
      .meta({ description: 'The headers of the sheet this mapping is for, in any order: the next sheet with the same headers is read by it.' }),
    columns: z.record(z.string().min(1), field).optional().meta({ description: 'Each column of the sheet, by its header, and what it holds.' }),
    categories: names('category', categoryId, '"Photometres": "photometers"'),
    brands: names('brand', brandId, '"Tintometer": "lovibond"'),
    create: z
      .strictObject({
        categories: z.array(z.string().trim().min(1)).optional().meta({ description: 'Categories (names or paths) to make although they are close to one the site has (listing one asks for it: --create is not needed).' }),
        brands: z.array(z.string().trim().min(1)).optional().meta({ description: 'Brands to make although they are close to one the site has (listing one asks for it: --create is not needed).' }),
      })
      .optional(),
  })
  .meta({ title: 'Import mapping', description: 'What the columns of a sheet hold, and what its names of categories and brands mean (npm run catalogue -- import --map).' });
export type ImportMap = z.infer<typeof importMap>;

/** Headers as the mapping compares them: trimmed, spaces collapsed, whatever their case and order. */
const shape = (headers: readonly string[]) => [...new Set(headers.map((h) => h.trim().replace(/\s+/g, ' ').toLowerCase()))].sort().join('\n');
export const sameHeaders = (a: readonly string[], b: readonly string[]) => shape(a) === shape(b);

/** A mapping file read and checked: the mapping, or what is wrong with it, each at its field. */
export function readMap(text: string): { map: ImportMap } | { errors: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { errors: [`not JSON: ${(err as Error).message}`] };
  }
  const parsed = importMap.safeParse(data);
  if (parsed.success) return { map: parsed.data };
  return { errors: parsed.error.issues.map((i) => `${i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '') || '(the file)'}: ${i.message}`) };
}

/** The mappings kept beside the records, by their path under pages-data/ (one that does not read is validate's to report). */
export function keptMaps(root: string): { rel: string; map: ImportMap }[] {
  let names: string[];
  try {
    names = readdirSync(join(root, 'pages-data', IMPORT_MAPS_FOLDER)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const rel = `${IMPORT_MAPS_FOLDER}${name}`;
    const read = readMap(readFileSync(join(root, 'pages-data', rel), 'utf8'));
    return 'map' in read ? [{ rel, map: read.map }] : [];
  });
}

/** Where a mapping for these headers is kept: the file of the same headers, else a new one named after the sheet. */
export function keptMapFile(kept: { rel: string; map: ImportMap }[], sheetFile: string, headers: readonly string[]): string {
  const same = kept.find((k) => k.map.headers && sameHeaders(k.map.headers, headers));
  if (same) return same.rel;
  const base = slugOf(sheetFile.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '')) || 'sheet';
  let name = base;
  for (let n = 2; kept.some((k) => k.rel === `${IMPORT_MAPS_FOLDER}${name}.json`); n++) name = `${base}-${n}`;
  return `${IMPORT_MAPS_FOLDER}${name}.json`;
}

/** A mapping as its file is written, its JSON Schema named by `schema` (a path from the file's folder). */
export const mapText = (map: ImportMap, schema: string) => JSON.stringify({ $schema: schema, ...Object.fromEntries(Object.entries(map).filter(([k]) => k !== '$schema')) }, null, 2) + '\n';
