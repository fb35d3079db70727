import { createMemoryHistory } from '@tanstack/react-router';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { pageDataPath } from '../schemas/routes';
import { App } from './App';
import { setPageSource } from './page/load';
import type { ResolvedPage } from './page/types';
import { createAppRouter } from './router';

/**
 * Renders one route to HTML for the prerenderer (src/node/build/prerender.ts), its page documents read
 * from the files the build wrote into `dist` for the browser to fetch: the page is rendered from
 * exactly what the browser will hydrate it with.
 */
export async function render(url: string, dist: string): Promise<{ html: string; status: number }> {
  setPageSource(async (route) => {
    try {
      return JSON.parse(await readFile(join(dist, pageDataPath(route)), 'utf8')) as ResolvedPage;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  });
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  const html = renderToString(<App router={router} />);
  const leaf = router.state.matches[router.state.matches.length - 1];
  return { html, status: leaf?.loaderData?.status ?? 404 };
}
