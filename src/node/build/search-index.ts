// The search index (D7): one entry per page and per part of a page its blocks give (each block
// definition's `search`), each with the link it leads to. Made at build time from the validated
// content and served as the lazily loaded 'virtual:search-index' chunk; src/lib/search.ts ranks it.
import { blockDefinitions } from '../../../schemas/blocks/index.ts';
import type { SearchPart } from '../../../schemas/blocks/define.ts';
import type { PageMeta } from '../../../schemas/page.ts';
import { canonicalPath, NOT_FOUND_ROUTE } from '../../../schemas/routes.ts';
import type { Kind, SearchEntry } from '../../lib/search.ts';
import { type Content, records } from '../content/load.ts';

// Snippets are cut short: the index is fetched when search opens, so every kilobyte is waited for.
const TEXT_MAX = 120;
const ITEM_MAX = 60;

const groupKinds: Record<NonNullable<PageMeta['searchGroup']>, Kind> = { service: 'Service', industry: 'Industry', policy: 'Policy' };

export function buildSearchIndex(content: Content): SearchEntry[] {
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

  const r = records(content);
  const kindOfPage = new Map<string, Kind>();
  const contributions = [...content.pages.values()]
    .filter((page) => page.route !== NOT_FOUND_ROUTE)
    .map((page) => {
      const blocks = page.doc.blocks.map((block) => {
        const def = blockDefinitions[block.type];
        return { id: 'id' in block ? block.id : undefined, ...def.search(block as never, def.resolve(block as never, r) as never) };
      });
      const partner = blocks.some((b) => b.page?.partner);
      kindOfPage.set(page.route, partner ? 'Partner' : page.doc.meta.searchGroup ? groupKinds[page.doc.meta.searchGroup] : 'Page');
      return { page, blocks };
    });
  // A part leads to another page of the site, with that page's kind, when it names one.
  const target = (to: string | undefined) => (to && content.routes.has(to.split('#')[0]!) ? to : undefined);
  const kindOf = (url: string) => kindOfPage.get(content.routes.get(url.split('#')[0]!)?.route ?? '') ?? 'Page';

  for (const { page, blocks } of contributions) {
    const url = canonicalPath(page.route);
    const kind = kindOf(url);
    const { meta } = page.doc;
    const title = blocks.find((b) => b.page?.title)?.page?.title ?? meta.title;
    add({ url, kind, title, text: meta.description, items: defined([...blocks.flatMap((b) => b.page?.words ?? []), ...meta.keywords]) });
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
