// A product added to the quote list by a link followed before the app runs, or without it (D19):
// /quote?add=<its page>&name=<its name>[&code=<a pack's order code>&pack=<what the pack is>]. The quote
// page's inline script writes the product into Details at once (src/page/early-forms.ts); the app adds it
// to the list by its page and pack code (QuoteRequest.tsx). No React here: the prerenderer reads it.
import type { QuoteProduct } from './store.ts';

export const ADDED = { page: 'add', name: 'name', code: 'code', pack: 'pack' } as const;

/** The quote page's address that adds this product, or this pack of it (D22). */
export const addingAddress = (quotePage: string, p: Pick<QuoteProduct, 'url' | 'name' | 'code' | 'pack'>) =>
  `${quotePage}?${new URLSearchParams({ [ADDED.page]: p.url, [ADDED.name]: p.name, ...(p.code && p.pack ? { [ADDED.code]: p.code, [ADDED.pack]: p.pack } : {}) })}`;
