// The authoring studio (/__studio, dev server only: src/node/studio/plugin.ts): a bar naming its
// views and the view chosen. The page editor is the one view so far; others (pictures) sit beside it.
import { Box, Group, Title, UnstyledButton } from '@mantine/core';
import { type ComponentType, useState } from 'react';
import { PageEditor } from './PageEditor';

const VIEWS: { id: string; label: string; View: ComponentType }[] = [{ id: 'pages', label: 'Pages', View: PageEditor }];

export function Studio() {
  const [view, setView] = useState(VIEWS[0]!.id);
  const { View } = VIEWS.find((v) => v.id === view)!;
  return (
    <Box style={{ display: 'grid', gridTemplateRows: 'auto minmax(0, 1fr)', height: '100vh' }}>
      <Group component="header" gap="lg" px="md" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Title order={1} size="h4">Studio</Title>
        <Group component="nav" aria-label="Studio views" gap="xs">
          {VIEWS.map((v) => (
            <UnstyledButton key={v.id} onClick={() => setView(v.id)} aria-current={v.id === view ? 'page' : undefined} fw={v.id === view ? 700 : 400} fz="sm">
              {v.label}
            </UnstyledButton>
          ))}
        </Group>
      </Group>
      <View />
    </Box>
  );
}
