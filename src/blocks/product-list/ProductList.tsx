import { Anchor, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { InternalLink } from '../../ui/actions';
import { ProductCard } from '../../ui/ProductCard';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

/** A listing page's products, with plain links to the previous and next pages: every product a few links away, without scripts. */
export function ProductList({ block, products, page, pages, total, previous, next }: BlockComponentProps<'product-list'>) {
  const first = (page - 1) * products.length + 1;
  const pager = pages > 1 && (
    <nav aria-label="Pages of this list">
      <Group justify="space-between" mt="xl" wrap="nowrap">
        {previous ? (
          <Anchor component={InternalLink} to={previous} rel="prev" fw={600}>
            <Group gap={6} component="span">
              <IconArrowLeft size={16} aria-hidden />
              Previous page
            </Group>
          </Anchor>
        ) : (
          <span />
        )}
        <Text size="sm" c="dimmed">
          Page {page} of {pages}
        </Text>
        {next ? (
          <Anchor component={InternalLink} to={next} rel="next" fw={600}>
            <Group gap={6} component="span">
              Next page
              <IconArrowRight size={16} aria-hidden />
            </Group>
          </Anchor>
        ) : (
          <span />
        )}
      </Group>
    </nav>
  );
  return (
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>
      <Text c="dimmed" mb="md">
        {pages > 1 ? `Products ${first} to ${first + products.length - 1} of ${total}` : total === 1 ? '1 product' : `${total} products`}
      </Text>
      <ResponsiveGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing={20}>
        {products.map((p) => (
          <ProductCard key={p.id} product={p} headingOrder={block.title ? 3 : 2} />
        ))}
      </ResponsiveGrid>
      {pager}
    </Section>
  );
}
