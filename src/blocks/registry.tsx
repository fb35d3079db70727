import type { ComponentType } from 'react';
import type { BlockOf, BlockPropsOf, BlockType } from '../../schemas/blocks';
import type { RenderedBlock } from '../page/types';
import { onDemand } from '../ui/on-demand';

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

/** A block's component, from the module fetched when a page first needs it (see onDemand). */
function component<M, C>(load: () => Promise<M>, pick: (m: M) => C): () => Promise<C> {
  const get = onDemand(load);
  return () => get().then(pick);
}

export const registry: BlockRegistry = {
  hero: component(() => import('./hero/Hero'), (m) => m.Hero),
  'card-grid': component(() => import('./card-grid/CardGrid'), (m) => m.CardGrid),
  stats: component(() => import('./stats/Stats'), (m) => m.Stats),
  text: component(() => import('./text/Text'), (m) => m.TextBlock),
  tabs: component(() => import('./tabs/Tabs'), (m) => m.Tabs),
  gallery: component(() => import('./gallery/Gallery'), (m) => m.Gallery),
  'cta-banner': component(() => import('./cta-banner/CtaBanner'), (m) => m.CtaBanner),
  'policy-text': component(() => import('./policy-text/PolicyText'), (m) => m.PolicyText),
  'contact-section': component(() => import('./contact-section/ContactSection'), (m) => m.ContactSection),
  'supplier-grid': component(() => import('./supplier-grid/SupplierGrid'), (m) => m.SupplierGrid),
  'partner-profile': component(() => import('./partner-profile/PartnerProfile'), (m) => m.PartnerProfile),
  'partner-listing': component(() => import('./partner-listing/PartnerListing'), (m) => m.PartnerListing),
  'not-found': component(() => import('./not-found/NotFound'), (m) => m.NotFound),
  'product-detail': component(() => import('./product-detail/ProductDetail'), (m) => m.ProductDetail),
  'product-related': component(() => import('./product-related/ProductRelated'), (m) => m.ProductRelated),
  'product-list': component(() => import('./product-list/ProductList'), (m) => m.ProductList),
  'catalogue-index': component(() => import('./catalogue-index/CatalogueIndex'), (m) => m.CatalogueIndex),
  'request-form': component(() => import('./request-form/RequestForm'), (m) => m.RequestForm),
  'product-compare': component(() => import('./product-compare/ProductCompare'), (m) => m.ProductCompare),
};

// The registry's mapped type guarantees registry[t] renders blocks of type t with their records;
// TypeScript cannot correlate the two through the union, hence the one widening here.
type AnyBlockComponent = ComponentType<{ block: RenderedBlock['block'] } & Record<string, unknown>>;
const loaded = new Map<BlockType, AnyBlockComponent>();

/** Fetches the components of these block types (each once). */
export async function loadBlocks(types: readonly BlockType[]): Promise<void> {
  const missing = [...new Set(types)].filter((t) => !loaded.has(t));
  await Promise.all(missing.map(async (t) => loaded.set(t, (await registry[t]()) as AnyBlockComponent)));
}

/**
 * Every block type, for the last of a page's warm-ups (entry-client.tsx): their components fetched
 * ahead, the next page a visitor opens waits for its document only, not for its document and then its
 * blocks' code, one round trip where there were two on a slow network. All of it is about 18 KB
 * compressed, and most of it a visit's first few pages fetch anyway.
 */
export const blockTypes = Object.keys(registry) as BlockType[];

/** Renders a block whose component loadBlocks has fetched. */
export function BlockView({ rendered }: { rendered: RenderedBlock }) {
  const Component = loaded.get(rendered.block.type);
  if (!Component) throw new Error(`block type ${rendered.block.type} rendered before its component was loaded`);
  return <Component block={rendered.block} {...rendered.props} />;
}
