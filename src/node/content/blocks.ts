// What the loader asks of the block definitions (schemas/blocks/): where a block type may stand on a
// page, and the anchors a block gives.
import { blockDefinitions, blockTypes, type Block, type BlockType } from '../../../schemas/blocks/index.ts';
import type { Place } from '../../../schemas/blocks/define.ts';

export const placeOf = (type: BlockType): Place => blockDefinitions[type].place;
export const typesAt = (place: Place) => blockTypes.filter((t) => placeOf(t) === place);

/** A block's anchors; none while it is too broken to say (a document that failed its schema check). */
export function blockAnchors(b: Block): string[] {
  try {
    return blockDefinitions[b.type].anchors(b as never).filter((a) => typeof a === 'string');
  } catch {
    return [];
  }
}

/** The anchors of a page's blocks: what /page#anchor may name. */
export function anchors(blocks: readonly (Block | undefined)[]): string[] {
  return blocks.flatMap((b) => (b ? blockAnchors(b) : []));
}
