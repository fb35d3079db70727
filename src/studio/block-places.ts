// Where a block of each type may stand on a page (schemas/blocks: its place; a block that takes its
// record from the route only on a template page), so that the studio offers, at each place, only the
// types validate would accept there, and the Add at the bottom adds before the closing call to action.
import { blockDefinitions, type BlockType } from '../../schemas/blocks';
import { isObject, type Json } from './schema';

export interface BlockChoice {
  /** Where the new block goes. */
  at: number;
  types: ReadonlySet<string>;
}

const typeOf = (b: Json | undefined) => (isObject(b) && typeof b.type === 'string' ? b.type : undefined);
const defOf = (type: string | undefined) => (type && type in blockDefinitions ? blockDefinitions[type as BlockType] : undefined);

/** The types that may be added before item `at` of a page's blocks (`at` = the length: at the end), and where. */
export function blockChoice(doc: Json | undefined, blocks: readonly Json[], at: number): BlockChoice {
  const template = isObject(doc) && typeof doc.collection === 'string';
  const fits = (place: string) =>
    new Set(Object.entries(blockDefinitions).filter(([, d]) => d.place === place && (template || !('entry' in d && d.entry))).map(([type]) => type));
  if (blocks.length === 0) return { at: 0, types: fits('opening') };
  const opens = defOf(typeOf(blocks[0]))?.place === 'opening';
  if (at === 0 && !opens) return { at: 0, types: fits('opening') };
  const closes = defOf(typeOf(blocks[blocks.length - 1]))?.place === 'closing';
  // The end of a page that closes is just before its closing block; one that does not close may get one.
  if (at >= blocks.length) return closes ? { at: blocks.length - 1, types: fits('body') } : { at: blocks.length, types: new Set([...fits('body'), ...fits('closing')]) };
  return { at: Math.max(at, opens ? 1 : 0), types: fits('body') };
}
