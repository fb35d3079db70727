import { createMemoryHistory } from '@tanstack/react-router';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { pageDataPath } from '../schemas/routes';
import { App } from './App';
import { drawElsewhere, placeholder } from './page/layout-part';
import { setPageSource } from './page/load';
import type { ResolvedPage } from './page/types';
import { createAppRouter } from './router';

/** The prerenderer's workers make each page's file with it. */
export { pageHtml } from './node/build/page-html';

type Rendered = { html: string; status: number };

/**
 * Renders one route to HTML for the prerenderer (src/node/build/prerender.ts), its page documents read
 * from the files the build wrote into `dist` for the browser to fetch: the page is rendered from
 * exactly what the browser will hydrate it with.
 */
export async function render(url: string, dist: string): Promise<Rendered> {
  // Read synchronously: a worker renders one page at a time, and an asynchronous read left it idle for
  // a round trip through the thread pool on every page.
  setPageSource(async (route) => {
    try {
      return JSON.parse(readFileSync(join(dist, pageDataPath(route)), 'utf8')) as ResolvedPage;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  });
  const copy = layout.copyFor(url);
  if (copy?.checked) return renderOnce(url, copy);
  const full = await renderOnce(url);
  if (copy) copy.checked = (await renderOnce(url, copy)).html === full.html;
  else layout.drawn(url, full.html);
  return full;
}

async function renderOnce(url: string, copy?: Copy): Promise<Rendered> {
  drawElsewhere(copy ? new Set(Object.keys(copy.parts)) : new Set());
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  let html = renderToString(<App router={router} />);
  if (copy) html = copy.hints + Object.entries(copy.parts).reduce((h, [name, part]) => h.replace(placeholder(name), part), html);
  const leaf = router.state.matches[router.state.matches.length - 1];
  return { html, status: leaf?.loaderData?.status ?? 404 };
}

/**
 * The header and footer (src/page/layout-part.tsx) as drawn for the first page with a given set of
 * their links active (the one thing about them that depends on the page), with the preload hints React
 * puts in the head for their pictures. A copy is used once a second such page has rendered the same
 * with it as in full; where it did not, every such page is drawn in full.
 */
interface Copy {
  parts: Record<string, string>;
  hints: string;
  checked: boolean;
}

const layout = (() => {
  let links: string[] | undefined;
  const copies = new Map<string, Copy>();
  const active = (url: string) => links!.filter((href) => href === '/' || url === href || url.startsWith(`${href}/`)).join(' ');
  const slice = (html: string, from: number, close: string) => html.slice(from, html.indexOf(close, from) + close.length);
  return {
    copyFor: (url: string) => (links ? copies.get(active(url)) : undefined),
    drawn(url: string, html: string) {
      const parts = { header: slice(html, html.indexOf('<header'), '</header>'), footer: slice(html, html.lastIndexOf('<footer'), '</footer>') };
      const pictures = new Set([...parts.header.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]));
      const hints = [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"[^>]*\/>/g)].filter((m) => pictures.has(m[1])).map((m) => m[0]).join('');
      links ??= [...new Set([...`${parts.header}${parts.footer}`.matchAll(/href="(\/[^"#?]*)/g)].map((m) => m[1]!))];
      if (!copies.has(active(url))) copies.set(active(url), { parts, hints, checked: false });
    },
  };
})();
