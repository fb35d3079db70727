import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contentPlugin } from './src/build/vite-plugin.ts';

export default defineConfig({
  plugins: [contentPlugin(), react()],
  build: {
    target: 'es2022',
    cssCodeSplit: true,
  },
  preview: { port: 4173 },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
