import { Container } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionProps {
  id?: string | undefined;
  title?: string | undefined;
  intro?: string | undefined;
  background?: 'white' | 'grey';
  /** Classes besides its own (`no-print`: left off the paper). */
  className?: string;
  children: ReactNode;
}

/** The frame every block sits in: anchor, heading, intro and background. */
export function Section({ id, title, intro, background = 'white', className, children }: SectionProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={title ? headingId : undefined} className={className ? `section ${className}` : 'section'} data-bg={background}>
      <Container size="xl">
        {title && (
          <h2 id={headingId} className="title section-title" data-with-intro={intro ? '' : undefined}>
            {title}
          </h2>
        )}
        {intro && <p className="section-intro">{intro}</p>}
        {children}
      </Container>
    </section>
  );
}
