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
}

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
  return { sizes: parts.join(', '), width: widest };
}

/** A picture drawn at one fixed width whatever the screen (a logo). */
export const fixedSlot = (width: number): Slot => ({ sizes: `${width}px`, width });

/** Beside a page's heading or a text, in a second column from md up (hero, text, partner page). */
export const besideHeading = gridSlot({ base: 1, md: 2 }, 48);

/** A picture across the whole screen (the rotating hero's backgrounds), drawn no wider than 1920 px. */
export const fullWidthSlot: Slot = { sizes: '100vw', width: 1920 };

/** Across a dialog of Mantine's size lg: 620 px, at most 90 % of the screen (its 5vw offsets each side), less its 16 px padding each side. */
const DIALOG = { width: 620, share: 0.9, padding: 16 };
export const dialogSlot: Slot = {
  sizes: `(min-width: ${Math.ceil(DIALOG.width / DIALOG.share)}px) ${DIALOG.width - 2 * DIALOG.padding}px, calc(${DIALOG.share * 100}vw - ${2 * DIALOG.padding}px)`,
  width: DIALOG.width - 2 * DIALOG.padding,
};

/** The picture shown in place of one that fails to load; content that names it holds a placeholder to replace. */
export const PLACEHOLDER_PICTURE = '/images/placeholder.svg';
