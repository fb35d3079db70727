import { getSpacing, type MantineSpacing } from '@mantine/core';
import type { ComponentProps, CSSProperties } from 'react';
import classes from './ResponsiveGrid.module.css';

interface ResponsiveGridProps extends ComponentProps<'div'> {
  /** Columns on phones (base) and from each breakpoint up; a breakpoint left out keeps the one below. */
  cols: { base: number; sm?: number; md?: number; lg?: number };
  /** Space between cells: a Mantine spacing name, or px. */
  spacing: MantineSpacing | number;
}

/**
 * Mantine's SimpleGrid with responsive columns, as a style sheet: SimpleGrid writes a <style> element
 * into the page for each grid, and HTML allows none in <body>. Every breakpoint's count is set here,
 * so a grid inside another never inherits the outer one's.
 */
export function ResponsiveGrid({ cols, spacing, className, style, ...others }: ResponsiveGridProps) {
  const sm = cols.sm ?? cols.base;
  const md = cols.md ?? sm;
  const vars = { '--grid-gap': getSpacing(spacing), '--grid-base': cols.base, '--grid-sm': sm, '--grid-md': md, '--grid-lg': cols.lg ?? md };
  return <div className={className ? `${classes.grid} ${className}` : classes.grid} style={{ ...vars, ...style } as CSSProperties} {...others} />;
}
