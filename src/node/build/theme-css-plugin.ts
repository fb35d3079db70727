// 'virtual:theme.css': the theme's CSS variables and Mantine's global classes (hiddenFrom, visibleFrom)
// as part of the site's style sheet. MantineProvider would write them as <style> elements at the top
// of <body>, where HTML allows none; App turns those off. The text is Mantine's own, from a
// MantineProvider rendered here with the site's theme, so it follows the theme with no copy to keep.
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { cssVariablesResolver, theme } from '../../ui/theme.ts';

const ID = 'virtual:theme.css';
const RESOLVED = '\0theme.css';

export function themeCss(): string {
  const html = renderToStaticMarkup(createElement(MantineProvider, { theme, cssVariablesResolver }));
  const sheets = [...html.matchAll(/<style data-mantine-styles="(?:true|classes)">([^<]*)<\/style>/g)].map((m) => m[1]);
  if (sheets.length !== 2) throw new Error(`MantineProvider wrote ${sheets.length} of its 2 style elements (CSS variables, global classes)`);
  return sheets.join('\n');
}

export function themeCssPlugin(): Plugin {
  return {
    name: 'acacia-theme-css',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? themeCss() : undefined),
  };
}
