import { Anchor, Card, Group, Text } from '@mantine/core';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Listing } from '../../../schemas/collections';
import { PATH_SEPARATOR } from '../../../schemas/category-tree';
import { CURRENT } from '../../ui/actions';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

/**
 * Links to each category's (or brand's) products with their counts. The categories can be narrowed by
 * brand once the app runs (?brand=palintest in the address): each shows that brand's count, and leads
 * to its listing filtered by the brand.
 */
/** A category under its department, by its own part of its label ("Beakers" under "Glassware", where its label is "Glassware > Beakers"). */
const shortName = (l: Listing, parent: Listing) => (l.name.startsWith(`${parent.name}${PATH_SEPARATOR}`) ? l.name.slice(parent.name.length + PATH_SEPARATOR.length) : l.name);

export function CatalogueIndex({ block, listings, brands }: BlockComponentProps<'catalogue-index'>) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const param = useRouterState({ select: (s) => (s.location.search as Record<string, unknown>).brand });
  const brand = ready ? brands.find((b) => b.id === String(param ?? '')) : undefined;
  const shown = brand ? listings.filter((l) => brand.counts[l.id]) : listings;
  const selectId = `${block.id ?? 'index'}-brand`;
  // As a tree (D23): each department (a category above none shown) with the categories right under it;
  // those further down are listed on their own category's page.
  const ids = new Set(shown.map((l) => l.id));
  const top = shown.filter((l) => !l.parent || !ids.has(l.parent));
  const below = new Map<string, Listing[]>();
  for (const l of shown) if (l.parent && ids.has(l.parent)) (below.get(l.parent) ?? below.set(l.parent, []).get(l.parent)!).push(l);
  const count = (l: Listing) => (brand ? brand.counts[l.id]! : l.count);
  const counted = (l: Listing) => `${count(l) === 1 ? '1 product' : `${count(l)} products`}${brand ? ` by ${brand.name}` : ''}`;
  const filter = (brand ? { brand: brand.id } : undefined) as never;
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
                    {b.name} ({b.total})
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
      <ResponsiveGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {top.map((l) => (
          <Card key={l.id} withBorder padding="md" radius="md" className="card">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={l.url as '/'} search={filter} activeOptions={CURRENT} fw={600} className="card-title-link">
                {l.name}
              </Anchor>
              <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                {counted(l)}
              </Text>
            </Group>
            {(below.get(l.id) ?? []).length > 0 && (
              <ul className="catalogue-children" aria-label={`Categories in ${l.name}`}>
                {below.get(l.id)!.map((c) => (
                  <li key={c.id}>
                    <Anchor component={Link} to={c.url as '/'} search={filter} activeOptions={CURRENT} size="sm">
                      {shortName(c, l)}
                    </Anchor>{' '}
                    <Text span size="xs" c="dimmed">
                      ({count(c)})
                    </Text>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        ))}
      </ResponsiveGrid>
    </Section>
  );
}
