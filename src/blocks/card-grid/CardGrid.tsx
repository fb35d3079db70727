import { Anchor, Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { BlockOf } from '../../../schemas/blocks';
import { ActionAnchor, ActionButton, InternalLink } from '../../ui/actions';
import { icons } from '../../ui/icons';
import { ItemList } from '../../ui/ItemList';
import { Picture } from '../../ui/Picture';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

type CardGridBlock = BlockOf<'card-grid'>;
type CardData = CardGridBlock['cards'][number];

export function CardGrid({ block }: BlockComponentProps<'card-grid'>) {
  return (
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>
      <ResponsiveGrid cols={{ base: 1, sm: Math.min(2, block.columns), lg: block.columns }} spacing="lg">
        {block.cards.map((card) => (
          <GridCard key={card.title} card={card} plain={block.style === 'plain'} headingOrder={block.title ? 3 : 2} />
        ))}
      </ResponsiveGrid>
    </Section>
  );
}

function GridCard({ card, plain, headingOrder }: { card: CardData; plain: boolean; headingOrder: 2 | 3 }) {
  const Icon = card.icon ? icons[card.icon] : undefined;
  const title =
    card.link && card.link.action.kind === 'link' ? (
      <Anchor component={InternalLink} to={card.link.action.to} inherit c="inherit" className="card-title-link">
        {card.title}
      </Anchor>
    ) : (
      card.title
    );
  return (
    <Card withBorder={!plain} padding="lg" radius="md" className={plain ? 'card plain' : 'card'} bg={plain ? 'transparent' : undefined}>
      {card.image && (
        <Card.Section mb="md">
          <Picture src={card.image.src} alt={card.image.alt} focal={card.image.focal} className="card-image" />
        </Card.Section>
      )}
      <Stack gap="sm" style={{ flex: 1 }}>
        {Icon && (
          <ThemeIcon size={48} variant="light" aria-hidden>
            <Icon size={26} stroke={1.6} />
          </ThemeIcon>
        )}
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={headingOrder} fz="h4">
            {title}
          </Title>
          {card.badge && (
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {card.badge}
            </Badge>
          )}
        </Group>
        {card.description && <Text c="dimmed">{card.description}</Text>}
        {card.facts && (
          <dl className="facts">
            {card.facts.map((f) => (
              <div key={f.label}>
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {card.lists?.map((list, i) => (
          <div key={list.title ?? i}>
            {list.title && (
              <Text fw={600} size="sm" mb={4}>
                {list.title}
              </Text>
            )}
            <ItemList size="sm" gap={2}>
              {list.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ItemList>
          </div>
        ))}
        {card.tags && (
          <Group gap={6}>
            {card.tags.map((t) => (
              <Badge key={t} variant="outline" color="gray.7" tt="none" fw={500}>
                {t}
              </Badge>
            ))}
          </Group>
        )}
        {card.links && (
          <Group gap="xs" className="card-links">
            {card.links.map((l) => (
              <ActionAnchor key={l.label} label={l.label} action={l.action} />
            ))}
          </Group>
        )}
      </Stack>
      {(card.buttons || card.link) && (
        <Group gap="xs" mt="md">
          {card.buttons?.map((b) => <ActionButton key={b.label} button={b} size="sm" />)}
          {card.link && !card.buttons && (
            <ActionAnchor label={card.link.label} action={card.link.action} fw={600} size="sm" aria-hidden tabIndex={-1}>
              {card.link.label} →
            </ActionAnchor>
          )}
        </Group>
      )}
    </Card>
  );
}
