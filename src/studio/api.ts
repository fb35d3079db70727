// What the studio's page asks of the dev server (src/node/studio/plugin.ts answers).
import type { Partner, Supplier } from '../../schemas/records';
import type { ReferenceKind } from '../../schemas/primitives';
import type { RedirectRule } from '../lib/redirects';
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
  /** How to fix it (validate's hint). */
  hint: string;
  /** The field as the form names it: Block 6 (Card grid): Our services › Card 1 › Title */
  field: string;
}

/** A link to a page, where it is (what keeps a page from being deleted). */
export interface StudioLink {
  file: string;
  line: number;
  column: number;
  path: string;
  to: string;
  field: string;
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
  records: { partners: Partner[]; suppliers: Supplier[] };
  /** pages-data/redirects.json as it reads (an old bookmark's page). */
  redirects: RedirectRule[];
  /** The page that shows each supplier: where its record is previewed. */
  supplierPages: Record<string, string>;
}

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
