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
/** The words of a text as the index keeps them. */
export const words = (text: string) => tokenize(text).map(normalizeTerm).filter((t): t is string => !!t);

/**
 * What the header search searches: every entry but the products' in full, and the products' in parts
 * fetched for the query (src/node/build/search-index.ts writes both), so the download does not grow
 * with the catalogue.
 */
export interface SearchIndex {
  entries: SearchEntry[];
  products: {
    /** How many products there are. */
    count: number;
    /** The keys of the term files that exist (see termFileOf). */
    shards: string[];
    /** How many products each file of entries holds: product n is in file floor(n / chunk). */
    chunk: number;
    /** Where each order-code file starts: the plain form of its first code (see codeFilesFor). */
    codes: string[];
  };
}

/**
 * One row of an order-code file (D22): [plain form (codeKey), the code as written, its pack's label (''
 * for a product's model number), the product's number]. The files hold every code, sorted by plain form.
 */
export type CodeRow = [plain: string, code: string, pack: string, product: number];

/** An order code as search compares it: lower case, letters and digits only ("PT-DPD1/250" is ptdpd1250), so a buyer may type it with or without its dashes. */
export const codeKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The shortest start of a code that search looks it up by. */
export const CODE_MIN = 3;
/** The most code files one query fetches (a short start of a code many products share). */
const CODE_FILES_MAX = 4;

/**
 * The code files a query's plain form may match in, given where each file starts: the one its codes
 * would sort into, and the next ones while they start with it (up to CODE_FILES_MAX).
 */
export function codeFilesFor(plain: string, starts: readonly string[]): number[] {
  if (plain.length < CODE_MIN || starts.length === 0) return [];
  let at = 0;
  while (at + 1 < starts.length && starts[at + 1]! <= plain) at++;
  const out = [at];
  while (out.length < CODE_FILES_MAX && starts[at + out.length]?.startsWith(plain)) out.push(at + out.length);
  return out;
}

/**
 * One term file: each word (as the index keeps it) that starts with the file's key (and with no longer
 * key that has a file), and the products that have it, in their title and elsewhere: ascending numbers,
 * each written as its difference from the one before in base 36, joined by dots.
 */
export type TermFile = Record<string, [title: string, other: string]>;

/** Where the products' parts come from: the files the build wrote (src/layout/SearchDialog.tsx), or memory (tests). */
export interface ProductParts {
  terms(key: string): Promise<TermFile>;
  entries(file: number): Promise<SearchEntry[]>;
  codes(file: number): Promise<CodeRow[]>;
}

/**
 * The term files are keyed by the first letters of their words: two, and where a file would be large
 * (a catalogue's model numbers), three or four. A word is in the file of the longest key it starts with.
 */
export const MAX_KEY = 4;
const letters = (term: string, n: number) => [...term].slice(0, n).join('');

/** The key of the file a word is in, among the keys that have a file (undefined: no such word). */
export function termFileOf(term: string, keys: ReadonlySet<string>): string | undefined {
  for (let n = Math.min([...term].length, MAX_KEY); n >= 1; n--) if (keys.has(letters(term, n))) return letters(term, n);
  return undefined;
}

/** The files that hold the words a query word may match: its own, and for a prefix, the longer keys that start with it. */
export function termFilesFor(term: string, keys: ReadonlySet<string>, prefix: boolean): string[] {
  const own = termFileOf(term, keys);
  const longer = prefix ? [...keys].filter((k) => k.length > term.length && k.startsWith(term)) : [];
  return [...new Set([...(own ? [own] : []), ...longer])];
}


export const encodeIds = (ids: readonly number[]) => ids.map((id, i) => (id - (ids[i - 1] ?? 0)).toString(36)).join('.');
export function decodeIds(text: string): number[] {
  if (!text) return [];
  let at = 0;
  return text.split('.').map((d) => (at += parseInt(d, 36)));
}

/** Products worth fetching for one query: the best of them by where their words match, fetched with the rest of the index. */
const CANDIDATES = 12;
/** The most products a query finds by their order codes. */
const CODE_HITS = 6;

/**
 * How many of a query's words an entry must have to be listed: all of them, but one of three or more may
 * be missing (a buyer's 'chlorine test for water' and a product that says 'chlorine' and 'water' but
 * 'checks'), listed after those that have them all. When no entry has that many, every entry that has
 * any of them, those with more first.
 */
const enough = (words: number) => (words >= 3 ? words - 1 : words);

// How MiniSearch weighs a word that matches as the start of another, or with a typo (its searchOptions below).
const PREFIX_WEIGHT = 0.6;
const FUZZY_WEIGHT = 0.4;
const fuzzyDistance = (term: string) => (term.length >= 5 ? Math.min(6, Math.round(term.length * 0.2)) : 0);

/** The edit distance of two words, or more than max as soon as it must be. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, next[j]!);
    }
    if (best > max) return max + 1;
    row = next;
  }
  return row[b.length]!;
}

/**
 * The index over the entries and the function that answers a query, best first, grouped by kind.
 * Built in slices, so a slow phone keeps drawing the opened dialog and taking keys meanwhile. The
 * products are looked up in their term files for each query; those that match best are fetched and
 * ranked with everything else, by the same rules.
 */
export async function createSearch(index: SearchIndex, parts?: ProductParts, limit = 16): Promise<(query: string) => Promise<SearchHit[]>> {
  const base = index.entries.length;
  // Entry n of the index is entry n here; product p, once fetched, is entry base + p.
  const all: SearchEntry[] = [...index.entries];
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
      weights: { fuzzy: FUZZY_WEIGHT, prefix: PREFIX_WEIGHT },
      // A whole page outranks one of its sections, and what we sell outranks where it is used.
      boostDocument: (id: number) => (all[id]!.page ? 1 : 1.3) * kindBoost[all[id]!.kind],
    },
  });
  await mini.addAllAsync(index.entries.map((e, id) => ({ ...e, id })), { chunkSize: 50 });

  const shards = new Set(index.products.shards);
  const termFiles = new Map<string, Promise<TermFile>>();
  const codeFiles = new Map<number, Promise<CodeRow[]>>();
  const entryFiles = new Map<number, Promise<void>>();
  const once = <K, V>(cache: Map<K, Promise<V>>, key: K, load: () => Promise<V>) => {
    let got = cache.get(key);
    if (!got) {
      got = load().catch((err: unknown) => {
        cache.delete(key);
        throw err;
      });
      cache.set(key, got);
    }
    return got;
  };

  /** The products a word matches, by how well: in a title counts four times, as MiniSearch's boost says. */
  async function productsFor(word: string): Promise<Map<number, number>> {
    const scores = new Map<number, number>();
    for (const alternative of [word, ...(synonyms[word] ?? [])]) {
      if (!parts) continue;
      const keys = termFilesFor(alternative, shards, alternative.length >= 3);
      const files = await Promise.all(keys.map((key) => once(termFiles, key, () => parts.terms(key))));
      const max = fuzzyDistance(alternative);
      for (const [term, [title, other]] of files.flatMap((f) => Object.entries(f))) {
        let weight = 0;
        if (term === alternative) weight = 1;
        else if (alternative.length >= 3 && term.startsWith(alternative)) weight = PREFIX_WEIGHT;
        else if (max > 0) {
          const d = distance(alternative, term, max);
          if (d <= max) weight = FUZZY_WEIGHT * (term.length / (term.length + d));
        }
        if (!weight) continue;
        for (const id of decodeIds(title)) scores.set(id, Math.max(scores.get(id) ?? 0, 4 * weight));
        for (const id of decodeIds(other)) scores.set(id, Math.max(scores.get(id) ?? 0, weight));
      }
    }
    return scores;
  }

  /** Fetches these products' entries and adds them to the index, where they are not in it yet. */
  async function fetchProducts(ids: readonly number[]): Promise<void> {
    if (!parts) return;
    const files = [...new Set(ids.map((id) => Math.floor(id / index.products.chunk)))];
    await Promise.all(
      files.map((n) =>
        once(entryFiles, n, async () => {
          const entries = await parts.entries(n);
          const docs = entries.map((e, i) => ({ ...e, id: base + n * index.products.chunk + i }));
          for (const d of docs) all[d.id] = d;
          mini.addAll(docs);
        }),
      ),
    );
  }

  /** Fetches the products that best match the query and adds them to the index, if they are not in it yet. */
  async function addCandidates(terms: string[]): Promise<void> {
    if (!parts || index.products.count === 0) return;
    const each = await Promise.all(terms.map(productsFor));
    const found = new Map<number, { words: number; score: number }>();
    for (const m of each) {
      for (const [id, score] of m) {
        const f = found.get(id) ?? { words: 0, score: 0 };
        found.set(id, { words: f.words + 1, score: f.score + score });
      }
    }
    const floor = atLeast(terms.length, Math.max(0, ...[...found.values()].map((f) => f.words)));
    const best = [...found]
      .filter(([, f]) => f.words >= floor)
      .sort((a, b) => b[1].words - a[1].words || b[1].score - a[1].score || a[0] - b[0])
      .slice(0, CANDIDATES)
      .map(([id]) => id);
    await fetchProducts(best);
  }

  /**
   * The products whose order code (or model number) starts with what was typed, whole or its first
   * CODE_MIN characters, each named with its pack (D22): the code exactly as typed first, then by code.
   */
  async function byCode(query: string): Promise<SearchHit[]> {
    const plain = codeKey(query);
    const files = codeFilesFor(plain, index.products.codes ?? []);
    if (!parts || files.length === 0) return [];
    const rows = (await Promise.all(files.map((n) => once(codeFiles, n, () => parts.codes(n))))).flat().filter(([code]) => code.startsWith(plain));
    rows.sort((a, b) => Number(b[0] === plain) - Number(a[0] === plain) || a[0].localeCompare(b[0]));
    const shown = rows.slice(0, CODE_HITS);
    await fetchProducts(shown.map((r) => r[3]));
    return shown.flatMap(([, code, pack, id]) => {
      const e = all[base + id];
      if (!e) return [];
      const url = pack ? `${e.url}#packs` : e.url;
      return [{ url, kind: 'Product' as const, group: kinds.Product, title: e.title, description: [pack ? `${pack}, order code ${code}` : `Model ${code}`, e.page].filter(Boolean).join(' · ') }];
    });
  }

  return async (query) => {
    const terms = [...new Set(words(query))];
    if (terms.length === 0) return [];
    // Products that could not be fetched are left out of this answer; the next query asks for them again.
    const [coded] = await Promise.all([byCode(query).catch(() => []), addCandidates(terms).catch(() => undefined)]);
    const alternatives = terms.map((t) => [t, ...(synonyms[t] ?? [])]);
    const found = mini.search({ combineWith: 'OR', queries: alternatives.map((queries): Query => ({ combineWith: 'OR', queries })) });
    const has = (r: SearchResult) => alternatives.filter((alts) => alts.some((a) => r.queryTerms.includes(a))).length;
    const floor = atLeast(terms.length, Math.max(0, ...found.map(has)));
    // Those with more of the words first; MiniSearch's order (its score) among those with as many.
    const results = found
      .map((r) => ({ r, words: has(r) }))
      .filter((x) => x.words >= floor)
      .sort((a, b) => b.words - a.words)
      .map((x) => x.r);
    // A product found by its order code comes first (D22), then the rest as ranked, its other entries left out.
    const products = new Set(coded.map((h) => h.url.split('#')[0]));
    const rest = pick(results, all, limit).filter((h) => !products.has(h.url.split('#')[0]));
    return [...coded, ...group(rest)].slice(0, limit);
  };
}

/** How many of a query's words an entry needs to be listed, given the most that any entry has (enough). */
const atLeast = (words: number, most: number) => (most >= enough(words) ? enough(words) : 1);

/** The parts of a product index held in memory, as the build makes them (tests, the dev server). */
export const partsInMemory = (files: { terms: ReadonlyMap<string, TermFile>; entries: readonly SearchEntry[][]; codes: readonly CodeRow[][] }): ProductParts => ({
  terms: async (key) => files.terms.get(key) ?? {},
  entries: async (n) => files.entries[n] ?? [],
  codes: async (n) => files.codes[n] ?? [],
});

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
