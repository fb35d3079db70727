import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { App } from './App';
import { createAppRouter } from './router';

/** Renders one route to HTML for the prerenderer (src/node/build/prerender.ts). */
export async function render(url: string): Promise<{ html: string; status: number }> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  const html = renderToString(<App router={router} />);
  const leaf = router.state.matches[router.state.matches.length - 1];
  return { html, status: leaf?.loaderData?.status ?? 404 };
}
