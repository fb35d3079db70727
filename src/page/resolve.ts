import { blockDefinitions, type Block } from '../../schemas/blocks/index.ts';
import type { Records } from '../../schemas/blocks/define.ts';
import type { Partner, Supplier } from '../../schemas/records.ts';
import type { RenderedBlock } from './types.ts';

/** A block as its component receives it: the block, and the records its definition resolves. */
export const renderBlock = (block: Block, records: Records): RenderedBlock =>
  ({ block, props: blockDefinitions[block.type].resolve(block as never, records) }) as RenderedBlock;

/** The records by id, as the block definitions read them; an unknown id throws (the validator lets none through). */
export function recordsOf(partners: ReadonlyMap<string, Partner>, suppliers: ReadonlyMap<string, Supplier>): Records {
  const get = <T,>(map: ReadonlyMap<string, T>, what: string) => (id: string): T => {
    const record = map.get(id);
    if (!record) throw new Error(`no ${what} "${id}" (the validator lets no unknown id through)`);
    return record;
  };
  return { partner: get(partners, 'partner'), supplier: get(suppliers, 'supplier') };
}
