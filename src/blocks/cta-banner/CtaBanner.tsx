import { Box, Container, Group, Text, Title } from '@mantine/core';
import { ActionButton } from '../../ui/actions';
import type { BlockComponentProps } from '../registry';

export function CtaBanner({ block }: BlockComponentProps<'cta-banner'>) {
  return (
    <Box component="section" id={block.id} className="cta-banner" aria-labelledby={block.id ? `${block.id}-title` : undefined}>
      <Container size="md" ta="center" className="cta-banner-inner">
        <Title order={2} c="white" id={block.id ? `${block.id}-title` : undefined}>
          {block.title}
        </Title>
        <Text size="lg" c="brand.0" mt="sm" mb="xl">
          {block.text}
        </Text>
        <Group justify="center" gap="sm">
          {block.buttons.map((b) => (
            <ActionButton key={b.label} button={b} size="lg" inverted />
          ))}
        </Group>
      </Container>
    </Box>
  );
}
