// Compile-time checks, run by `npm run typecheck`: each @ts-expect-error must meet an error, so a
// registry that stopped rejecting these would itself fail the typecheck.
import { type BlockRegistry, registry } from '../../src/blocks/registry';

const { hero: _hero, ...withoutHero } = registry;
// @ts-expect-error a block type without a component
export const incomplete: BlockRegistry = withoutHero;

// @ts-expect-error a component for another block's props
export const mismatched: BlockRegistry = { ...registry, hero: registry.stats };
