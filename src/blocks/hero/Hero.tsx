import { Anchor, Badge, Box, Container, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { BlockOf } from '../../../schemas/blocks';
import { ActionButton, InternalLink } from '../../ui/actions';
import { Picture } from '../../ui/Picture';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';

export const SLIDE_INTERVAL_MS = 5000;

type HeroBlock = BlockOf<'hero'>;

export function Hero({ block }: BlockComponentProps<'hero'>) {
  const slides = block.slides;
  return (
    <Box component="section" id={block.id} className="hero" data-rotating={slides ? '' : undefined}>
      {slides ? <Slides block={block} slides={slides} /> : <StaticHero block={block} />}
    </Box>
  );
}

function Back({ block }: { block: HeroBlock }) {
  if (!block.back) return null;
  return (
    <Anchor component={InternalLink} to={block.back.to} c="white" fw={600} className="hero-back">
      <Group gap={6} component="span">
        <IconArrowLeft size={18} aria-hidden />
        {block.back.label}
      </Group>
    </Anchor>
  );
}

function Copy({ block }: { block: HeroBlock }) {
  return (
    <Stack gap="md" align="flex-start">
      <Back block={block} />
      {block.badge && (
        <Badge size="lg" variant="white" color="brand.8">
          {block.badge}
        </Badge>
      )}
      {block.eyebrow && (
        <Text tt="uppercase" fw={700} size="sm" c="brand.1">
          {block.eyebrow}
        </Text>
      )}
      <Title order={1} c="white" className="hero-title">
        {block.title}
      </Title>
      <Text size="lg" c="brand.0" maw={620}>
        {block.lead}
      </Text>
      {block.buttons.length > 0 && (
        <Group gap="sm" mt="sm">
          {block.buttons.map((b) => (
            <ActionButton key={b.label} button={b} size="md" inverted />
          ))}
        </Group>
      )}
    </Stack>
  );
}

function StaticHero({ block }: { block: HeroBlock }) {
  return (
    <Container size="xl" className="hero-inner">
      <ResponsiveGrid cols={{ base: 1, md: block.image ? 2 : 1 }} spacing={48} style={{ alignItems: 'center' }}>
        <Copy block={block} />
        {block.image && (
          <Picture src={block.image.src} alt={block.image.alt} className="hero-image" loading="eager" fetchPriority="high" />
        )}
      </ResponsiveGrid>
    </Container>
  );
}

function Slides({ block, slides }: { block: HeroBlock; slides: NonNullable<HeroBlock['slides']> }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reduced = useReducedMotion();
  const paused = hovered || focused;
  // One timer per shown slide: a dot click starts a full interval on the chosen slide.
  useEffect(() => {
    if (paused || reduced) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % slides.length), SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [index, paused, reduced, slides.length]);

  return (
    <Box
      component="section"
      className="hero-slides"
      aria-roledescription="carousel"
      aria-label="Highlights"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      {slides.map((s, i) => (
        <Picture
          key={s.image.src}
          src={s.image.src}
          alt=""
          className="hero-slide-image"
          data-active={i === index || undefined}
          loading={i === 0 ? 'eager' : 'lazy'}
          fetchPriority={i === 0 ? 'high' : 'auto'}
        />
      ))}
      <Container size="xl" className="hero-slides-content">
        <Stack gap="md" align="flex-start" maw={640}>
          <Title order={1} className="hero-kicker" c="brand.1">
            {block.title}
          </Title>
          {/* Every slide's text in one grid cell, the others hidden: the hero is as tall as its
              tallest slide from the start, so nothing below it moves when the slides turn. */}
          <div aria-live={paused ? 'polite' : 'off'} className="hero-slide-copy">
            {slides.map((s, i) => (
              <div key={s.image.src} className="hero-slide-text" data-active={i === index || undefined} aria-hidden={i !== index || undefined}>
                <Text className="hero-title" fw={800} c="white">
                  {s.title}
                </Text>
                <Text size="lg" c="brand.0" mt="xs">
                  {s.lead}
                </Text>
              </div>
            ))}
          </div>
          <Group gap="sm" mt="sm">
            {block.buttons.map((b) => (
              <ActionButton key={b.label} button={b} inverted />
            ))}
          </Group>
          <Group gap={10} mt="md" role="group" aria-label="Choose a slide">
            {slides.map((s, i) => (
              <UnstyledButton
                key={s.image.src}
                className="hero-dot"
                aria-label={`Slide ${i + 1} of ${slides.length}: ${s.title}`}
                aria-current={i === index ? 'true' : undefined}
                data-active={i === index || undefined}
                onClick={() => setIndex(i)}
              />
            ))}
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
