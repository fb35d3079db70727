import { createMemoryHistory } from '@tanstack/react-router';
import { createHash } from 'node:crypto';
import { renderToString } from 'react-dom/server';
import { NOT_FOUND_ROUTE } from '../schemas/routes';
import { App } from './App';
import { blockPart, drawElsewhere, placeholder } from './page/layout-part';
import { routeKey, setPageSource } from './page/load';
import type { ResolvedPage } from './page/types';
import { createAppRouter } from './router';

/** The prerenderer's workers make each page's file with it. */
export { pageHtml } from './node/build/page-html';

/** A page's HTML and status, and how many of its blocks were copied from other pages rather than drawn. */
type Rendered = { html: string; status: number; copied?: number };

/**
 * Renders one route to HTML for the prerenderer (src/node/build/render.ts) from its page document,
 * exactly what the browser will hydrate it with (the not-found page's for /404): the only document a
 * page's render reads. Parts of the page met before are copied (see below); with `copies: false`
 * every part is drawn.
 */
export async function render(url: string, page: ResolvedPage, { copies = true } = {}): Promise<Rendered> {
  const route = routeKey(url);
  setPageSource(async (asked) => {
    if (asked !== route) throw new Error(`prerender ${url}: the page asked for the document of ${asked}, and has only its own`);
    return page;
  });
  if (!copies) return renderOnce(url);
  const copy = layout.copyFor(url);
  const blocks = blockCopies.plan(url, route === NOT_FOUND_ROUTE ? undefined : page);
  const parts = { ...(copy?.checked ? copy.parts : {}), ...blocks.use };
  const hints = copy?.checked ? copy.hints : '';
  if (copy?.checked && !blocks.check) return { ...(await renderOnce(url, parts, hints)), copied: Object.keys(blocks.use).length };
  const full = await renderOnce(url);
  if (!copy) layout.drawn(url, full.html);
  else if (!copy.checked) copy.checked = (await renderOnce(url, copy.parts, copy.hints)).html === full.html;
  if (blocks.check) blocks.check(full.html, (await renderOnce(url, { ...parts, ...blocks.checked }, hints, blocks.capture)).html);
  return full;
}

/**
 * The route drawn with the given parts' HTML (by name) in place of drawing them, and their preload
 * hints put first; a part named in `leave` keeps its placeholder.
 */
async function renderOnce(url: string, parts: Record<string, string> = {}, hints = '', leave?: string): Promise<Rendered> {
  drawElsewhere(new Set([...Object.keys(parts), ...(leave ? [leave] : [])]));
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  let html = renderToString(<App router={router} />);
  if (Object.keys(parts).length) html = hints + Object.entries(parts).reduce((h, [name, part]) => h.replace(placeholder(name), () => part), html);
  const leaf = router.state.matches[router.state.matches.length - 1];
  const loaded = leaf?.loaderData;
  return { html, status: loaded && 'status' in loaded ? loaded.status : 404 };
}

/** The links in some HTML that lead into the site, and which of them are active on a page (as TanStack Router marks them: src/ui/actions.tsx CURRENT). */
const linksIn = (html: string) => [...new Set([...html.matchAll(/href="(\/[^"#?]*)/g)].map((m) => m[1]!))];
const activeAt = (links: readonly string[], url: string) => links.filter((href) => url === href).join(' ');

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
  const slice = (html: string, from: number, close: string) => html.slice(from, html.indexOf(close, from) + close.length);
  return {
    copyFor: (url: string) => (links ? copies.get(activeAt(links, url)) : undefined),
    drawn(url: string, html: string) {
      const parts = { header: slice(html, html.indexOf('<header'), '</header>'), footer: slice(html, html.lastIndexOf('<footer'), '</footer>') };
      const pictures = new Set([...parts.header.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]));
      const hints = [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"[^>]*\/>/g)].filter((m) => pictures.has(m[1])).map((m) => m[0]).join('');
      links ??= linksIn(`${parts.header}${parts.footer}`);
      if (!copies.has(activeAt(links, url))) copies.set(activeAt(links, url), { parts, hints, checked: false });
    },
  };
})();

/**
 * A block drawn the same on many pages: the same block at the same place on the page with the same
 * content and pictures drawn the same way (a product page's "more from the brand" shows the same few
 * cards on most of the brand's pages). Met a second time, it is cut out of the page drawn in full (the page drawn without it must
 * match all around it); met a third, the page with the copy put in is checked against the page drawn
 * in full; from then on the copy is used. A block that fails either is always drawn, and so is a copy
 * on a page where its links would be active otherwise.
 */
const blockCopies = (() => {
  const seen = new Map<string, number>();
  const copies = new Map<string, { html: string; links: string[]; active: string; checked: boolean } | null>();
  return {
    /** The copies to put in a page (use), those to check on it and the block to copy from it, with what checks and copies them. */
    plan(url: string, page: ResolvedPage | undefined) {
      const use: Record<string, string> = {};
      const checked: Record<string, string> = {};
      const checking: string[] = [];
      let capture: { name: string; key: string } | undefined;
      page?.blocks.forEach((block, i) => {
        // What a block draws depends on its data, and on how the page draws the pictures it names (the
        // page's first picture is fetched first, wherever it is shown) and which of its links are active.
        const json = JSON.stringify(block);
        const pictures = Object.entries(page.pictures).filter(([src]) => json.includes(JSON.stringify(src)));
        const key = `${i} ${createHash('sha1').update(json).update(JSON.stringify(pictures)).digest('base64')}`;
        const times = (seen.get(key) ?? 0) + 1;
        seen.set(key, times);
        const copy = copies.get(key);
        if (copy === null || times < 2) return;
        if (!copy) capture ??= { name: blockPart(i), key };
        else if (copy.active !== activeAt(copy.links, url)) return;
        else if (copy.checked) use[blockPart(i)] = copy.html;
        else {
          checked[blockPart(i)] = copy.html;
          checking.push(key);
        }
      });
      if (!capture && checking.length === 0) return { use };
      const { name, key } = capture ?? {};
      /** `full` is the page drawn in full; `drawn` the page with the copies in use and under check put in, and the captured block's placeholder. */
      const check = (full: string, drawn: string) => {
        const [before, after] = name ? drawn.split(placeholder(name)) : [drawn, ''];
        // A block that drew otherwise beside the others, or put a picture's preload hint in the head, fails this.
        const same = name ? full.length >= before!.length + after!.length && full.startsWith(before!) && full.endsWith(after!) : full === drawn;
        for (const k of checking) copies.set(k, same ? { ...copies.get(k)!, checked: true } : null);
        if (!key) return;
        const html = full.slice(before!.length, full.length - after!.length);
        copies.set(key, same ? { html, links: linksIn(html), active: activeAt(linksIn(html), url), checked: false } : null);
      };
      return { use, checked, capture: name, check };
    },
  };
})();
