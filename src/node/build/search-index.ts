// The search index (D7): one entry per page and per part of a page its blocks give (each block
// definition's `search`), each with the link it leads to. Made at build time from the validated
// content; src/lib/search.ts ranks it. All of it but the products' pages is one file fetched when
// search opens; the products' entries are files fetched a few at a time for a query (term files by
// the first two letters of their words, entry files of PRODUCTS_PER_FILE products), so what search
// downloads does not grow with the catalogue.
import { blockDefinitions } from '../../../schemas/blocks/index.ts';
import type { SearchPart } from '../../../schemas/blocks/define.ts';
import type { PageMeta } from '../../../schemas/page.ts';
import { canonicalPath, NOT_FOUND_ROUTE } from '../../../schemas/routes.ts';
import { CODE_MIN, codeKey, type CodeRow, encodeIds, type Kind, MAX_KEY, type SearchEntry, type SearchIndex, type TermFile, words } from '../../lib/search.ts';
import { codeFilePath, entryFilePath, indexFilePath, termFilePath } from '../../lib/search-files.ts';
import type { Content } from '../content/load.ts';
import { records, sitePages } from '../content/resolve.ts';

// Snippets are cut short: the index is fetched when search opens, so every kilobyte is waited for.
const TEXT_MAX = 120;
const ITEM_MAX = 60;

const groupKinds: Record<NonNullable<PageMeta['searchGroup']>, Kind> = { service: 'Service', industry: 'Industry', policy: 'Policy' };

/** Products per entry file: a query fetches the files of its best few products. */
export const PRODUCTS_PER_FILE = 8;
/** A term file larger than this (characters) is split by one more letter of its words (src/lib/search.ts termFileOf). */
const TERM_FILE_MAX = 12_000;

interface SearchData {
  index: SearchIndex;
  terms: Map<string, TermFile>;
  entries: SearchEntry[][];
  codes: CodeRow[][];
}
const made = new WeakMap<Content, SearchData>();

/** The search index: the file fetched when search opens (index) and the products' files (terms, entries), made once per content. */
export function searchData(content: Content): SearchData {
  let data = made.get(content);
  if (data) return data;
  const all = searchEntries(content);
  const productPages = new Set(sitePages(content).filter((p) => p.entry?.collection === 'products').map((p) => p.route));
  const products = all
    .filter((e) => productPages.has(e.url))
    .sort((a, b) => (a.page ?? '').localeCompare(b.page ?? '') || (a.items?.[0] ?? '').localeCompare(b.items?.[0] ?? '') || a.title.localeCompare(b.title));
  const postings = new Map<string, { title: number[]; other: number[] }>();
  products.forEach((e, id) => {
    const title = new Set(words(e.title));
    const other = new Set([e.page, e.text, ...(e.items ?? [])].flatMap((t) => (t ? words(t) : [])).filter((w) => !title.has(w)));
    for (const [set, where] of [[title, 'title'], [other, 'other']] as const) {
      for (const term of set) (postings.get(term) ?? postings.set(term, { title: [], other: [] }).get(term)!)[where].push(id);
    }
  });
  const terms = termFiles([...postings].map(([term, p]) => [term, [encodeIds(p.title), encodeIds(p.other)]]));
  const entries: SearchEntry[][] = [];
  for (let i = 0; i < products.length; i += PRODUCTS_PER_FILE) entries.push(products.slice(i, i + PRODUCTS_PER_FILE));
  const codes = codeFiles(content, new Map(products.map((e, i) => [e.url, i])));
  data = {
    index: {
      entries: all.filter((e) => !productPages.has(e.url)),
      products: { count: products.length, shards: [...terms.keys()].sort(), chunk: PRODUCTS_PER_FILE, codes: codes.map((f) => f[0]![0]) },
    },
    terms,
    entries,
    codes,
  };
  made.set(content, data);
  return data;
}

/**
 * The words in files by their first two letters; a file larger than TERM_FILE_MAX split by one more letter
 * (up to MAX_KEY), its shorter words staying in it.
 */
export function termFiles(all: [string, TermFile[string]][], key = '', files = new Map<string, TermFile>()): Map<string, TermFile> {
  const depth = key === '' ? 2 : [...key].length + 1;
  const groups = new Map<string, [string, TermFile[string]][]>();
  const own: [string, TermFile[string]][] = [];
  for (const entry of all) {
    const term = [...entry[0]];
    if (key !== '' && term.length < depth) own.push(entry);
    else {
      const k = term.slice(0, depth).join('');
      (groups.get(k) ?? groups.set(k, []).get(k)!).push(entry);
    }
  }
  if (own.length) files.set(key, Object.fromEntries(own));
  for (const [k, group] of groups) {
    if (depth < MAX_KEY && JSON.stringify(group).length > TERM_FILE_MAX) termFiles(group, k, files);
    else files.set(k, Object.fromEntries(group));
  }
  return files;
}

/** A code file holds up to this many characters of rows: a query fetches one, or a few where many codes start alike. */
const CODE_FILE_MAX = 12_000;

/**
 * The order-code files (D22): every pack's code and every product's model number in its plain form
 * (src/lib/search.ts codeKey), sorted, cut into files of CODE_FILE_MAX characters; each row names its
 * product by its number among the products' entries. The index lists where each file starts.
 */
export function codeFiles(content: Content, numberOf: ReadonlyMap<string, number>): CodeRow[][] {
  const rows: CodeRow[] = [];
  for (const page of sitePages(content)) {
    if (page.entry?.collection !== 'products') continue;
    const id = numberOf.get(canonicalPath(page.route));
    if (id === undefined) continue;
    const { product } = page.entry;
    const add = (code: string, pack: string) => {
      const plain = codeKey(code);
      if (plain.length >= CODE_MIN) rows.push([plain, code, pack, id]);
    };
    if (product.model) add(product.model, '');
    for (const pack of product.packs ?? []) add(pack.code, pack.label);
  }
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[3] - b[3]));
  const files: CodeRow[][] = [];
  let size = Infinity;
  for (const row of rows) {
    const length = JSON.stringify(row).length + 1;
    if (size + length > CODE_FILE_MAX) files.push([]), (size = 0);
    files[files.length - 1]!.push(row);
    size += length;
  }
  return files;
}

/** What the file fetched when search opens holds. */
export const buildSearchIndex = (content: Content): SearchIndex => searchData(content).index;

/** The files of the index, by the path the app fetches them at. */
export function searchFiles(content: Content): Map<string, string> {
  const { index, terms, entries, codes } = searchData(content);
  return new Map<string, string>([
    [indexFilePath, JSON.stringify(index)],
    ...[...terms].map(([key, file]) => [termFilePath(key), JSON.stringify(file)] as const),
    ...entries.map((list, n) => [entryFilePath(n), JSON.stringify(list)] as const),
    ...codes.map((list, n) => [codeFilePath(n), JSON.stringify(list)] as const),
  ]);
}

/** Every entry of the index, the products' too. */
export function searchEntries(content: Content): SearchEntry[] {
  const entries = new Map<string, SearchEntry>();
  const add = (e: SearchEntry) => {
    const items = [...new Set((e.items ?? []).map((i) => clip(i, ITEM_MAX)))].filter((i) => i !== e.title && i !== e.text);
    const entry: SearchEntry = { url: e.url, kind: e.kind, title: e.title };
    if (e.page) entry.page = e.page;
    if (e.text) entry.text = clip(e.text, TEXT_MAX);
    if (items.length) entry.items = items;
    // The same thing reached from two places (a card leading to a page, a partner that is also a
    // supplier) is one entry that knows both sets of words.
    const key = `${e.url} ${e.title.toLowerCase()}`;
    const same = entries.get(key);
    if (!same) entries.set(key, entry);
    else if (entry.items) same.items = [...new Set([...(same.items ?? []), ...entry.items])];
  };

  const kindOfPage = new Map<string, Kind>();
  const contributions = sitePages(content)
    // A listing is found by its first page; the later ones list more of the same.
    .filter((page) => page.route !== NOT_FOUND_ROUTE && !(page.entry && 'page' in page.entry && page.entry.page > 1))
    .map((page) => {
      const r = records(content, page);
      const blocks = page.doc.blocks.map((block) => {
        const def = blockDefinitions[block.type];
        return { id: 'id' in block ? block.id : undefined, ...def.search(block as never, def.resolve(block as never, r) as never) };
      });
      const own = blocks.find((b) => b.page?.kind)?.page;
      kindOfPage.set(page.route, own?.kind ?? (page.doc.meta.searchGroup ? groupKinds[page.doc.meta.searchGroup] : 'Page'));
      return { page, blocks, own };
    });
  // A part leads to another page of the site, with that page's kind, when it names one.
  const target = (to: string | undefined) => (to && content.routes.has(to.split('#')[0]!) ? to : undefined);
  const kindOf = (url: string) => kindOfPage.get(content.routes.get(url.split('#')[0]!)?.route ?? '') ?? 'Page';

  for (const { page, blocks, own } of contributions) {
    const url = canonicalPath(page.route);
    const kind = kindOf(url);
    const { meta } = page.doc;
    const title = blocks.find((b) => b.page?.title)?.page?.title ?? meta.title;
    const words = defined([...blocks.flatMap((b) => b.page?.words ?? []), ...meta.keywords]);
    // A product is shown with its brand after its name and its own description.
    add({ url, kind, title, ...(own?.within ? { page: own.within } : {}), text: own?.text ?? meta.description, items: words });
    for (const b of blocks) {
      for (const part of b.parts ?? []) add(entryOf(part, url, title, kind, b.id, target, kindOf));
    }
  }
  return [...entries.values()];
}

function entryOf(part: SearchPart, url: string, page: string, kind: Kind, blockId: string | undefined, target: (to: string | undefined) => string | undefined, kindOf: (url: string) => Kind): SearchEntry {
  const to = target(part.to);
  const anchor = part.anchor === undefined ? blockId : part.anchor;
  const here = anchor ? `${url}#${anchor}` : url;
  const base = { title: part.title, text: part.text, items: defined(part.items ?? []) };
  if (to) return { ...base, url: canonicalPath(to), kind: part.kind ?? kindOf(to) };
  if (part.kind === 'Product') return { ...base, url: here, kind: 'Product', page: part.within ?? page };
  return { ...base, url: here, kind: part.kind ?? kind, page: part.within ? `${page} › ${part.within}` : page };
}

const defined = (xs: (string | undefined)[]) => xs.filter((x): x is string => !!x);

/** At most max characters, cut at a word, with an ellipsis. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}
