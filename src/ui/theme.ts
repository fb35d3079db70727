import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// Ten shades around the brand #6366f1 (shade 5). Filled buttons and links use shade 6 (#4f46e5,
// 6.3:1 with white) because white on #6366f1 is 4.47:1, below AA for normal text.
const brand: MantineColorsTuple = [
  '#eef2ff', '#e0e7ff', '#c7d2fe', '#a5b4fc', '#818cf8', '#6366f1', '#4f46e5', '#4338ca', '#3730a3', '#312e81',
];

/**
 * The id of the <section> (index.html) that dialogs, the drawer and toasts render into: a dialog's
 * <header> there is not a second banner landmark beside the site's header.
 */
export const OVERLAYS = 'overlays';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  // The phone's own interface font (Roboto, San Francisco, Segoe UI): nothing to download, so text
  // shows at once and never re-flows on a slow network.
  headings: { fontWeight: '700' },
  // Give components no radius prop of their own where this is the one wanted: Mantine 9.7's ThemeIcon
  // passes it on to its <div> as an attribute HTML does not have (npm run check:html's Nu checker).
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  respectReducedMotion: true,
  components: {
    Portal: { defaultProps: { target: `#${OVERLAYS}` } },
    // Icon-only close buttons need a name for screen readers (the drawer names its own). No
    // transition and no scroll lock of Mantine's: styles.css animates them and stops the page
    // scrolling behind them instead (see there why).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' }, transitionProps: { duration: 0 }, lockScroll: false } },
    Drawer: { defaultProps: { transitionProps: { duration: 0 }, lockScroll: false } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
});

/**
 * Mantine's dimmed grey (gray 6) is 3.3:1 on white, below AA for body text; gray 7 is 7:1. Its error
 * red (red 6), which colours every form's required-field asterisk and field errors, is 3.3:1 too;
 * red 9 is 5.5:1 on white, 4.9:1 on the palest brand tint. (The footer, dark, sets its own.)
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
