// The studio's own build, for `npm run studio` (src/node/studio-server/): its page, its preview frame
// (the site's own components) and its sign-in page, served by the studio server with no Vite dev
// server running. Everything under /__studio/, so nothing of it can be mistaken for the site.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contentPlugin } from './src/node/content/vite-plugin.ts';
import { mantineUseIdPlugin } from './src/node/build/mantine-use-id-plugin.ts';
import { themeCssPlugin } from './src/node/build/theme-css-plugin.ts';
import { STUDIO_PAGES } from './src/node/studio/plugin.ts';

export const STUDIO_BUILD = 'dist-studio';

export default defineConfig({
  base: '/__studio/',
  publicDir: false,
  plugins: [contentPlugin(), themeCssPlugin(), mantineUseIdPlugin(), react()],
  define: { 'import.meta.env.VITE_STUDIO_SERVER': JSON.stringify('1') },
  build: {
    outDir: STUDIO_BUILD,
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 4000,
    rolldownOptions: { input: Object.values(STUDIO_PAGES) },
  },
});
