// Site search (D7): how the header search box matches and orders the entries that
// src/node/build/search-index.ts makes from the content at build time. Pure: the search box and the unit
// tests both call it, so what the tests find is what a visitor finds.
import MiniSearch, { type Query, type SearchResult } from 'minisearch';

/** What an entry is, for grouping the results; each kind is one group of the results list. */
export const kinds = {
  Page: 'Pages',
  Service: 'Products & services',
  Product: 'Products',
  Industry: 'Industries',
  Partner: 'Partners & brands',
  Policy: 'Policies',
} as const;
export type Kind = keyof typeof kinds;
const kindBoost: Record<Kind, number> = { Page: 0.8, Service: 1.2, Product: 1.2, Industry: 0.8, Partner: 1.2, Policy: 1 };

export interface SearchEntry {
  /** Where the entry leads: a path of the site, with an #anchor when the entry is one section. */
  url: string;
  kind: Kind;
  title: string;
  /** The title of the page the entry is a part of (absent when the entry is the page). */
  page?: string;
  /** A sentence about it, shown under the title. */
  text?: string;
  /** Searchable phrases (list items, specifications, keywords); a matching one is shown as the snippet. */
  items?: string[];
}

export interface SearchHit {
  url: string;
  kind: Kind;
  /** The heading of the kind's group in the results list. */
  group: string;
  title: string;
  /** The page it is on and the sentence or item that matched. */
  description: string;
}

/** Words buyers type for things the site names otherwise. One way: the typed word is searched too. */
export const synonyms: Record<string, string[]> = {
  fridge: ['refrigerator', 'freezer'],
  cooler: ['refrigerator'],
  scale: ['balance'],
  weigh: ['balance'],
  cupboard: ['hood', 'cabinet'],
  ppe: ['protective'],
  colour: ['color'],
  color: ['colour'],
  complaint: ['grievance'],
  spectrophotometer: ['photometer'],
  photometer: ['spectrophotometer'],
};

const stopWords = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'our', 'the', 'to', 'with', 'your']);

/** One word as the index keeps it: lower case, no accents, no plural s ('meters' and 'meter' meet). */
export function normalizeTerm(word: string): string | null {
  const t = word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  if (!t || stopWords.has(t)) return null;
  return t.length > 3 && /[^siu]s$/.test(t) ? t.slice(0, -1) : t;
}

const tokenize = (text: string) => text.split(/[^\p{L}\p{N}°]+/u).filter(Boolean);
const words = (text: string) => tokenize(text).map(normalizeTerm).filter((t): t is string => !!t);

/**
 * The index over the entries and the function that answers a query, best first, grouped by kind.
 * Built in slices, so a slow phone keeps drawing the opened dialog and taking keys meanwhile.
 */
export async function createSearch(entries: readonly SearchEntry[], limit = 16): Promise<(query: string) => SearchHit[]> {
  const mini = new MiniSearch<SearchEntry & { id: number }>({
    fields: ['title', 'page', 'text', 'items'],
    extractField: (doc, field) => (field === 'items' ? doc.items?.join('\n') : (doc as unknown as Record<string, string>)[field]),
    tokenize,
    processTerm: normalizeTerm,
    searchOptions: {
      boost: { title: 4, page: 1, text: 1.5, items: 1 },
      // Two-letter words ('ph', 'uv') match whole words only; longer ones also as the start of one,
      // and words of five letters or more forgive a typo or two ('microscpe').
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      weights: { fuzzy: 0.4, prefix: 0.6 },
      // A whole page outranks one of its sections, and what we sell outranks where it is used.
      boostDocument: (id: number) => (entries[id]!.page ? 1 : 1.3) * kindBoost[entries[id]!.kind],
    },
  });
  await mini.addAllAsync(entries.map((e, id) => ({ ...e, id })), { chunkSize: 50 });

  return (query) => {
    const terms = words(query);
    if (terms.length === 0) return [];
    const each: Query[] = terms.map((t) => ({ combineWith: 'OR', queries: [t, ...(synonyms[t] ?? [])] }));
    // Every word must match; when no entry has them all, the entries with most of them.
    let results = mini.search({ combineWith: 'AND', queries: each });
    if (results.length === 0 && terms.length > 1) results = mini.search({ combineWith: 'OR', queries: each });
    return group(pick(results, entries, limit));
  };
}

/** The best entry per link, at most two per page, so one page does not fill the list. */
function pick(results: SearchResult[], entries: readonly SearchEntry[], limit: number): SearchHit[] {
  const urls = new Set<string>();
  const perPage = new Map<string, number>();
  const hits: SearchHit[] = [];
  for (const r of results) {
    const e = entries[r.id as number]!;
    const path = e.url.split('#')[0]!;
    if (urls.has(e.url) || (perPage.get(path) ?? 0) >= 2) continue;
    urls.add(e.url);
    perPage.set(path, (perPage.get(path) ?? 0) + 1);
    hits.push({ url: e.url, kind: e.kind, group: kinds[e.kind], title: e.title, description: describe(e, new Set(r.terms)) });
    if (hits.length === limit) break;
  }
  return hits;
}

/** The page it is on, then the text, or the list item that matched when only an item did. */
function describe(e: SearchEntry, matched: Set<string>): string {
  const hits = (s: string | undefined) => !!s && words(s).some((w) => matched.has(w));
  const item = hits(e.title) || hits(e.text) ? undefined : e.items?.find(hits);
  return [e.page, item ?? e.text].filter(Boolean).join(' · ');
}

/** Hits grouped by kind, the groups in the order of their best hit: the first hit stays first. */
function group(hits: SearchHit[]): SearchHit[] {
  const order = [...new Set(hits.map((h) => h.kind))];
  return order.flatMap((kind) => hits.filter((h) => h.kind === kind));
}
