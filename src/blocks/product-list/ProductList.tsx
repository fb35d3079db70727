import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { PAGE_SIZE } from '../../../schemas/collections';
import { InternalLink } from '../../ui/actions';
import { PicturesProvider, usePictures } from '../../ui/Picture';
import { ProductCard } from '../../ui/ProductCard';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';
import { useListingFilters } from './ListingFilters';

/** A listing page's products, with plain links to the previous and next pages: every product a few links away, without scripts. */
export function ProductList({ block, products, page, pages, total, previous, next, facets, below, brandPage, brandName }: BlockComponentProps<'product-list'>) {
  const { panel, filtered } = useListingFilters(facets);
  const pictures = usePictures();
  const [shown, setShown] = useState(PAGE_SIZE);
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
  const cards = (list: typeof products) => (
    <ResponsiveGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing={20}>
      {list.map((p) => (
        <ProductCard key={p.id} product={p} headingOrder={block.title ? 3 : 2} />
      ))}
    </ResponsiveGrid>
  );
  return (
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>
      {brandPage && (
        <p className="listing-brand-link">
          <InternalLink to={brandPage} className="mantine-focus-auto link">
            About {brandName}, the partner we supply
          </InternalLink>
        </p>
      )}
      {below.length > 0 && (
        <nav aria-label="Categories in this one">
          <ul className="listing-below">
            {below.map((c) => (
              <li key={c.id}>
                <Badge component={InternalLink} to={c.url} variant="light" size="lg" tt="none" className="badge-link">
                  {c.name} ({c.count})
                </Badge>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {panel}
      {filtered ? (
        <>
          <Text c="dimmed" mb="md" role="status">
            {filtered.products.length} of {filtered.total} {filtered.total === 1 ? 'product' : 'products'} {filtered.products.length === 1 ? 'matches' : 'match'} the filters
          </Text>
          <PicturesProvider value={{ ...filtered.pictures, ...pictures }}>{cards(filtered.products.slice(0, shown))}</PicturesProvider>
          {filtered.products.length > shown && (
            <Group justify="center" mt="xl">
              <button type="button" className="mantine-focus-auto listing-filters-toggle" onClick={() => setShown(shown + PAGE_SIZE)}>
                Show {Math.min(PAGE_SIZE, filtered.products.length - shown)} more
              </button>
            </Group>
          )}
        </>
      ) : (
        <>
          <Text c="dimmed" mb="md">
            {pages > 1 ? `Products ${first} to ${first + products.length - 1} of ${total}` : total === 1 ? '1 product' : `${total} products`}
          </Text>
          {cards(products)}
          {pager}
        </>
      )}
    </Section>
  );
}
