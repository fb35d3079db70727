// The buyer's quote list (D18): products with a quantity and a note, kept on this device only
// (localStorage), shared by every tab of the site and kept until the buyer says it was sent or clears
// it. No prices, no totals, no account. A plain API, for any place that offers "Add to quote list".
import { useSyncExternalStore } from 'react';

/** What a product needs for the list: enough for the company to know it, and its page. */
export interface QuoteProduct {
  id: string;
  name: string;
  brand: string;
  model?: string | undefined;
  /** Its page on this site. */
  url: string;
  /** The pack asked for, where the product comes in packs (D22): its order code and what it is ("250 tablets"). */
  code?: string | undefined;
  pack?: string | undefined;
}

export interface QuoteItem extends QuoteProduct {
  quantity: number;
  note: string;
}

/** What tells items apart: a pack's order code (D22), else the product's id. */
export const itemKey = (item: Pick<QuoteProduct, 'id' | 'code'>) => item.code ?? item.id;

const KEY = 'acacia.quote-list';
const listeners = new Set<() => void>();

/** The items as stored, read again only when the stored text changes (useSyncExternalStore wants the same array back). */
let cached: { raw: string | null; items: readonly QuoteItem[] } = { raw: null, items: [] };

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage blocked by the browser's settings
  }
}

/** Anything stored that is not a list of items (another version, a hand edit) reads as an empty list. */
function parse(raw: string | null): QuoteItem[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (i): i is QuoteItem =>
        typeof i === 'object' && i !== null && typeof i.id === 'string' && typeof i.name === 'string' && typeof i.brand === 'string' && typeof i.url === 'string' && Number.isInteger(i.quantity) && i.quantity > 0 && typeof i.note === 'string' &&
        (i.code === undefined || (typeof i.code === 'string' && typeof i.pack === 'string')),
    );
  } catch {
    return [];
  }
}

/** The items on the list now. */
export function quoteItems(): readonly QuoteItem[] {
  const raw = storage()?.getItem(KEY) ?? null;
  if (raw !== cached.raw) cached = { raw, items: parse(raw) };
  return cached.items;
}

function save(items: readonly QuoteItem[]) {
  const store = storage();
  if (!store) throw new Error('This browser does not let the site keep a list on this device.');
  if (items.length) store.setItem(KEY, JSON.stringify(items));
  else store.removeItem(KEY);
  listeners.forEach((l) => l());
}

/** Adds a product, or one of its packs (each once: adding it again keeps its quantity and note); returns how many items the list holds. */
export function addToQuoteList(product: QuoteProduct): number {
  const items = quoteItems();
  if (items.some((i) => itemKey(i) === itemKey(product))) return items.length;
  const { id, name, brand, model, url, code, pack } = product;
  save([...items, { id, name, brand, ...(model ? { model } : {}), url, ...(code && pack ? { code, pack } : {}), quantity: 1, note: '' }]);
  return items.length + 1;
}

/** Changes an item's quantity (a whole number, 1 or more) or note; `key` is its itemKey. */
export function updateQuoteItem(key: string, change: Partial<Pick<QuoteItem, 'quantity' | 'note'>>) {
  save(quoteItems().map((i) => (itemKey(i) === key ? { ...i, ...change } : i)));
}

export function removeFromQuoteList(key: string) {
  save(quoteItems().filter((i) => itemKey(i) !== key));
}

/** Empties the list: the buyer sent it, or cleared it. */
export function clearQuoteList() {
  save([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the list.
  const onStorage = (e: StorageEvent) => (e.key === KEY || e.key === null) && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The list, for a component: null while the page is being hydrated (the prerendered HTML cannot know
 * what a visitor's device holds), then the items, following every change, in this tab or another.
 */
export function useQuoteList(): readonly QuoteItem[] | null {
  return useSyncExternalStore(subscribe, quoteItems, () => null);
}
