import { type ComponentType, Fragment, Suspense, useDeferredValue, useEffect, useState } from 'react';
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

/** The blocks a page draws in its first frame after a navigation inside the app; the rest follow in the background. */
const FIRST_BLOCKS = 2;
let restoringScroll = false;

/** Called on every history change: a step back or forward restores a scroll position, for which the whole page must be there at once. */
export function noteHistoryStep(kind: string) {
  restoringScroll = kind === 'BACK' || kind === 'FORWARD' || kind === 'GO';
}

/** Keyed by route (router.tsx): each page starts afresh. */
export function PageView({ loaded }: { loaded: LoadedPage }) {
  const all = loaded.page.blocks.length;
  const [first] = useState(() => {
    hydration.expectBlocks(all);
    const whole = typeof window === 'undefined' || hydration.active() || restoringScroll || location.hash !== '';
    return whole ? all : Math.min(all, FIRST_BLOCKS);
  });
  // Shows the top of the new page as soon as it is drawn, rather than after the whole page.
  const shown = useDeferredValue(all, first);
  return <PageContent page={loaded.page} Block={HydratedBlock} count={shown} />;
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

function HydratedBlock({ rendered }: { rendered: RenderedBlock }) {
  useEffect(hydration.blockDone, []);
  return <BlockView rendered={rendered} />;
}
