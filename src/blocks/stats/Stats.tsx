import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

export function Stats({ block }: BlockComponentProps<'stats'>) {
  return (
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>
      <ResponsiveGrid cols={{ base: 2, md: Math.min(block.items.length, 4) }} spacing="lg">
        {block.items.map((s) => (
          <div key={s.label} className="stat">
            <p className="stat-value">{s.value}</p>
            <p className="stat-label">{s.label}</p>
          </div>
        ))}
      </ResponsiveGrid>
    </Section>
  );
}
