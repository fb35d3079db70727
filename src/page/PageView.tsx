import { useEffect } from 'react';
import type { Block } from '../../schemas/blocks';
import { blockComponent } from '../blocks/registry';
import { Head } from '../layout/Head';
import { type LoadedPage, PageContext } from './context';
import { hydration } from './hydration';

export function PageView({ loaded }: { loaded: LoadedPage }) {
  const { page } = loaded;
  useEffect(hydration.end, []);
  return (
    <PageContext.Provider value={page}>
      <Head meta={page.doc.meta} route={page.route} />
      {page.doc.blocks.map((block, i) => (
        <RenderBlock key={`${page.route}-${i}`} block={block} />
      ))}
    </PageContext.Provider>
  );
}

function RenderBlock({ block }: { block: Block }) {
  const Component = blockComponent(block.type);
  return <Component block={block} />;
}
