import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { studioPlugin } from './src/node/studio/plugin.ts';
import { mantineLazyDefaultsPlugin } from './src/node/build/mantine-lazy-defaults-plugin.ts';
import { mantineUseIdPlugin } from './src/node/build/mantine-use-id-plugin.ts';
import { themeCssPlugin } from './src/node/build/theme-css-plugin.ts';
import { contentPlugin } from './src/node/content/vite-plugin.ts';

// How the client build is cut into files. Left to itself the bundler gives every set of lazily
// loaded modules that share code a file of its own: dozens of small requests on a slow network.
// Instead: what the entry needs in a few files, each evaluated in a task of its own (src/page/boot.js),
// so that a slow phone's main thread is never held long: React, the router, Mantine and the app;
// what the dialogs, drawer and search share in one file fetched when one of them first opens (overlay); what the block components share in one file
// (shared); and what one page document or block component uses alone stays in its own file.
const overlayModules =
  /node_modules\/(@mantine\/core\/(esm\/components\/(Modal|ModalBase|Drawer|Overlay|Portal|Transition|FocusTrap|ScrollArea)\/|styles\/(Modal|ModalBase|Drawer|Overlay|ScrollArea)\.css)|react-remove-scroll|react-style-singleton|use-sidecar|use-callback-ref|get-nonce|aria-hidden|tslib|@floating-ui)/;

export default defineConfig(({ isSsrBuild }) => ({
  // The studio exists under `vite` (npm run dev) only: its plugin applies to serve, and no build input names its modules.
  plugins: [contentPlugin(), themeCssPlugin(), studioPlugin(), mantineUseIdPlugin(), mantineLazyDefaultsPlugin(), react()],
  build: {
    target: 'es2022',
    minify: !process.env.NO_MINIFY,
    cssCodeSplit: true,
    rolldownOptions: {
      // A barrel module's unused re-exports are not compiled (@tabler/icons-react alone re-exports 6,288
      // icons): the client build's peak memory went from some 1,190 MB to 705 MB, and its CPU from 17.8 s
      // to 13.7 s. The chunks hold the same code, some of it in another order.
      experimental: { lazyBarrel: true },
      ...(!isSsrBuild && {
        output: {
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules\/(react|react-dom|scheduler)\//, priority: 30 },
              { name: 'router', test: /node_modules\/(@tanstack|react-helmet-async|react-fast-compare|shallowequal|invariant|use-sync-external-store)\//, tags: ['$initial'], priority: 25 },
              { name: 'mantine', test: /node_modules\//, tags: ['$initial'], priority: 22 },
              { name: 'app', tags: ['$initial'], priority: 20 },
              { name: 'overlay', test: overlayModules, minShareCount: 2, priority: 15, includeDependenciesRecursively: false },
              { name: 'shared', minShareCount: 2, priority: 10 },
            ],
          },
        },
      }),
    },
  },
  // `npm run dev` bundles the browser's dependencies before the first page asks for them, from what
  // these entries import. The studio's page (/__studio) is no HTML file of the project, so Vite would
  // find its own dependencies (zod, dnd-kit) only when it first opens: a second bundling of all of them,
  // a minute on a busy machine, after which Vite reloads every open page.
  optimizeDeps: { entries: ['index.html', 'src/studio/main.tsx', 'src/studio/preview.tsx'] },
  preview: { port: 4173 },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Many tests start a process (tsx, a build, a dev server); on a busy CI machine that takes far more
    // than Vitest's default 5 s. A time limit here only catches a hang; no test measures speed.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
}));
