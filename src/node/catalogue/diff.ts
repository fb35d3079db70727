// Diffing a record as it was against the record as an import would write it: whether it changes,
// which fields do (as the sheet names them), and the text to write, its keys in the order its file had.
import { type Json, specsOf } from './build.ts';
import { specHeader } from './columns.ts';

/** Each changed field, its old value and its new (as text). */
export type FieldChange = { field: string; from?: string; to?: string };

const PRODUCT_KEYS = ['$schema', 'name', 'brand', 'category', 'model', 'packSize', 'description', 'image', 'specifications', 'applications', 'packs', 'datasheet', 'price', 'status', 'replacedBy'];

/** The record's text as a file: its keys in the order its file had them, new ones in the record's usual order. */
export function recordText(after: Json, before?: Json): string {
  const keys = [...Object.keys(before ?? {}).filter((k) => k in after), ...PRODUCT_KEYS.filter((k) => k in after && !(before && k in before)), ...Object.keys(after)];
  return JSON.stringify(Object.fromEntries([...new Set(keys)].map((k) => [k, after[k]])), null, 2) + '\n';
}

/** The same JSON value, whatever the order of an object's keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => sameJson((a as Json)[k], (b as Json)[k]));
}

const shown = (v: unknown) => (v === undefined ? undefined : typeof v === 'string' ? v : JSON.stringify(v));

/** The fields that differ, as the sheet names them: plain fields, the picture's src and alt, each specification value, each pack by its code. */
export function diff(before: Json, after: Json): FieldChange[] {
  const out: FieldChange[] = [];
  const add = (field: string, a: unknown, b: unknown) => {
    if (!sameJson(a, b)) out.push({ field, ...(a !== undefined ? { from: shown(a) } : {}), ...(b !== undefined ? { to: shown(b) } : {}) });
  };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === '$schema' || key === 'specifications') continue;
    if (key === 'packs') {
      out.push(...packChanges(before.packs, after.packs));
      continue;
    }
    if (key === 'image') {
      const [a, b] = [before.image as Json | undefined, after.image as Json | undefined];
      add('image', a?.src, b?.src);
      add('image alt', a?.alt, b?.alt);
      continue;
    }
    add(key, before[key], after[key]);
  }
  const texts = (d: Json) => specsOf(d).filter((s): s is string => typeof s === 'string');
  add('specifications', texts(before).length ? texts(before).join(' | ') : undefined, texts(after).length ? texts(after).join(' | ') : undefined);
  const values = (d: Json) => new Map(specsOf(d).flatMap((s) => (typeof s === 'string' ? [] : [[s.name, s] as const])));
  const [va, vb] = [values(before), values(after)];
  for (const name of new Set([...va.keys(), ...vb.keys()])) {
    const [a, b] = [va.get(name), vb.get(name)];
    add(specHeader(name, (b ?? a)!.unit), a?.value, b?.value);
  }
  return out;
}

/** A pack as the report shows it: its label, price, own values and picture. */
const packText = (p: Json) =>
  [p.label, p.price, ...specsOf(p).map((v) => (typeof v === 'string' ? v : `${v.name} ${String(v.value)}${v.unit ? ` ${v.unit}` : ''}`)), (p.image as Json | undefined)?.src].filter((x) => x !== undefined).join(' | ');

/** Each pack added, removed or changed, by its code; and the packs' order, where only that changed. */
function packChanges(a: unknown, b: unknown): FieldChange[] {
  const list = (v: unknown) => (Array.isArray(v) ? (v as Json[]) : []);
  const code = (p: Json) => String(p.code).toLowerCase();
  const [before, after] = [list(a), list(b)];
  const out: FieldChange[] = [];
  for (const p of [...after, ...before.filter((x) => !after.some((y) => code(y) === code(x)))]) {
    const [was, is] = [before.find((x) => code(x) === code(p)), after.find((x) => code(x) === code(p))];
    if (!sameJson(was, is)) out.push({ field: `pack ${String(p.code)}`, ...(was ? { from: packText(was) } : {}), ...(is ? { to: packText(is) } : {}) });
  }
  const order = (l: Json[]) => l.map((p) => String(p.code)).join(', ');
  if (out.length === 0 && order(before) !== order(after)) out.push({ field: 'packs', from: order(before), to: order(after) });
  return out;
}
