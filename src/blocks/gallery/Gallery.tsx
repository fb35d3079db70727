import { Text } from '@mantine/core';
import { Picture } from '../../ui/Picture';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

export function Gallery({ block }: BlockComponentProps<'gallery'>) {
  return (
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>
      <ResponsiveGrid cols={{ base: 1, sm: 2, md: Math.min(block.images.length, 3) }} spacing="lg">
        {block.images.map(({ image, caption }) => (
          <figure key={image.src} className="gallery-figure">
            <Picture src={image.src} alt={image.alt} className="rounded-image" />
            {caption && (
              <Text component="figcaption" ta="center" fw={600} mt="xs">
                {caption}
              </Text>
            )}
          </figure>
        ))}
      </ResponsiveGrid>
    </Section>
  );
}
