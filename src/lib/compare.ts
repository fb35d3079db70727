// The products a buyer has picked to compare (issue 37, item 7): up to four ids, kept on the device
// (localStorage) so a pick survives going from page to page; every tab hears of a change.
import { useSyncExternalStore } from 'react';

export const COMPARE_MAX = 4;
const KEY = 'acacia:compare';
const CHANGED = 'acacia:compare-changed';

function read(): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string').slice(0, COMPARE_MAX) : [];
  } catch {
    return [];
  }
}

let cached: string[] | undefined;
const snapshot = () => (cached ??= read());
const EMPTY: string[] = [];

function write(ids: string[]) {
  cached = ids.slice(0, COMPARE_MAX);
  try {
    localStorage.setItem(KEY, JSON.stringify(cached));
  } catch {
    // Storage refused (a private window's quota): the pick lasts as long as the page.
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void) {
  const changed = (e: Event) => {
    if (e instanceof StorageEvent && e.key !== KEY) return;
    cached = undefined;
    onChange();
  };
  window.addEventListener('storage', changed);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', changed);
    window.removeEventListener(CHANGED, onChange);
  };
}

/** The picked ids (none on the server and while hydrating, as the prerendered page has none). */
export const useCompared = () => useSyncExternalStore(subscribe, snapshot, () => EMPTY);

/** Picks a product, or puts it back; false when four are picked already. */
export function toggleCompared(id: string): boolean {
  const ids = snapshot();
  if (ids.includes(id)) write(ids.filter((x) => x !== id));
  else if (ids.length >= COMPARE_MAX) return false;
  else write([...ids, id]);
  return true;
}

export const setCompared = (ids: string[]) => write(ids);

/** The comparison's page; its address names the products (?products=a,b), so it can be shared. */
export const COMPARE_PAGE = '/compare';
export const compareSearch = (ids: readonly string[]) => ({ products: ids.join(',') });
export const idsFromParam = (value: unknown) => (value === undefined || value === null ? '' : String(value)).split(',').map((s) => s.trim()).filter(Boolean).slice(0, COMPARE_MAX);
