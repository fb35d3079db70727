import { Box, Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionProps {
  id?: string | undefined;
  title?: string | undefined;
  intro?: string | undefined;
  background?: 'white' | 'grey';
  children: ReactNode;
}

/** The frame every block sits in: anchor, heading, intro and background. */
export function Section({ id, title, intro, background = 'white', children }: SectionProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <Box component="section" id={id} aria-labelledby={title ? headingId : undefined} className="section" data-bg={background}>
      <Container size="xl">
        {title && (
          <Title order={2} id={headingId} ta="center" mb={intro ? 'xs' : 'xl'}>
            {title}
          </Title>
        )}
        {intro && (
          <Text ta="center" c="dimmed" maw={720} mx="auto" mb="xl" size="lg">
            {intro}
          </Text>
        )}
        {children}
      </Container>
    </Box>
  );
}
