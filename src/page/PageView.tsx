import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { BlockView } from '../blocks/registry';
import { Head } from '../layout/Head';
import { hydration } from './hydration';
import type { LoadedPage, RenderedBlock, ResolvedPage } from './types';

export function PageView({ loaded }: { loaded: LoadedPage }) {
  useState(() => hydration.expectBlocks(loaded.page.blocks.length));
  return <PageContent page={loaded.page} Block={HydratedBlock} />;
}

/** A page's head and its blocks, each drawn by `Block` (the site's counts hydration; the studio's preview memoises). */
export function PageContent({ page, Block }: { page: ResolvedPage; Block: ComponentType<{ rendered: RenderedBlock }> }) {
  return (
    <>
      <Head meta={page.meta} canonical={page.canonical} home={page.route === '/'} />
      {page.blocks.map((rendered, i) => (
        // Nothing here suspends (a page's blocks are loaded before it renders): each boundary lets
        // React hydrate and commit the page one block at a time instead of in one long task.
        <Suspense key={`${page.route}-${i}`}>
          <Block rendered={rendered} />
        </Suspense>
      ))}
    </>
  );
}

function HydratedBlock({ rendered }: { rendered: RenderedBlock }) {
  useEffect(hydration.blockDone, []);
  return <BlockView rendered={rendered} />;
}
