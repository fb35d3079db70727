import type { ComponentType } from 'react';
import type { Block } from '../../schemas/blocks';
import { registry } from '../blocks/registry';
import { Head } from '../layout/Head';
import { type LoadedPage, PageContext } from './context';

export function PageView({ loaded }: { loaded: LoadedPage }) {
  const { page } = loaded;
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
  // The registry's mapped type guarantees registry[block.type] takes this very block; TypeScript
  // cannot correlate the two through the union, hence the one widening here.
  const Component = registry[block.type] as ComponentType<{ block: Block }>;
  return <Component block={block} />;
}
