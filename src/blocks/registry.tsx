import type { ComponentType } from 'react';
import type { BlockOf, BlockPropsOf, BlockType } from '../../schemas/blocks';
import type { RenderedBlock } from '../page/types';

/** What a block's component receives: the block, and the records its definition resolves (schemas/blocks/). */
export type BlockComponentProps<K extends BlockType> = { block: BlockOf<K> } & BlockPropsOf<K>;
type BlockComponent<K extends BlockType> = ComponentType<BlockComponentProps<K>>;

/**
 * One component per block type, each taking exactly its own block and records: a missing or mistyped
 * entry fails typecheck. Each is fetched only by pages that use it; the page's loader waits for them
 * (loadBlocks), so rendering never suspends and the prerenderer preloads a page's block chunks.
 * A block's component lives in src/blocks/<type>/ (the prerenderer finds its chunk there).
 */
export type BlockRegistry = { [K in BlockType]: () => Promise<BlockComponent<K>> };

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

// The registry's mapped type guarantees registry[t] renders blocks of type t with their records;
// TypeScript cannot correlate the two through the union, hence the one widening here.
type AnyBlockComponent = ComponentType<{ block: RenderedBlock['block'] } & Record<string, unknown>>;
const loaded = new Map<BlockType, AnyBlockComponent>();

/** Fetches the components of these blocks (each once). */
export async function loadBlocks(blocks: readonly RenderedBlock[]): Promise<void> {
  const types = [...new Set(blocks.map((b) => b.block.type))].filter((t) => !loaded.has(t));
  await Promise.all(types.map(async (t) => loaded.set(t, (await registry[t]()) as AnyBlockComponent)));
}

/** Renders a block whose component loadBlocks has fetched. */
export function BlockView({ rendered }: { rendered: RenderedBlock }) {
  const Component = loaded.get(rendered.block.type);
  if (!Component) throw new Error(`block type ${rendered.block.type} rendered before its component was loaded`);
  return <Component block={rendered.block} {...rendered.props} />;
}
