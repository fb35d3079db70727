import type { ReactNode } from 'react';

// The prerenderer draws the site's header and footer once for each set of their links that are
// active on a page (the same for all 10,000 pages of a catalogue), then puts that HTML in every page
// that shares the set (src/entry-server.tsx): the header and footer are about half the work of
// rendering a product's page. So is a block drawn the same on many pages (a product page's "more from
// the brand": the same cards on most of the brand's pages). In the browser, and whenever no copy is
// ready, a part is drawn as usual.

let elsewhere: ReadonlySet<string> = new Set();
/** The server's: which parts this render leaves a placeholder for (the prerenderer puts their HTML in its place). */
export const drawElsewhere = (parts: ReadonlySet<string>) => void (elsewhere = parts);

/** The placeholder a part leaves in the HTML. */
export const placeholder = (name: string) => `<i data-layout-part="${name}"></i>`;

/** The part a page's block is (the prerenderer copies a block drawn the same on many pages). */
export const blockPart = (index: number) => `block-${index}`;

/** A part of the layout: its children, or on the server, where the prerenderer has its HTML, a placeholder. */
export function LayoutPart({ name, children }: { name: string; children: ReactNode }) {
  return elsewhere.has(name) ? <i data-layout-part={name} /> : children;
}
