import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDroplet, IconHome } from '@tabler/icons-react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ActionAnchor, InternalLink } from '../../ui/actions';
import { ItemList } from '../../ui/ItemList';
import type { BlockComponentProps } from '../registry';

/** Section 2: the water-testing help box appears for old links and water-related paths. */
export function needsWaterHelp(path: string): boolean {
  const p = path.toLowerCase();
  return p.includes('palintest') || p.includes('water') || p.endsWith('.html');
}

export function NotFound({ block }: BlockComponentProps<'not-found'>) {
  const router = useRouter();
  const href = useRouterState({ select: (s) => s.location.pathname });
  // The prerendered 404.html is served for every unknown path, so anything that depends on the
  // path waits until after hydration; the first render matches the server's.
  const [path, setPath] = useState<string | null>(null);
  useEffect(() => {
    const attempted = window.location.pathname;
    setPath(attempted);
    console.error('404 Error: User attempted to access non-existent route:', attempted);
  }, [href]);

  return (
    <Container size="sm" component="section" className="not-found">
      <Stack align="center" gap="md" ta="center">
        <Text fw={900} c="brand.6" lh={1} aria-hidden className="not-found-code">
          404
        </Text>
        <Title order={1}>{block.title}</Title>
        <Text size="lg" c="dimmed">
          {block.message}
        </Text>
        <Group justify="center" gap="sm">
          <Button component={InternalLink} to="/" leftSection={<IconHome size={18} aria-hidden />}>
            Return to Home
          </Button>
          <Button variant="outline" className="needs-app" onClick={() => router.history.back()} leftSection={<IconArrowLeft size={18} aria-hidden />}>
            Go Back
          </Button>
        </Group>
        <ActionAnchor label={block.contactLink.label} action={block.contactLink.action} />
      </Stack>
      {path !== null && needsWaterHelp(path) && (
        <Alert mt="xl" variant="light" icon={<IconDroplet aria-hidden />} title={block.waterHelp.title} radius="md">
          <Text size="sm">{block.waterHelp.text}</Text>
          {path.toLowerCase().endsWith('.html') && (
            <Text size="sm" mt="xs" fw={600}>
              {block.waterHelp.oldLinkNote}
            </Text>
          )}
          <ItemList size="sm" className="spaced-top">
            {block.waterHelp.links.map((l) => (
              <li key={l.label}>
                <ActionAnchor label={l.label} action={l.action} />
              </li>
            ))}
          </ItemList>
        </Alert>
      )}
      <Stack mt="xl" gap="xs" component="nav" aria-label={block.popular.title}>
        <Title order={2} fz="h4" ta="center">
          {block.popular.title}
        </Title>
        <Group justify="center" gap="md">
          {block.popular.links.map((l) => (
            <ActionAnchor key={l.label} label={l.label} action={l.action} />
          ))}
        </Group>
      </Stack>
    </Container>
  );
}
