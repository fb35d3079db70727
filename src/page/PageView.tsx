import { Suspense, useEffect, useState } from 'react';
import { BlockView } from '../blocks/registry';
import { Head } from '../layout/Head';
import { hydration } from './hydration';
import type { LoadedPage, RenderedBlock } from './types';

export function PageView({ loaded }: { loaded: LoadedPage }) {
  const { page } = loaded;
  useState(() => hydration.expectBlocks(page.blocks.length));
  return (
    <>
      <Head meta={page.meta} canonical={page.canonical} home={page.route === '/'} />
      {page.blocks.map((rendered, i) => (
        // Nothing here suspends (a page's blocks are loaded before it renders): each boundary lets
        // React hydrate and commit the page one block at a time instead of in one long task.
        <Suspense key={`${page.route}-${i}`}>
          <HydratedBlock rendered={rendered} />
        </Suspense>
      ))}
    </>
  );
}

function HydratedBlock({ rendered }: { rendered: RenderedBlock }) {
  useEffect(hydration.blockDone, []);
  return <BlockView rendered={rendered} />;
}
