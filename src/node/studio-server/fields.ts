// Documents compared and merged field by field, never as text (a draft's changes, a page's history,
// a publish over a remote that moved, two people on one page). A field is a value at a path: objects
// are compared key by key, lists of the same length item by item; a list that grew or shrank, or an
// object that became another kind of thing (a block of another type), is one field, changed whole.
import { equal, isObject, type Json } from '../../studio/schema.ts';

export { equal };

export type Path = (string | number)[];

export interface FieldChange {
  path: Path;
  /** Absent: the field was not there. */
  before?: Json;
  after?: Json;
}

export interface FieldConflict {
  path: Path;
  base?: Json;
  ours?: Json;
  theirs?: Json;
}


/** Objects standing for the same kind of thing (the same block type, the same action kind): compared key by key. */
const comparable = (a: Json | undefined, b: Json | undefined): a is Record<string, Json> =>
  isObject(a) && isObject(b) && a.type === b.type && a.kind === b.kind;

const sameShapeLists = (...lists: (Json | undefined)[]): boolean => lists.every((l) => Array.isArray(l) && l.length === (lists[0] as Json[]).length);

/** Every field that differs between two versions of a document. */
export function fieldChanges(before: Json | undefined, after: Json | undefined, path: Path = []): FieldChange[] {
  if (equal(before, after)) return [];
  if (comparable(before, after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after as Record<string, Json>)])];
    return keys.flatMap((k) => fieldChanges(before[k], (after as Record<string, Json>)[k], [...path, k]));
  }
  if (sameShapeLists(before, after)) return (before as Json[]).flatMap((v, i) => fieldChanges(v, (after as Json[])[i], [...path, i]));
  return [{ path, ...(before !== undefined && { before }), ...(after !== undefined && { after }) }];
}

/**
 * Both sides' changes since `base`, field by field: where only one side changed a field, its value;
 * where both changed it alike, that value; where they changed it differently, a conflict, and ours
 * stands in the result until `choose` says otherwise (by the path's key, `pathKey`).
 */
export function mergeFields(base: Json | undefined, ours: Json | undefined, theirs: Json | undefined, choose: ReadonlyMap<string, 'ours' | 'theirs'> = new Map(), path: Path = []): { merged: Json | undefined; conflicts: FieldConflict[] } {
  if (equal(ours, theirs)) return { merged: ours, conflicts: [] };
  if (equal(base, ours)) return { merged: theirs, conflicts: [] };
  if (equal(base, theirs)) return { merged: ours, conflicts: [] };
  if (comparable(base, ours) && comparable(ours, theirs)) {
    const merged: Record<string, Json> = {};
    const conflicts: FieldConflict[] = [];
    const keys = [...new Set([...Object.keys(ours), ...Object.keys(theirs as Record<string, Json>), ...Object.keys(base)])];
    // Keys in ours' order, then theirs' new ones: the file keeps its order.
    for (const k of keys) {
      const r = mergeFields(base[k], ours[k], (theirs as Record<string, Json>)[k], choose, [...path, k]);
      if (r.merged !== undefined) merged[k] = r.merged;
      conflicts.push(...r.conflicts);
    }
    return { merged, conflicts };
  }
  if (sameShapeLists(base, ours, theirs)) {
    const conflicts: FieldConflict[] = [];
    const merged = (ours as Json[]).map((v, i) => {
      const r = mergeFields((base as Json[])[i], v, (theirs as Json[])[i], choose, [...path, i]);
      conflicts.push(...r.conflicts);
      return r.merged as Json;
    });
    return { merged, conflicts };
  }
  const conflict: FieldConflict = { path, ...(base !== undefined && { base }), ...(ours !== undefined && { ours }), ...(theirs !== undefined && { theirs }) };
  return { merged: choose.get(pathKey(path)) === 'theirs' ? theirs : ours, conflicts: [conflict] };
}

/** A path as one string: blocks.0.title (the studio's data path). */
export const pathKey = (path: Path) => path.join('.');

/** The JSON of a text, or undefined when it is not JSON (or absent). */
export function parseJson(text: string | undefined): Json | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}
