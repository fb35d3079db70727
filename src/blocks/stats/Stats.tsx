import { Stack, Text } from '@mantine/core';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

export function Stats({ block }: BlockComponentProps<'stats'>) {
  return (
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>
      <ResponsiveGrid cols={{ base: 2, md: Math.min(block.items.length, 4) }} spacing="lg">
        {block.items.map((s) => (
          <Stack key={s.label} gap={2} align="center" className="stat">
            <Text fw={800} c="brand.7" lh={1.1} className="stat-value">
              {s.value}
            </Text>
            <Text c="dimmed" ta="center" fw={500}>
              {s.label}
            </Text>
          </Stack>
        ))}
      </ResponsiveGrid>
    </Section>
  );
}
