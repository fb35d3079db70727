import { Anchor, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { partnerAlias } from '../../../schemas/routes';
import { InternalLink, external } from '../../ui/actions';
import { Picture } from '../../ui/Picture';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

export function PartnerListing({ block, groups }: BlockComponentProps<'partner-listing'>) {
  return (
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>
      <Stack gap="xl">
        {groups.map((group) => (
          <div key={group.title}>
            <Title order={3} mb="md">
              {group.title}
            </Title>
            <ResponsiveGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
              {group.partners.map((p) => {
                return (
                  <Card key={p.id} withBorder radius="md" padding="lg">
                    <Picture src={p.logo} alt={`${p.name} logo`} className="brand-logo" />
                    <Title order={4} mt="sm">
                      {p.name}
                    </Title>
                    <Text size="sm" c="dimmed" lineClamp={3} mt={4} style={{ flex: 1 }}>
                      {p.description}
                    </Text>
                    <Group gap="xs" mt="md">
                      {/* The partner's name is in the link's text, not only its label: search engines read text. */}
                      <Button component={InternalLink} to={partnerAlias(p.id)} size="xs">
                        Learn More<VisuallyHidden> about {p.name}</VisuallyHidden>
                      </Button>
                      <Anchor href={p.websiteUrl} {...external} size="sm" fw={600} aria-label={`Visit Site: ${p.name} (opens in a new tab)`}>
                        Visit Site
                      </Anchor>
                    </Group>
                  </Card>
                );
              })}
            </ResponsiveGrid>
          </div>
        ))}
      </Stack>
    </Section>
  );
}
