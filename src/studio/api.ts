// What the studio's page asks of the dev server (src/node/studio/plugin.ts answers).
import type { Collection } from '../../schemas/collections';
import type { Partner, Product, ProductCategory, Supplier } from '../../schemas/records';
import type { RecordData } from '../page/resolve';
import type { ReferenceKind } from '../../schemas/primitives';
import type { RedirectRule } from '../lib/redirects';
import type { SiteDocument } from '../../schemas/site';
import type { JsonSchema } from './schema';
import { SERVER } from './server/session';

export interface StudioDocument {
  file: string;
  label: string;
  /** The page's route; absent for the site document and the records. */
  route?: string;
  /** The page's heading as a breadcrumb names it (its opening block's title). */
  heading?: string;
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
  /** The problem in an author's words (src/node/studio/author-words.ts). */
  said: string;
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
  /** Under the studio server: every version of the document there is (the site's, each draft's), as git blob ids. */
  seen?: string[];
}

/** Under the studio server: a newer version of the document than the editor has seen, to merge field by field. */
export interface SaveConflict {
  who: string;
  where: 'site' | 'draft';
  when: string;
  /** Its blob id: seen, once merged. */
  blob: string;
  base: unknown;
  theirs: unknown;
  /** What it changed, from the version both started from. */
  fields: { path: string; label: string; before?: unknown; after?: unknown }[];
}

export interface StudioContext {
  /** The site document as it reads (the preview's header and footer), when it does. */
  site?: SiteDocument | undefined;
  /** The choices a reference field offers, by the kind the schema marks (x-reference). */
  options: Record<ReferenceKind, string[]>;
  /** The name the site shows for each id of the record kinds (Palintest for palintest). */
  labels: Partial<Record<ReferenceKind, Record<string, string>>>;
  records: { partners: Partner[]; suppliers: Supplier[]; products: Product[]; categories: ProductCategory[]; templates: Partial<Record<Collection, string>> };
  /** pages-data/redirects.json as it reads (an old bookmark's page). */
  redirects: RedirectRule[];
  /** The page that shows each supplier: where its record is previewed. */
  supplierPages: Record<string, string>;
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
  | { outcome: 'saved'; version: string; seen?: string[] }
  | { outcome: 'invalid'; problems: StudioProblem[] }
  | { outcome: 'conflict'; error: string; conflict?: SaveConflict }
  | { outcome: 'refused'; error: string };

/** What a page operation (new, move, delete) answers: done, or refused with why (and the links or problems in the way). */
export type PageAnswer<T> = { ok: true; value: T } | { ok: false; error: string; links?: StudioLink[]; problems?: StudioProblem[] };

const API = '/__studio/api/';
/** What the studio says when its server does not answer. */
const NO_ANSWER = SERVER ? "the studio's server does not answer: check your connection, or ask whoever runs it" : 'the dev server does not answer (is npm run dev still running?)';

/** The dev server's answer as JSON, or an error that says what came instead (the dev server stopped, an HTML error page). */
async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`${what}: the ${SERVER ? "studio's server" : 'dev server'} answered ${res.status} with something other than the studio's JSON${res.ok || SERVER ? '' : ' (is npm run dev still running?)'}`);
  }
}

async function get<T>(what: string): Promise<T> {
  const res = await fetch(API + what).catch(() => {
    throw new Error(`${what}: ${NO_ANSWER}`);
  });
  const body = await json<T & { error?: string }>(res, what);
  if (!res.ok) throw new Error(body.error ?? `${what}: ${res.status}`);
  return body;
}

const post = (what: string, body: unknown, signal?: AbortSignal) =>
  fetch(API + what, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), ...(signal ? { signal } : {}) });

/** A picture under public/ as the Pictures view lists it. */
export interface StudioPicture {
  path: string;
  bytes: number;
  width?: number;
  height?: number;
  /** Where documents name it, with the alt text beside it where there is one. */
  uses: (StudioLink & { alt?: string })[];
  /** Where the site's code names it (not content): src/layout/Header.tsx:12 */
  code: string[];
}

/** An upload as stored: its path under public/ and its size once upright. */
export interface Uploaded {
  src: string;
  width: number;
  height: number;
  /** The same picture was stored before (the same file is used again). */
  existed: boolean;
  /** Set when the file was converted (an iPhone's HEIC photo to JPEG). */
  converted?: string;
}

/** What the author chose for an import: the columns of the mapping step, and whether to make the categories and brands the site lacks. */
export interface ImportChoices {
  columns?: Record<string, string> | undefined;
  create: boolean;
}
const importChoices = ({ columns, create }: ImportChoices) => ({ ...(columns ? { columns } : {}), ...(create ? { create } : {}) });

/** A product import's check or apply, as the Import products view shows it (src/node/studio/import.ts). */
export interface StudioImport {
  file: string;
  sheet: string;
  rows: number;
  created: ImportChange[];
  updated: ImportChange[];
  discontinued: ImportChange[];
  unchanged: number;
  problems: ImportProblem[];
  warnings: ImportProblem[];
  /** How many files the apply writes (or wrote). */
  files: number;
  /** The header and each row a problem or warning is in, as text. */
  cells: { header: string[]; rows: Record<number, string[]> };
  applied: boolean;
  /** The categories (with those above them) and brands it makes, when asked to create them; each with the first row naming it. */
  newCategories: { id: string; path: string; row: number }[];
  newBrands: { id: string; name: string; row: number }[];
  /**
   * For a sheet that is not our template nor a shop's export: what each column holds, proposed or as
   * confirmed (`confirmed`; `kept`, by the mapping kept for sheets of its headers), and the fields a
   * column may be given (a "spec: ..." field besides).
   */
  mapping?: { choices: ImportColumn[]; confirmed: boolean; kept?: string; fields: string[] };
}
export interface ImportColumn {
  index: number;
  header: string;
  field: string;
  samples: string[];
  by: 'map' | 'header' | 'values' | 'none';
}
export interface ImportChange {
  id: string;
  name: string;
  row: number;
  fields: { field: string; from?: string; to?: string }[];
}
export interface ImportProblem {
  at: string;
  row?: number;
  column?: string;
  header?: string;
  code: string;
  message: string;
  hint: string;
}

export const api = {
  documents: () => get<StudioDocument[]>('documents'),
  context: () => get<StudioContext>('context'),
  open: (file: string) => get<OpenedDocument>(`document?file=${encodeURIComponent(file)}`),
  links: (file: string) => get<{ route: string; links: StudioLink[] }>(`links?file=${encodeURIComponent(file)}`),
  async validate(file: string, value: unknown, signal: AbortSignal): Promise<StudioProblem[]> {
    const res = await post('validate', { file, value }, signal);
    const body = await json<{ problems: StudioProblem[]; error?: string }>(res, 'validate');
    if (!res.ok) throw new Error(body.error ?? `validate: ${res.status}`);
    return body.problems;
  },
  /** `replace`: write over the file even though it changed on disk since it was opened; `seen`: the versions the editor has seen (studio server). */
  async save(file: string, value: unknown, version: string, replace = false, seen?: string[]): Promise<SaveAnswer> {
    const res = await post('save', { file, value, version, ...(replace && { replace }), ...(seen && { seen }) }).catch(() => undefined);
    if (!res) return { outcome: 'refused', error: NO_ANSWER };
    const body = await json<{ version: string; seen?: string[]; problems: StudioProblem[]; error: string; conflict?: SaveConflict; gone?: boolean }>(res, 'save').catch((err: Error) => ({ error: err.message }) as never);
    if (res.ok) return { outcome: 'saved', version: body.version, ...(body.seen && { seen: body.seen }) };
    if (res.status === 422) return { outcome: 'invalid', problems: body.problems };
    // A document moved or deleted meanwhile has no file to replace or to open again.
    if (res.status === 409 && !body.gone) return { outcome: 'conflict', error: body.error, ...(body.conflict && { conflict: body.conflict }) };
    return { outcome: 'refused', error: body.error };
  },
  /** A new page; `listedIn` names where the pages beside it are listed (a menu, an index's cards), which do not link to it yet. */
  create: (route: string, copyOf?: string) => operation<{ file: string; route: string; listedIn: { file: string; list: string }[] }>('create', { route, ...(copyOf && { copyOf }) }),
  move: (file: string, to: string, version: string) => operation<{ file: string; route: string; changed: string[] }>('move', { file, to, version }),
  remove: (file: string, version: string, redirectTo?: string) => operation<{ changed: string[] }>('delete', { file, version, ...(redirectTo && { redirectTo }) }),
  pictures: () => get<StudioPicture[]>('pictures'),
  /** A picture from the author's computer, for the document `forFile` (its name is made from it). */
  async upload(file: File, forFile: string): Promise<PageAnswer<Uploaded>> {
    const query = `upload?for=${encodeURIComponent(forFile)}&name=${encodeURIComponent(file.name)}`;
    const res = await fetch(API + query, { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: file }).catch(() => undefined);
    return answerOf<Uploaded>(res, 'upload');
  },
  /** `alt`: new alt texts beside the places that show the picture, by the validate path of each alt. */
  replacePicture: (from: string, to: string, alt: { file: string; path: string; alt: string }[] = []) => operation<{ changed: string[]; code: string[] }>('pictures/replace', { from, to, alt }),
  deletePicture: (path: string) => operation<{ deleted: string }>('pictures/delete', { path }),
  /** A file of a product import (the sheet, or a picture or datasheet it names), kept apart until the import is applied. */
  async importFile(session: string, file: File): Promise<PageAnswer<{ name: string }>> {
    const res = await fetch(`${API}import/file?session=${session}&name=${encodeURIComponent(file.name)}`, { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: file }).catch(() => undefined);
    return answerOf<{ name: string }>(res, 'import/file');
  },
  importCheck: (session: string, sheet: string, options: ImportChoices) => operation<StudioImport>('import/check', { session, sheet, ...importChoices(options) }),
  importApply: (session: string, sheet: string, options: ImportChoices) => operation<StudioImport>('import/apply', { session, sheet, ...importChoices(options) }),
};

const operation = async <T>(what: string, body: unknown): Promise<PageAnswer<T>> => answerOf<T>(await post(what, body).catch(() => undefined), what);

async function answerOf<T>(res: Response | undefined, what: string): Promise<PageAnswer<T>> {
  if (!res) return { ok: false, error: NO_ANSWER };
  const answer = await json<T & { error?: string; links?: StudioLink[]; problems?: StudioProblem[] }>(res, what).catch((err: Error) => ({ error: err.message }) as never);
  return res.ok ? { ok: true, value: answer } : { ok: false, error: answer.error ?? `${what}: ${res.status}`, ...(answer.links && { links: answer.links }), ...(answer.problems && { problems: answer.problems }) };
}
