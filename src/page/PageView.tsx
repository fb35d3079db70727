import { type ComponentType, Fragment, memo, Suspense, useDeferredValue, useEffect, useLayoutEffect, useState } from 'react';
import { BlockView } from '../blocks/registry';
import { Head } from '../layout/Head';
import { PicturesProvider } from '../ui/Picture';
import { hydration } from './hydration';
import { blockPart, LayoutPart } from './layout-part';
import type { LoadedPage, RenderedBlock, ResolvedPage } from './types';

/**
 * The id of an empty element after a page's first block. index.html's <link rel="expect"> holds the
 * browser's first frame until the parser has reached it: a slow phone's parser may pause part-way
 * through the header or the first block (a hero), and a frame drawn then would move as the rest
 * arrives (a hero's copy, centred beside its picture, moves down once the picture is parsed).
 */
export const FIRST_BLOCK_PARSED = 'first-block-parsed';

let restoringScroll = false;

/** Called on every history change: a step back or forward restores a scroll position, for which the whole page must be there at once. */
export function noteHistoryStep(kind: string) {
  restoringScroll = kind === 'BACK' || kind === 'FORWARD' || kind === 'GO';
}

/**
 * Keyed by route (router.tsx): each page starts afresh. A page opened by a link inside the app draws
 * its first screen in its first frame, and the rest in the background after it: one block, then one
 * more before the frame is painted while the blocks drawn end above the bottom of the window (at the
 * page's top, where the navigation puts it). The whole page at once while hydrating, and on Back,
 * Forward or to a #part, whose scroll position needs it.
 */
export function PageView({ loaded }: { loaded: LoadedPage }) {
  const all = loaded.page.blocks.length;
  const [first, setFirst] = useState(() => {
    hydration.expectBlocks(all);
    const whole = typeof window === 'undefined' || hydration.active() || restoringScroll || location.hash !== '';
    return whole ? all : Math.min(all, 1);
  });
  const rest = useDeferredValue(true, false);
  useLayoutEffect(() => {
    const main = document.getElementById('main');
    if (!rest && first < all && main && main.getBoundingClientRect().bottom + scrollY < innerHeight) setFirst(first + 1);
  }, [rest, first, all]);
  return <PageContent page={loaded.page} Block={HydratedBlock} count={rest ? all : first} />;
}

/** A page's head and its first `count` blocks, each drawn by `Block` (the site's counts hydration; the studio's preview memoises). */
export function PageContent({ page, Block, count }: { page: ResolvedPage; Block: ComponentType<{ rendered: RenderedBlock }>; count?: number }) {
  return (
    <PicturesProvider value={page.pictures}>
      <Head meta={page.meta} canonical={page.canonical} home={page.route === '/'} share={page.share} />
      {page.blocks.slice(0, count).map((rendered, i) => (
        <Fragment key={`${page.route}-${i}`}>
          {/* Nothing here suspends (a page's blocks are loaded before it renders): each boundary lets
              React hydrate and commit the page one block at a time instead of in one long task. */}
          <Suspense>
            <LayoutPart name={blockPart(i)}>
              <Block rendered={rendered} />
            </LayoutPart>
          </Suspense>
          {i === 0 && <span id={FIRST_BLOCK_PARSED} />}
        </Fragment>
      ))}
    </PicturesProvider>
  );
}

/** Memoised: a block already drawn is not drawn again when the rest of its page follows. */
const HydratedBlock = memo(function HydratedBlock({ rendered }: { rendered: RenderedBlock }) {
  useEffect(hydration.blockDone, []);
  return <BlockView rendered={rendered} />;
});
