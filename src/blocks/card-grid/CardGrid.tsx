import { Badge } from '@mantine/core';
import { partAnchor } from '../../../schemas/anchors';
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
          <GridCard key={card.title} id={block.id && partAnchor(block.id, card.title)} card={card} plain={block.style === 'plain'} headingOrder={block.title ? 3 : 2} />
        ))}
      </ResponsiveGrid>
    </Section>
  );
}

function GridCard({ id, card, plain, headingOrder }: { id: string | undefined; card: CardData; plain: boolean; headingOrder: 2 | 3 }) {
  const Icon = card.icon ? icons[card.icon] : undefined;
  const Heading = headingOrder === 2 ? 'h2' : 'h3';
  const title =
    card.link && card.link.action.kind === 'link' ? (
      <InternalLink to={card.link.action.to} className="mantine-focus-auto card-title-link">
        {card.title}
      </InternalLink>
    ) : (
      card.title
    );
  // Plain elements styled in src/styles.css (.card and its parts): a page may hold dozens of cards,
  // and each Mantine Card, Stack, Group, Title or Text costs a render on the server and at hydration.
  return (
    <div id={id} className={plain ? 'card grid-card plain' : 'card grid-card'}>
      {card.image && (
        <div className="card-image-frame">
          <Picture src={card.image.src} alt={card.image.alt} focal={card.image.focal} className="card-image" />
        </div>
      )}
      <div className="card-body">
        {Icon && (
          <span className="icon-tile" aria-hidden>
            <Icon size={26} stroke={1.6} />
          </span>
        )}
        <div className="card-head">
          <Heading className="title card-title">{title}</Heading>
          {card.badge && (
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {card.badge}
            </Badge>
          )}
        </div>
        {card.description && <p className="card-text">{card.description}</p>}
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
            {list.title && <p className="card-list-title">{list.title}</p>}
            <ItemList size="sm" gap={2}>
              {list.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ItemList>
          </div>
        ))}
        {card.tags && (
          <div className="card-tags">
            {card.tags.map((t) => (
              <Badge key={t} variant="outline" color="gray.7" tt="none" fw={500}>
                {t}
              </Badge>
            ))}
          </div>
        )}
        {card.links && (
          <div className="card-links">
            {card.links.map((l) => (
              <ActionAnchor key={l.label} label={l.label} action={l.action} />
            ))}
          </div>
        )}
      </div>
      {(card.buttons || card.link) && (
        <div className="card-actions">
          {card.buttons?.map((b) => <ActionButton key={b.label} button={b} size="sm" />)}
          {card.link && !card.buttons && (
            <ActionAnchor label={card.link.label} action={card.link.action} className="card-more" aria-hidden tabIndex={-1}>
              {card.link.label} →
            </ActionAnchor>
          )}
        </div>
      )}
    </div>
  );
}
