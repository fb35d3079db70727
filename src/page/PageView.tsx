import { Suspense, useEffect, useState } from 'react';
import type { Block } from '../../schemas/blocks';
import { blockComponent } from '../blocks/registry';
import { Head } from '../layout/Head';
import { type LoadedPage, PageContext } from './context';
import { hydration } from './hydration';

export function PageView({ loaded }: { loaded: LoadedPage }) {
  const { page } = loaded;
  useState(() => hydration.expectBlocks(page.doc.blocks.length));
  return (
    <PageContext.Provider value={page}>
      <Head meta={page.doc.meta} route={page.route} />
      {page.doc.blocks.map((block, i) => (
        // Nothing here suspends (a page's blocks are loaded before it renders): each boundary lets
        // React hydrate and commit the page one block at a time instead of in one long task.
        <Suspense key={`${page.route}-${i}`}>
          <RenderBlock block={block} />
        </Suspense>
      ))}
    </PageContext.Provider>
  );
}

function RenderBlock({ block }: { block: Block }) {
  useEffect(hydration.blockDone, []);
  const Component = blockComponent(block.type);
  return <Component block={block} />;
}
