import { Badge, Container } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { BlockOf } from '../../../schemas/blocks';
import { ActionButton, InternalLink } from '../../ui/actions';
import { saveData } from '../../ui/on-demand';
import { Picture } from '../../ui/Picture';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';

export const SLIDE_INTERVAL_MS = 5000;

type HeroBlock = BlockOf<'hero'>;

export function Hero({ block }: BlockComponentProps<'hero'>) {
  const slides = block.slides;
  return (
    <section id={block.id} className="hero" data-rotating={slides ? '' : undefined}>
      {slides ? <Slides block={block} slides={slides} /> : <StaticHero block={block} />}
    </section>
  );
}

function Back({ block }: { block: HeroBlock }) {
  if (!block.back) return null;
  return (
    <InternalLink to={block.back.to} className="mantine-focus-auto link hero-back">
      <span>
        <IconArrowLeft size={18} aria-hidden />
        {block.back.label}
      </span>
    </InternalLink>
  );
}

function Copy({ block }: { block: HeroBlock }) {
  return (
    <div className="hero-copy">
      <Back block={block} />
      {block.badge && (
        <Badge size="lg" variant="white" color="brand.8">
          {block.badge}
        </Badge>
      )}
      {block.eyebrow && (
        <p className="hero-eyebrow">{block.eyebrow}</p>
      )}
      <h1 className="title hero-title">{block.title}</h1>
      <p className="hero-lead">{block.lead}</p>
      {block.buttons.length > 0 && (
        <div className="actions hero-actions">
          {block.buttons.map((b) => (
            <ActionButton key={b.label} button={b} size="md" inverted />
          ))}
        </div>
      )}
    </div>
  );
}

function StaticHero({ block }: { block: HeroBlock }) {
  return (
    <Container size="xl" className="hero-inner">
      <ResponsiveGrid cols={{ base: 1, md: block.image ? 2 : 1 }} spacing={48} style={{ alignItems: 'center' }}>
        <Copy block={block} />
        {block.image && (
          <Picture src={block.image.src} alt={block.image.alt} className="hero-image" />
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
  // A slide's picture is drawn once the slide is on screen or next (display: none keeps a lazy picture
  // from loading): the page fetches the first slide's, then, once it is live, the next one's, not every
  // slide's at once. When the browser asks to save data, none ahead: each when its turn comes.
  const [drawn, setDrawn] = useState<ReadonlySet<number>>(() => new Set([0]));
  useEffect(() => {
    const next = saveData() ? index : (index + 1) % slides.length;
    setDrawn((d) => (d.has(index) && d.has(next) ? d : new Set([...d, index, next])));
  }, [index, slides.length]);

  return (
    <section
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
          focal={s.image.focal}
          className="hero-slide-image"
          data-active={i === index || undefined}
          data-waiting={drawn.has(i) ? undefined : true}
        />
      ))}
      <Container size="xl" className="hero-slides-content">
        <div className="hero-copy hero-slides-copy">
          <h1 className="title hero-kicker">{block.title}</h1>
          {/* Every slide's copy is drawn in the same cell, the shown one visible: the hero is as tall as its
              longest slide, so nothing below it moves when the slides turn. */}
          <div aria-live={paused ? 'polite' : 'off'} className="hero-slide-copy">
            {slides.map((s, i) => (
              <div key={s.image.src} data-active={i === index || undefined} aria-hidden={i === index ? undefined : true}>
                <p className="hero-title">{s.title}</p>
                <p className="hero-lead">{s.lead}</p>
              </div>
            ))}
          </div>
          <div className="actions hero-actions">
            {block.buttons.map((b) => (
              <ActionButton key={b.label} button={b} inverted />
            ))}
          </div>
          <div className="hero-dots needs-app" role="group" aria-label="Choose a slide">
            {slides.map((s, i) => (
              <button
                type="button"
                key={s.image.src}
                className="mantine-focus-auto hero-dot"
                aria-label={`Slide ${i + 1} of ${slides.length}: ${s.title}`}
                aria-current={i === index ? 'true' : undefined}
                data-active={i === index || undefined}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </div>
      </Container>
    </section>
  );
}
