import { Anchor, Card, Group, Text } from '@mantine/core';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

/**
 * Links to each category's (or brand's) products with their counts. The categories can be narrowed by
 * brand once the app runs (?brand=palintest in the address): each shows that brand's count, and leads
 * to its listing filtered by the brand.
 */
export function CatalogueIndex({ block, listings, brands }: BlockComponentProps<'catalogue-index'>) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const param = useRouterState({ select: (s) => (s.location.search as Record<string, unknown>).brand });
  const brand = ready ? brands.find((b) => b.id === String(param ?? '')) : undefined;
  const shown = brand ? listings.filter((l) => brand.counts[l.id]) : listings;
  const selectId = `${block.id ?? 'index'}-brand`;
  return (
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>
      {brands.length > 0 && (
        <div className="listing-filters">
          {ready && (
            <label htmlFor={selectId} className="catalogue-brand">
              Brand{' '}
              <select id={selectId} value={brand?.id ?? ''} onChange={(e) => void navigate({ to: pathname as '/', search: (e.target.value ? { brand: e.target.value } : {}) as never, resetScroll: false })}>
                <option value="">All brands</option>
                {brands.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name} ({Object.values(b.counts).reduce((n, c) => n + c, 0)})
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
      <ResponsiveGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {shown.map((l) => {
          const count = brand ? brand.counts[l.id]! : l.count;
          return (
            <Card key={l.id} withBorder padding="md" radius="md" className="card">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Anchor component={Link} to={l.url as '/'} search={(brand ? { brand: brand.id } : undefined) as never} fw={600} className="card-title-link stretched-link">
                  {l.name}
                </Anchor>
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  {count === 1 ? '1 product' : `${count} products`}
                  {brand ? ` by ${brand.name}` : ''}
                </Text>
              </Group>
            </Card>
          );
        })}
      </ResponsiveGrid>
    </Section>
  );
}
