import { Anchor, Group } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { InternalLink } from '../../ui/actions';
import { ProductCard } from '../../ui/ProductCard';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

export function ProductRelated({ block, brand, products, all }: BlockComponentProps<'product-related'>) {
  if (products.length === 0 && !all) return null;
  return (
    // Not on a printed spec sheet: it is about the product on its page.
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background} className="no-print">
      <ResponsiveGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing={20}>
        {products.map((p) => (
          <ProductCard key={p.id} product={p} headingOrder={block.title ? 3 : 2} />
        ))}
      </ResponsiveGrid>
      {all && (
        <Group justify="center" mt="xl">
          <Anchor component={InternalLink} to={all} fw={600}>
            <Group gap={6} component="span">
              All {brand} products
              <IconArrowRight size={16} aria-hidden />
            </Group>
          </Anchor>
        </Group>
      )}
    </Section>
  );
}
