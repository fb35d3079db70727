// Compile-time checks, run by `npm run typecheck`: each @ts-expect-error must meet an error, so a
// definition or registry that stopped rejecting these would itself fail the typecheck.
import { z } from 'zod';
import { defineBlock, noOffers, noRecords, ownAnchor } from '../../schemas/blocks/define';
import { type BlockRegistry, registry } from '../../src/blocks/registry';

const { hero: _hero, ...withoutHero } = registry;
// @ts-expect-error a block type without a component
export const incomplete: BlockRegistry = withoutHero;

// @ts-expect-error a component for another block's props
export const mismatched: BlockRegistry = { ...registry, hero: registry.stats };

// @ts-expect-error a component that does not take the records its definition resolves
export const withoutRecords: BlockRegistry = { ...registry, 'partner-profile': registry['not-found'] };

const schema = z.strictObject({ type: z.literal('gallery-strip'), id: z.string().optional() });
// @ts-expect-error a definition that leaves out a choice (what the search index gets)
export const undecided = defineBlock({ schema, place: 'body', resolve: noRecords, anchors: ownAnchor, offers: noOffers });
