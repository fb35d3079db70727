import { Anchor, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { policySectionAnchor as anchorOf } from '../../../schemas/anchors';
import { ItemList } from '../../ui/ItemList';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

export function PolicyText({ block }: BlockComponentProps<'policy-text'>) {
  return (
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>
      <Stack maw={820} mx="auto" gap="xl">
        {block.facts && (
          <Group gap="xl" className="policy-facts" component="dl">
            {block.facts.map((f) => (
              <div key={f.label}>
                <Text component="dt" size="sm" c="dimmed">
                  {f.label}
                </Text>
                <Text component="dd" fw={600} m={0}>
                  {f.value}
                </Text>
              </div>
            ))}
          </Group>
        )}
        {block.sections.length > 3 && (
          <Paper withBorder p="md" radius="md" component="nav" aria-label="Contents">
            <Text fw={700} mb="xs">
              Contents
            </Text>
            <ItemList ordered size="sm" gap={2}>
              {block.sections.map((s, i) => (
                <li key={s.heading}>
                  <Anchor href={`#${anchorOf(i)}`}>{s.heading}</Anchor>
                </li>
              ))}
            </ItemList>
          </Paper>
        )}
        {block.sections.map((s, i) => (
          <Box component="section" key={s.heading} id={anchorOf(i)} aria-labelledby={`${anchorOf(i)}-h`}>
            <Title order={2} fz="h3" id={`${anchorOf(i)}-h`} mb="sm">
              {i + 1}. {s.heading}
            </Title>
            <Stack gap="sm">
              {s.paragraphs.map((p) => (
                <Text key={p}>{p}</Text>
              ))}
              {s.items && (
                <ItemList gap={4}>
                  {s.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ItemList>
              )}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Section>
  );
}
