import type { CSSProperties, ReactNode } from 'react';

interface ItemListProps {
  /** Text size: 'sm' in cards and panels, 'md' in running text. */
  size?: 'sm' | 'md';
  /** Space between items, in px. */
  gap?: number;
  ordered?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A bulleted or numbered list of <li> children, styled like Mantine's List but plain HTML: lists are
 * the most repeated thing on the site, and each Mantine List.Item is three elements and a component
 * for the browser to hydrate.
 */
export function ItemList({ size = 'md', gap = 0, ordered = false, className, children }: ItemListProps) {
  const Tag = ordered ? 'ol' : 'ul';
  return (
    <Tag className={className ? `item-list ${className}` : 'item-list'} data-size={size} style={gap ? ({ '--item-gap': `${gap}px` } as CSSProperties) : undefined}>
      {children}
    </Tag>
  );
}
