// Where a picture is drawn on a page: how wide it shows at each screen width. Each block definition
// says, for every picture it shows, which slot it sits in (its `pictures`); the build derives the
// `sizes` attribute from it (never typed by an author), and the validator and the build the widths a
// picture needs. No zod here: the layout is plain numbers.
//
// The numbers mirror the page layout: Mantine's breakpoints (sm 48em, md 62em, lg 75em), the xl
// container every section sits in (1320 px wide with 16 px padding each side) and the grid gaps.

export interface Slot {
  /** The `sizes` attribute: the width the picture is drawn at, per media condition, widest first. */
  sizes: string;
  /** The widest it is ever drawn, in CSS pixels. */
  width: number;
  /** The shapes of picture it takes (validate refuses others). */
  shape: Shape;
  /**
   * Drawn under a tinted overlay that hides its fine detail (the rotating hero's slides): a picture
   * drawn only in such slots is encoded coarser (src/node/pictures/plan.ts ENCODER.overlaid).
   */
  overlaid?: boolean;
  /**
   * Where the place is taller than wide (the rotating hero on a phone, some 360-430 × 560-590 px), a
   * picture as wide as tall or wider shows only its middle part, cut to the place's shape (object-fit:
   * cover, around the picture's focal point): screens matching `media` get that part alone, a crop of
   * `shape` (width over height) `width` px wide, as sharp there as the whole picture at the widths
   * `sizes` asks for, in fewer bytes.
   */
  narrow?: { media: string; shape: number; width: number };
}

/**
 * The shapes a place takes: a picture's width over its height, from `min` to `max`. Far outside, a
 * picture is cropped to a sliver or squeezed to a line (a 2560 × 1 px picture as a hero slide).
 */
export interface Shape {
  /** The place, as validate names it: "a hero slide across the screen". */
  name: string;
  min: number;
  max: number;
}

/** Across the screen behind a heading: from square to four times as wide as tall. */
const SLIDE: Shape = { name: 'a hero slide across the screen', min: 1, max: 4 };
/** A photo (or a wordmark) in a column or a card: from twice as tall as wide to four times as wide as tall. */
const PHOTO: Shape = { name: 'a picture in a column, a card or a dialog', min: 1 / 2, max: 4 };
/** A logo or wordmark, drawn at a fixed width: up to five times as tall as wide, or ten times as wide as tall. */
const LOGO: Shape = { name: 'a logo', min: 1 / 5, max: 10 };
/** The narrowest range any place takes: a picture inside it fits every place. */
export const EVERY_SHAPE = { min: Math.max(SLIDE.min, PHOTO.min, LOGO.min), max: Math.min(SLIDE.max, PHOTO.max, LOGO.max) };

const REM = 16;
/** Mantine's breakpoints in px, as ResponsiveGrid.module.css and the theme use them. */
const breakpoints = { sm: 48 * REM, md: 62 * REM, lg: 75 * REM } as const;
/** Container size="xl": its width and inline padding. */
export const CONTAINER = { width: 1320, padding: 16 };

export interface Columns {
  base: number;
  sm?: number;
  md?: number;
  lg?: number;
}

/** A cell of a grid of `cols` columns (as ResponsiveGrid lays them out) with `gap` px between cells, in the container. */
export function gridSlot(cols: Columns, gap: number): Slot {
  const sm = cols.sm ?? cols.base;
  const md = cols.md ?? sm;
  const lg = cols.lg ?? md;
  const ranges = [
    { from: 0, n: cols.base },
    { from: breakpoints.sm, n: sm },
    { from: breakpoints.md, n: md },
    { from: breakpoints.lg, n: lg },
  ];
  const chrome = (n: number) => 2 * CONTAINER.padding + (n - 1) * gap;
  const cell = (n: number, viewport: number) => Math.floor((Math.min(viewport, CONTAINER.width) - chrome(n)) / n);
  const fluid = (n: number) => (n === 1 ? `calc(100vw - ${chrome(n)}px)` : `calc((100vw - ${chrome(n)}px) / ${n})`);
  const widest = Math.max(...ranges.map((r, i) => cell(r.n, (ranges[i + 1]?.from ?? CONTAINER.width) - 1)), cell(lg, CONTAINER.width));
  const parts = [`(min-width: ${CONTAINER.width}px) ${cell(lg, CONTAINER.width)}px`];
  // From the widest range down; a range with as many columns as the one below it says nothing new.
  ranges.slice(1).forEach((r, i) => {
    if (r.n !== ranges[i]!.n) parts.splice(1, 0, `(min-width: ${r.from / REM}em) ${fluid(r.n)}`);
  });
  parts.push(fluid(cols.base));
  return { sizes: parts.join(', '), width: widest, shape: PHOTO };
}

/** A picture drawn at one fixed width whatever the screen (a logo). */
export const fixedSlot = (width: number): Slot => ({ sizes: `${width}px`, width, shape: LOGO });

/** A pack's own picture, beside its row of a product's packs' table (D22). */
export const packSlot = fixedSlot(64);

/** Beside a page's heading or a text, in a second column from md up (hero, text, partner page). */
export const besideHeading = gridSlot({ base: 1, md: 2 }, 48);

/** A picture across the whole screen (the rotating hero's backgrounds, under an overlay 15-92 % opaque: styles.css .hero-slides), drawn no wider than 1920 px. */
export const fullWidthSlot: Slot = { sizes: '100vw', width: 1920, shape: SLIDE, overlaid: true, narrow: { media: '(max-width: 35em)', shape: 2 / 3, width: 480 } };

/** Across a dialog of Mantine's size lg: 620 px, at most 90 % of the screen (its 5vw offsets each side), less its 16 px padding each side. */
const DIALOG = { width: 620, share: 0.9, padding: 16 };
export const dialogSlot: Slot = {
  sizes: `(min-width: ${Math.ceil(DIALOG.width / DIALOG.share)}px) ${DIALOG.width - 2 * DIALOG.padding}px, calc(${DIALOG.share * 100}vw - ${2 * DIALOG.padding}px)`,
  width: DIALOG.width - 2 * DIALOG.padding,
  shape: PHOTO,
};

/** The picture shown in place of one that fails to load; content that names it holds a placeholder to replace. */
export const PLACEHOLDER_PICTURE = '/images/placeholder.svg';
