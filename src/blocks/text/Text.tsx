import { ActionButton } from '../../ui/actions';
import { ItemList } from '../../ui/ItemList';
import { Picture } from '../../ui/Picture';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

export function TextBlock({ block }: BlockComponentProps<'text'>) {
  const body = (
    <div className="text-body" data-narrow={block.image ? undefined : ''}>
      {block.paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
      {block.items && (
        <ItemList gap={10}>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ItemList>
      )}
      {block.buttons && (
        <div className="actions">
          {block.buttons.map((b) => (
            <ActionButton key={b.label} button={b} />
          ))}
        </div>
      )}
    </div>
  );
  return (
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>
      {block.image ? (
        <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          {body}
          <Picture src={block.image.src} alt={block.image.alt} className="rounded-image" />
        </ResponsiveGrid>
      ) : (
        body
      )}
    </Section>
  );
}
