// The search index (D7): one entry per page, section, card, list of a tab, policy section, partner,
// supplier and product, each with the link it leads to. Made at build time from the validated
// content and served as the lazily loaded 'virtual:search-index' chunk; src/lib/search.ts ranks it.
import type { Block } from '../../schemas/blocks/index.ts';
import { policySectionAnchor } from '../../schemas/routes.ts';
import { canonicalPath, NOT_FOUND_ROUTE, partnerIds } from '../../schemas/routes.ts';
import type { Kind, SearchEntry } from '../lib/search.ts';
import type { Content } from './content.ts';

// Snippets are cut short: the index is fetched when search opens, so every kilobyte is waited for.
const TEXT_MAX = 120;
const ITEM_MAX = 60;

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

  // Where each supplier's products are shown: the first supplier grid that lists it.
  const supplierUrl = new Map<string, string>();
  for (const page of content.pages.values()) {
    for (const b of page.doc.blocks) {
      if (b.type === 'supplier-grid') for (const id of b.suppliers) if (!supplierUrl.has(id)) supplierUrl.set(id, at(page.route, b.id));
    }
  }

  for (const page of content.pages.values()) {
    if (page.route === NOT_FOUND_ROUTE) continue;
    const url = canonicalPath(page.route);
    const { meta, blocks } = page.doc;
    const hero = blocks.find((b) => b.type === 'hero');
    const profile = blocks.find((b) => b.type === 'partner-profile');
    const partner = profile && content.partners.get(profile.partner);
    const title = partner?.name ?? hero?.title ?? meta.title;
    add({
      url, kind: kindOf(url), title, text: meta.description,
      items: [hero?.lead ?? '', ...(hero?.slides ?? []).flatMap((s) => [s.title, s.lead]), ...meta.keywords, ...(partner?.specialties ?? []), partner?.category ?? ''].filter(Boolean),
    });
    for (const block of blocks) for (const e of blockEntries(block, url, title)) add(e);
  }

  for (const s of content.suppliers.values()) {
    const home = supplierUrl.get(s.id);
    const url = (partnerIds as readonly string[]).includes(s.id) ? `/${s.id}` : home;
    if (url) add({ url, kind: 'Partner', title: s.name, text: s.description, items: s.specialties });
    if (!home) continue;
    for (const p of s.products) {
      add({ url: home, kind: 'Product', title: p.name, page: s.name, text: p.description, items: [p.category, ...p.specifications, ...p.applications] });
    }
  }
  return [...entries.values()];
}

function blockEntries(block: Block, url: string, page: string): SearchEntry[] {
  const here = at(url, 'id' in block ? block.id : undefined);
  const kind = kindOf(url);
  const section = (title: string | undefined, text?: string, items?: string[]): SearchEntry[] =>
    title ? [{ url: here, kind, title, page, ...(text ? { text } : {}), ...(items ? { items } : {}) }] : [];
  switch (block.type) {
    case 'card-grid':
      return [
        ...section(block.title, block.intro),
        ...block.cards.map((card): SearchEntry => {
          const to = card.link?.action.kind === 'link' ? card.link.action.to : undefined;
          const items = [card.badge, ...(card.facts ?? []).map((f) => `${f.label}: ${f.value}`), ...(card.lists ?? []).flatMap((l) => l.items), ...(card.tags ?? [])];
          // A card that leads to another page stands for that page.
          return {
            url: to ?? here, kind: to ? kindOf(to) : kind, title: card.title,
            ...(to ? {} : { page }), text: card.description, items: items.filter((i): i is string => !!i),
          };
        }),
      ];
    case 'tabs':
      return [
        ...section(block.title, block.intro),
        ...block.tabs.flatMap((tab) => tab.sections.map((s): SearchEntry => ({ url: here, kind, title: s.title, page: `${page} › ${tab.label}`, items: s.items }))),
      ];
    case 'text':
      return section(block.title, block.intro ?? block.paragraphs[0], block.items);
    case 'gallery':
      return section(block.title, block.intro, block.images.flatMap((i) => (i.caption ? [i.caption] : [])));
    case 'supplier-grid':
    case 'partner-listing':
      return section(block.title, block.intro);
    case 'policy-text':
      // A policy's list items are whole sentences: its headings and opening words find a section.
      return block.sections.map((s, i) => ({ url: `${url}#${policySectionAnchor(i)}`, kind, title: s.heading, page, ...(s.paragraphs[0] ? { text: s.paragraphs[0] } : {}) }));
    default:
      return [];
  }
}

function kindOf(url: string): Kind {
  const path = url.split('#')[0]!;
  if (path.startsWith('/services/')) return 'Service';
  if (path.startsWith('/industries/')) return 'Industry';
  if (path.startsWith('/policies/') || path === '/privacy-policy' || path === '/terms-of-service') return 'Policy';
  if ((partnerIds as readonly string[]).some((id) => path === `/${id}` || path === `/partner/${id}`)) return 'Partner';
  return 'Page';
}

const at = (url: string, id: string | undefined) => (id ? `${url}#${id}` : url);

/** At most max characters, cut at a word, with an ellipsis. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}
