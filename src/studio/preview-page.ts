// The page the preview shows while the author types: the edited document read by the same zod
// schemas and resolved by the same block definitions as the build (src/page/resolve.ts). A block or
// meta that does not read yet (a required field emptied) shows as it last did.
import { block as blockSchema } from '../../schemas/blocks';
import { pageMeta } from '../../schemas/page';
import { canonicalPath } from '../../schemas/routes';
import type { Records } from '../../schemas/blocks/define';
import { renderBlock } from '../page/resolve';
import type { RenderedBlock, ResolvedPage } from '../page/types';

/** The page as the preview draws it; `stale`: some block (or the meta) does not read, and shows as it last did, or not at all. */
export function previewPage(doc: unknown, route: string, records: Records, last: ResolvedPage | undefined): ResolvedPage & { stale: boolean } {
  const raw = (doc && typeof doc === 'object' ? doc : {}) as { meta?: unknown; blocks?: unknown };
  const readMeta = pageMeta.safeParse(raw.meta).data;
  let stale = readMeta === undefined;
  const meta = readMeta ?? last?.meta ?? { title: '', description: '', keywords: [''] };
  const blocks = (Array.isArray(raw.blocks) ? raw.blocks : []).flatMap((value, i): RenderedBlock[] => {
    const parsed = blockSchema.safeParse(value);
    if (parsed.success) {
      try {
        return [renderBlock(parsed.data, records)];
      } catch {
        // a record id that does not exist (yet)
      }
    }
    stale = true;
    const before = last?.blocks[i];
    return before && before.block.type === (value as { type?: unknown } | null)?.type ? [before] : [];
  });
  return { route, canonical: canonicalPath(route), meta, blocks, pictures: {}, stale };
}
