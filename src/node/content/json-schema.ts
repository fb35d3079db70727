// JSON Schema for editors, generated from the zod contract (npm run schemas; checked fresh by validate).
// An editor reading it (VS Code's JSON language service, or any editor with JSON Schema support)
// completes and checks documents as they are typed; the studio builds its forms from it too.
//
// zod writes a discriminated union (blocks by `type`, actions by `kind`) as a oneOf, which an editor
// resolves by best score: an empty or misspelled `type` then gets the fields and problems of whichever
// branch scored best. Here every such union is written instead as an object whose discriminator is an
// enum (each value with its title and description), and one if/then per value holding that branch,
// so the editor offers every value, names the valid ones for a wrong one, and checks a chosen branch
// alone. A page's blocks are offered by place (schemas/blocks/define.ts): its opening block first,
// then body blocks and the closing call to action. Objects an author adds to a list, and a product,
// come with a skeleton of their required fields (defaultSnippets).
import { z } from 'zod';
import { blockDefinitions, type BlockType } from '../../../schemas/blocks/index.ts';
import { pageDocument } from '../../../schemas/page.ts';
import { partnersDocument, productCategoriesDocument, productDocument, suppliersDocument } from '../../../schemas/records.ts';
import { redirectsDocument } from '../../../schemas/redirects.ts';
import { isImportMapFile, productIdOfFile, RECORD_FILES, REDIRECTS_FILE } from '../../../schemas/routes.ts';
import { siteDocument } from '../../../schemas/site.ts';
import { branchesOf, type JsonSchema } from '../../studio/schema.ts';
import { importMap } from '../catalogue/mapping.ts';

const targets = {
  'page.schema.json': pageDocument,
  'site.schema.json': siteDocument,
  'partners.schema.json': partnersDocument,
  'suppliers.schema.json': suppliersDocument,
  'product.schema.json': productDocument,
  'product-categories.schema.json': productCategoriesDocument,
  'redirects.schema.json': redirectsDocument,
  'import-map.schema.json': importMap,
} as const;

let generated: { file: string; json: string }[] | undefined;

export function jsonSchemaFiles(): { file: string; json: string }[] {
  return (generated ??= Object.entries(targets).map(([file, schema]) => ({ file, json: JSON.stringify(editorSchema(schema), null, 2) + '\n' })));
}

/** The zod schema a document of pages-data/ is checked against. */
export const documentSchema = (file: string) => targets[schemaFileOf(file)];

/** The schema file a document of pages-data/ is checked against: each record file its own, any other file is a page. */
export function schemaFileOf(file: string): keyof typeof targets {
  if (file === RECORD_FILES.site) return 'site.schema.json';
  if (file === RECORD_FILES.partners) return 'partners.schema.json';
  if (file === RECORD_FILES.suppliers) return 'suppliers.schema.json';
  if (file === RECORD_FILES.categories) return 'product-categories.schema.json';
  if (productIdOfFile(file)) return 'product.schema.json';
  if (file === REDIRECTS_FILE) return 'redirects.schema.json';
  if (isImportMapFile(file)) return 'import-map.schema.json';
  return 'page.schema.json';
}

function editorSchema(schema: z.ZodType): JsonSchema {
  const json = rewrite(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
  if (schema === pageDocument) json.properties!.blocks = blocksByPlace(json.properties!.blocks!);
  // A record in a file of its own starts from a skeleton of its required fields.
  if (schema === productDocument) json.defaultSnippets = [snippet(json.title ?? 'New document', json)];
  return json;
}

/** Every union, list and nested schema, rewritten for editors (children first). */
function rewrite(s: JsonSchema, name = 'item'): JsonSchema {
  const out: JsonSchema = { ...s };
  if (s.properties) out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, rewrite(v, k)]));
  if (s.items) out.items = rewrite(s.items, name);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = s[key]?.map((o) => rewrite(o, name));
    if (!options) continue;
    out[key] = options;
    // A choice of constants (columns: 2, 3 or 4) is an enum.
    if (options.every((o) => o.const !== undefined && Object.keys(o).every((k) => k === 'const' || k === 'type'))) {
      delete out[key];
      return { ...out, enum: options.map((o) => o.const) };
    }
    const tag = discriminatorOf(options);
    if (tag) {
      delete out[key];
      return discriminated(out, tag, options);
    }
  }
  if (out.items && out.items.type === 'object' && !out.items.defaultSnippets) {
    out.items = { ...out.items, defaultSnippets: [snippet(`New ${out.items.title ?? singular(name)}`, out.items)] };
  }
  return out;
}

/** cards -> card, categories -> category, redirects -> redirect: one item of a list. */
const singular = (key: string) => key.replace(/ies$/, 'y').replace(/s$/, '');

/** The property every option of a union fixes to a value of its own (blocks' `type`, actions' `kind`). */
function discriminatorOf(options: JsonSchema[]): string | undefined {
  const keys = Object.keys(options[0]?.properties ?? {});
  return keys.find((key) => {
    const values = options.map((o) => o.properties?.[key]?.const);
    return values.every((v) => typeof v === 'string') && new Set(values).size === options.length;
  });
}

/**
 * A discriminated union as an editor handles it best: the discriminator an enum whose values carry
 * their branch's title (shown beside it) and description; each branch applies when its value is
 * chosen, and only then; a snippet per branch inserts it with its required fields.
 */
function discriminated(base: JsonSchema, tag: string, options: JsonSchema[]): JsonSchema {
  const value = (o: JsonSchema) => o.properties![tag]!.const as string;
  const values = options.map(value);
  const titles = options.map((o) => o.title ?? value(o));
  return {
    ...base,
    type: 'object',
    properties: {
      [tag]: {
        type: 'string',
        enum: values,
        enumDetails: titles,
        enumDescriptions: options.map((o) => o.description ?? ''),
        description: `One of: ${values.join(', ')}. The fields that follow depend on it.`,
      },
    },
    required: [tag],
    allOf: options.map((o) => ({ if: { properties: { [tag]: { const: value(o) } }, required: [tag] }, then: o })),
    defaultSnippets: options.map((o, i) => snippet(`${values[i]} (${titles[i]})`, o)),
  };
}

/** The page's blocks by place: its opening block first, then body blocks and the closing call to action. */
function blocksByPlace(blocks: JsonSchema): JsonSchema {
  const union = blocks.items!;
  const at = (places: string[]) => {
    const options = branchesOf(union)!.filter((o) => places.includes(blockDefinitions[o.properties!.type!.const as BlockType].place));
    return discriminated({ description: union.description }, 'type', options);
  };
  return { ...blocks, prefixItems: [at(['opening'])], items: at(['body', 'closing']) };
}

/**
 * A snippet inserting an object with its required fields: text as a `TODO:` placeholder (which
 * `npm run validate` reports until it is replaced), a choice as the list of its values, a reference
 * or a formatted value empty (which both the editor and validate report until it is filled in).
 */
function snippet(label: string, schema: JsonSchema): { label: string; description?: string; body: unknown } {
  let stop = 0;
  const body = (s: JsonSchema, key: string): unknown => {
    const branches = branchesOf(s) ?? s.oneOf ?? s.anyOf;
    if (s.const !== undefined) return s.const;
    if (branches?.[0]) return body(branches[0], key);
    if (s.enum) {
      const choices = s.enum.map((v) => String(v).replace(/[,|\\$}]/g, '\\$&'));
      return s.enum.every((v) => typeof v === 'string') ? `\${${++stop}|${choices.join(',')}|}` : `^\${${++stop}:${String(s.enum[0])}}`;
    }
    switch (s.type) {
      case 'object':
        return Object.fromEntries((s.required ?? []).filter((k) => k !== '$schema').map((k) => [k, body(s.properties?.[k] ?? {}, k)]));
      case 'array': {
        const items = [...(s.prefixItems ?? []), ...Array.from({ length: Math.max(0, (s.minItems ?? 0) - (s.prefixItems?.length ?? 0)) }, () => s.items ?? {})];
        return items.slice(0, s.minItems ?? 0).map((item) => body(item, key));
      }
      case 'integer':
      case 'number':
        return `^\${${++stop}:${s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? 0)}}`;
      case 'boolean':
        return `^\${${++stop}:false}`;
      case 'string':
        return s.pattern || s.format || s['x-reference'] ? `\${${++stop}}` : `\${${++stop}:TODO: ${key}}`;
      default:
        return `\${${++stop}}`;
    }
  };
  return { label, ...(schema.description ? { description: schema.description } : {}), body: body(schema, 'text') };
}
