import type { Plugin } from 'vite';

const REMOVE_DEFAULTS = /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]remove-default-variables\.mjs$/;
const EAGER = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';
const FIRST_USE = 'function removeDefaultVariables(input) {';

/**
 * Mantine (9.7) works out the CSS variables of its default theme (every colour's shades, light and
 * dark) as its code is first run, for the one function that compares a theme against them, which
 * writes the theme's variables into the page: this site never calls it (App.tsx's MantineProvider has
 * withCssVariables={false}; the build writes them, theme-css-plugin.ts). On a slow phone that was most
 * of the Mantine chunk's start-up task. The browser build works them out on that function's first call.
 */
export function mantineLazyDefaultsPlugin(): Plugin {
  return {
    name: 'mantine-lazy-default-css-variables',
    apply: 'build',
    transform(code, id) {
      if (!REMOVE_DEFAULTS.test(id.split('?')[0]!)) return undefined;
      if (!code.includes(EAGER) || !code.includes(FIRST_USE)) {
        throw new Error(`${id}: Mantine no longer works out its default CSS variables as it did; check whether src/node/build/mantine-lazy-defaults-plugin.ts is still needed`);
      }
      return {
        code: code
          .replace(EAGER, 'let defaultCssVariables;')
          .replace(FIRST_USE, `${FIRST_USE}\n\tdefaultCssVariables ??= defaultCssVariablesResolver(DEFAULT_THEME);`),
        map: null,
      };
    },
  };
}
