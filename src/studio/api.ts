// What the studio's page asks of the dev server (src/node/studio/plugin.ts answers).
import type { Collection } from '../../schemas/collections';
import type { Partner, Product, ProductCategory, Supplier } from '../../schemas/records';
import type { RecordData } from '../page/resolve';
import type { ReferenceKind } from '../../schemas/primitives';
import type { JsonSchema } from './schema';

export interface StudioDocument {
  file: string;
  label: string;
  /** The page's route; absent for the site document and the records. */
  route?: string;
}

/** A problem as `npm run validate` reports it; `text` is the line it prints. */
export interface StudioProblem {
  file: string;
  line: number;
  column: number;
  /** The field, as validate names it: blocks[0].title */
  path: string;
  message: string;
  text: string;
}

export interface OpenedDocument {
  file: string;
  text: string;
  version: string;
  schema: JsonSchema;
}

export interface StudioContext {
  /** The choices a reference field offers, by the kind the schema marks (x-reference). */
  options: Record<ReferenceKind, string[]>;
  records: { partners: Partner[]; suppliers: Supplier[]; products: Product[]; categories: ProductCategory[]; templates: Partial<Record<Collection, string>> };
}

/** The records of the context as the block definitions read them (src/page/resolve.ts). */
export const recordData = (r: StudioContext['records']): RecordData => ({
  partners: new Map(r.partners.map((p) => [p.id, p])),
  suppliers: new Map(r.suppliers.map((s) => [s.id, s])),
  products: new Map(r.products.map((p) => [p.id, p])),
  categories: new Map(r.categories.map((c) => [c.id, c])),
  templates: r.templates,
});

export type SaveAnswer =
  | { outcome: 'saved'; version: string }
  | { outcome: 'invalid'; problems: StudioProblem[] }
  | { outcome: 'refused'; error: string };

const API = '/__studio/api/';

async function get<T>(what: string): Promise<T> {
  const res = await fetch(API + what);
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const post = (what: string, body: unknown, signal?: AbortSignal) =>
  fetch(API + what, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), ...(signal ? { signal } : {}) });

export const api = {
  documents: () => get<StudioDocument[]>('documents'),
  context: () => get<StudioContext>('context'),
  open: (file: string) => get<OpenedDocument>(`document?file=${encodeURIComponent(file)}`),
  async validate(file: string, value: unknown, signal: AbortSignal): Promise<StudioProblem[]> {
    const res = await post('validate', { file, value }, signal);
    if (!res.ok) throw new Error(`validate: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { problems: StudioProblem[] }).problems;
  },
  async save(file: string, value: unknown, version: string): Promise<SaveAnswer> {
    const res = await post('save', { file, value, version });
    const body = (await res.json()) as { version: string; problems: StudioProblem[]; error: string };
    if (res.ok) return { outcome: 'saved', version: body.version };
    if (res.status === 422) return { outcome: 'invalid', problems: body.problems };
    return { outcome: 'refused', error: body.error };
  },
};
