// Undo and redo for the studio: every value the document had since it was opened. Keystrokes in one
// field follow each other into one step (typing a word is undone at once); a change of another
// field, a pause, or any other edit starts a new step.
import type { Json } from './schema';

export interface History {
  past: Json[];
  present: Json;
  future: Json[];
  /** The field the last step typed into, and when: the next keystroke there joins that step. */
  typing?: { path: string; at: number };
}

/** Keystrokes closer together than this, in one field, are one step. */
const TYPING_PAUSE_MS = 1000;

export const startHistory = (value: Json): History => ({ past: [], present: value, future: [] });

/** The document changed to `next` by an edit at `path` (`typed`: a keystroke in a text field). */
export function record(h: History, next: Json, path: string, typed: boolean, now: number): History {
  if (next === h.present) return h;
  const joins = typed && h.typing?.path === path && now - h.typing.at < TYPING_PAUSE_MS && h.past.length > 0;
  return {
    past: joins ? h.past : [...h.past, h.present],
    present: next,
    future: [],
    ...(typed && { typing: { path, at: now } }),
  };
}

export function undo(h: History): History {
  if (h.past.length === 0) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1]!, future: [h.present, ...h.future] };
}

export function redo(h: History): History {
  if (h.future.length === 0) return h;
  return { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1) };
}
