import { Container } from '@mantine/core';
import { ActionButton } from '../../ui/actions';
import type { BlockComponentProps } from '../registry';

/** Plain elements where Mantine's Title, Text and Group would add only their cost (see .cta-banner in src/styles.css): a product page draws one. */
export function CtaBanner({ block }: BlockComponentProps<'cta-banner'>) {
  const headingId = block.id ? `${block.id}-title` : undefined;
  return (
    <section id={block.id} className="cta-banner" aria-labelledby={headingId}>
      <Container size="md" className="cta-banner-inner">
        <h2 id={headingId} className="title">{block.title}</h2>
        <p className="cta-banner-text">{block.text}</p>
        <div className="cta-banner-actions">
          {block.buttons.map((b) => (
            <ActionButton key={b.label} button={b} size="lg" inverted />
          ))}
        </div>
      </Container>
    </section>
  );
}
