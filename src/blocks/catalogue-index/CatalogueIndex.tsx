import { Anchor, Card, Group, Text } from '@mantine/core';
import { InternalLink } from '../../ui/actions';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

export function CatalogueIndex({ block, listings }: BlockComponentProps<'catalogue-index'>) {
  return (
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>
      <ResponsiveGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {listings.map((l) => (
          <Card key={l.id} withBorder padding="md" radius="md" className="card">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={InternalLink} to={l.url} fw={600} className="card-title-link stretched-link">
                {l.name}
              </Anchor>
              <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                {l.count === 1 ? '1 product' : `${l.count} products`}
              </Text>
            </Group>
          </Card>
        ))}
      </ResponsiveGrid>
    </Section>
  );
}
