import type { ComponentType } from 'react';
import type { Block, BlockType } from '../../schemas/blocks';

type BlockComponent<B> = ComponentType<{ block: B }>;

/**
 * One component per block type, each taking exactly its own block: a missing or mistyped entry fails
 * typecheck. Each is fetched only by pages that use it; the page's loader waits for them
 * (loadBlocks), so rendering never suspends and the prerenderer preloads a page's block chunks.
 * A block's component lives in src/blocks/<type>/ (the prerenderer finds its chunk there).
 */
export type BlockRegistry = { [K in BlockType]: () => Promise<BlockComponent<Extract<Block, { type: K }>>> };

export const registry: BlockRegistry = {
  hero: () => import('./hero/Hero').then((m) => m.Hero),
  'card-grid': () => import('./card-grid/CardGrid').then((m) => m.CardGrid),
  stats: () => import('./stats/Stats').then((m) => m.Stats),
  text: () => import('./text/Text').then((m) => m.TextBlock),
  tabs: () => import('./tabs/Tabs').then((m) => m.Tabs),
  gallery: () => import('./gallery/Gallery').then((m) => m.Gallery),
  'cta-banner': () => import('./cta-banner/CtaBanner').then((m) => m.CtaBanner),
  'policy-text': () => import('./policy-text/PolicyText').then((m) => m.PolicyText),
  'contact-section': () => import('./contact-section/ContactSection').then((m) => m.ContactSection),
  'supplier-grid': () => import('./supplier-grid/SupplierGrid').then((m) => m.SupplierGrid),
  'partner-profile': () => import('./partner-profile/PartnerProfile').then((m) => m.PartnerProfile),
  'partner-listing': () => import('./partner-listing/PartnerListing').then((m) => m.PartnerListing),
  'not-found': () => import('./not-found/NotFound').then((m) => m.NotFound),
};

const loaded = new Map<BlockType, BlockComponent<Block>>();

/** Fetches the components of these blocks (each once). */
export async function loadBlocks(blocks: readonly Block[]): Promise<void> {
  const types = [...new Set(blocks.map((b) => b.type))].filter((t) => !loaded.has(t));
  await Promise.all(
    types.map(async (t) => {
      // The registry's mapped type guarantees registry[t] renders blocks of type t; TypeScript cannot
      // correlate the two through the union, hence the one widening here.
      loaded.set(t, (await registry[t]()) as BlockComponent<Block>);
    }),
  );
}

/** The component of a block whose type loadBlocks has fetched. */
export function blockComponent(type: BlockType): BlockComponent<Block> {
  const component = loaded.get(type);
  if (!component) throw new Error(`block type ${type} rendered before its component was loaded`);
  return component;
}
