import type { Plugin } from 'vite';

const USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Mantine's useId (9.7) renders React's useId, then replaces it with a random id in a layout effect:
 * a state update in the commit of every input, tab list, portal and dialog, which React renders at
 * once, synchronously, in the same task. On a prerendered page that is a second render of the
 * contact form, the product-range tabs (all their panels) and the phone menu, right after each is
 * hydrated: a long task on a slow phone. React's useId is already unique and the same on the server
 * and in the browser, so the browser build uses it alone, as the id Mantine's first render gives.
 * (The server build imports Mantine unbundled; its render is that same first render.)
 */
export function mantineUseIdPlugin(): Plugin {
  return {
    name: 'mantine-stable-use-id',
    apply: 'build',
    transform(code, id) {
      if (!USE_ID.test(id.split('?')[0]!)) return undefined;
      if (!code.includes('setUuid(randomId())')) {
        throw new Error(`${id}: Mantine's useId no longer sets a random id in an effect; check whether src/node/build/mantine-use-id-plugin.ts is still needed`);
      }
      return {
        code: [
          "import { useId as useReactId } from 'react';",
          'export function useId(staticId) {',
          "  const id = `mantine-${useReactId().replace(/:/g, '')}`;",
          "  return typeof staticId === 'string' ? staticId : id;",
          '}',
        ].join('\n'),
        map: null,
      };
    },
  };
}
