// Reading the JSON Schema of a document (z.toJSONSchema of the zod contract, src/node/content/json-schema.ts)
// for the form: what a field is, what a new value of it starts as, and which branch of a union a
// value takes. Nothing here knows a block type or a field by name.
import type { ReferenceKind } from '../../schemas/primitives';

export interface JsonSchema {
  type?: string;
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  /** The schemas of a list's first items (a page's opening block); `items` is the rest's. */
  prefixItems?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  /** A discriminated union's branches: each applies `if` its discriminator has that branch's value. */
  allOf?: JsonSchema[];
  if?: JsonSchema;
  then?: JsonSchema;
  const?: unknown;
  enum?: unknown[];
  /** What an editor shows beside each value of `enum` (its title) and under it (its description). */
  enumDetails?: string[];
  enumDescriptions?: string[];
  /** What an editor inserts when an author starts a value of this schema (VS Code's keyword). */
  defaultSnippets?: { label: string; description?: string; body: unknown }[];
  default?: unknown;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  'x-reference'?: ReferenceKind;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Two JSON values alike (object keys in any order). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => equal(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && equal(a[k], b[k]));
  }
  return false;
}

/** The branches of a discriminated union as src/node/content/json-schema.ts writes it: one if/then per discriminator value. */
export const branchesOf = (s: JsonSchema): JsonSchema[] | undefined =>
  s.allOf?.length && s.allOf.every((b) => b.if && b.then) ? s.allOf.map((b) => b.then!) : undefined;

export const optionsOf = (s: JsonSchema): JsonSchema[] | undefined => s.oneOf ?? s.anyOf ?? branchesOf(s);

/**
 * What any item of a list may be: where the schema offers its first items other kinds than the rest
 * (a page's opening block), every kind of either, since the form moves items freely (validate says
 * what is out of place).
 */
export function itemsOf(s: JsonSchema): JsonSchema {
  const lists = [s.items ?? {}, ...(s.prefixItems ?? [])];
  if (lists.length === 1) return lists[0]!;
  const branches = lists.flatMap((l) => optionsOf(l) ?? [l]);
  const key = discriminator(branches);
  const unique = key ? branches.filter((b, i) => branches.findIndex((o) => o.properties?.[key]?.const === b.properties?.[key]?.const) === i) : branches;
  return { ...s.items, oneOf: unique, allOf: undefined };
}

/** The property every branch of a union fixes to a value of its own (blocks' `type`, actions' `kind`). */
export function discriminator(options: JsonSchema[]): string | undefined {
  const first = options[0]?.properties ?? {};
  return Object.keys(first).find((key) => options.every((o) => o.properties?.[key]?.const !== undefined));
}

/** The branch of a union a value takes: by its discriminator, else the first whose fields it fits. */
export function branchOf(options: JsonSchema[], value: unknown): number {
  const key = discriminator(options);
  if (key) return Math.max(0, options.findIndex((o) => isObject(value) && o.properties?.[key]?.const === value[key]));
  // A value one branch names exactly ("{email}", the company's mailbox) takes that branch, not the first that fits its type.
  const named = options.findIndex((o) => o.const === value || o.enum?.includes(value));
  if (named >= 0) return named;
  const fits = (o: JsonSchema) =>
    o.const !== undefined
      ? o.const === value
      : isObject(value) && o.type === 'object'
        ? (o.required ?? []).every((k) => k in value) && Object.keys(value).every((k) => k in (o.properties ?? {}))
        : typeOf(value) === o.type || (o.type === 'integer' && typeof value === 'number');
  return Math.max(0, options.findIndex(fits));
}

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** A branch's name for an author: its title, its discriminator value, or its description. */
export function branchName(option: JsonSchema, index: number, key?: string): string {
  if (option.const !== undefined) return String(option.const);
  if (key) return String(option.properties?.[key]?.const);
  return option.title ?? option.description ?? `Option ${index + 1}`;
}

/** What a new value starts as: only the fields the schema requires, each at its own start value. */
export function initialValue(s: JsonSchema): Json {
  if (s.const !== undefined) return s.const as Json;
  const options = optionsOf(s);
  if (options?.[0]) return initialValue(options[0]);
  if (s.default !== undefined) return s.default as Json;
  if (s.enum) return s.enum[0] as Json;
  switch (s.type) {
    case 'object':
      return Object.fromEntries((s.required ?? []).map((key) => [key, initialValue(s.properties?.[key] ?? {})]));
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, (_, i) => initialValue(s.prefixItems?.[i] ?? s.items ?? {}));
    case 'number':
    case 'integer':
      return s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? 0);
    case 'boolean':
      return false;
    default:
      return '';
  }
}

/** Free text an author writes (no format, pattern, choice or reference): a textarea. */
export const isFreeText = (s: JsonSchema) => s.type === 'string' && !s.pattern && !s.format && !s.enum && s.const === undefined && !s['x-reference'];

/** Keys whose name is a developer's abbreviation: what an author reads instead. */
const PLAIN_NAMES: Record<string, string> = { src: 'Picture file', id: 'ID (its short name in addresses)', alt: 'Alt text', url: 'Web address', cta: 'Call to action' };

/** searchGroup -> Search group */
export const humanize = (key: string) => {
  if (key in PLAIN_NAMES) return PLAIN_NAMES[key]!;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** blocks -> block, categories -> category: what one item of a list is called. */
export const singular = (key: string) => humanize(key.replace(/ies$/, 'y').replace(/s$/, '')).toLowerCase();

/** A path as the studio's inputs carry it (data-path): blocks.0.title */
export const joinPath = (parent: string, key: string | number) => (parent === '' ? String(key) : `${parent}.${key}`);

/** A path as `npm run validate` prints it (blocks[0].title), as the studio's data-path. */
export const dataPathOf = (validatePath: string) => validatePath.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');

/** The value at a data path (blocks.0.image.alt), if there is one. */
export const getAt = (doc: Json | undefined, path: string): Json | undefined =>
  path === '' ? doc : path.split('.').reduce<Json | undefined>((v, key) => (Array.isArray(v) ? v[Number(key)] : isObject(v) ? v[key] : undefined), doc);

/** `doc` with the value at `path` replaced (undefined removes an object's key); unchanged branches keep their identity. */
export function setAt(doc: Json, path: string, value: Json | undefined): Json {
  if (path === '') return value ?? null;
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const child = (container: Json, key: string): Json | undefined =>
    Array.isArray(container) ? container[Number(key)] : isObject(container) ? container[key] : undefined;
  const next = rest.length ? setAt(child(doc, head) ?? {}, rest.join('.'), value) : value;
  if (Array.isArray(doc)) {
    const copy = doc.slice();
    if (next === undefined) copy.splice(Number(head), 1);
    else copy[Number(head)] = next;
    return copy;
  }
  const copy = { ...(isObject(doc) ? doc : {}) };
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy;
}

/** An item's name in its list, as the form heads it: its number, its kind (a block's type) and, with `own`, its own title. */
export function itemLabel(items: JsonSchema, item: Json | undefined, i: number, noun: string, own = true): string {
  const options = optionsOf(items);
  const kind = options ? branchName(options[branchOf(options, item)]!, 0, discriminator(options)) : undefined;
  const branchTitle = options ? (options[branchOf(options, item)]!.title ?? kind) : undefined;
  const text = !own ? undefined : typeof item === 'string' ? item : isObject(item) ? [item.title, item.label, item.name, item.id].find((v) => typeof v === 'string' && v !== '') : undefined;
  return `${noun.charAt(0).toUpperCase() + noun.slice(1)} ${i + 1}${branchTitle ? ` (${branchTitle})` : ''}${text ? `: ${String(text)}` : ''}`;
}

/** The schema a value takes where its schema is a union (a block, an action), else the schema itself. */
function branchFor(schema: JsonSchema | undefined, value: Json | undefined): JsonSchema | undefined {
  const options = schema && optionsOf(schema);
  return options ? options[branchOf(options, value)] : schema;
}

/**
 * A field as the form names it, from a data path (blocks.5.cards.0.title): "Block 6 (Card grid): Our
 * services › Card 1 › Title". A document's top-level items (its blocks) carry their own title, as their
 * headings in the form do.
 */
export function fieldName(schema: JsonSchema, doc: Json | undefined, dataPath: string): string {
  if (dataPath === '') return 'The whole document';
  const names: string[] = [];
  let s: JsonSchema | undefined = schema;
  let v: Json | undefined = doc;
  let key = 'item';
  for (const [depth, part] of dataPath.split('.').entries()) {
    s = branchFor(s, v);
    if (Array.isArray(v) || (s?.type === 'array' && /^\d+$/.test(part))) {
      const i = Number(part);
      const item = Array.isArray(v) ? v[i] : undefined;
      // The item's name stands for its list's.
      names.pop();
      const items = s ? itemsOf(s) : {};
      names.push(itemLabel(items, item, i, singular(key), depth === 1));
      s = items;
      v = item;
    } else {
      const prop = s?.properties?.[part];
      names.push(prop?.title ?? humanize(part));
      s = prop;
      v = isObject(v) ? v[part] : undefined;
      key = part;
    }
  }
  return names.join(' › ');
}
