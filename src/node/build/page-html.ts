// A prerendered page's HTML from the page template and React's output. Pure string work, shared by the
// build (src/node/build/prerender.ts) and the server bundle its workers run (src/entry-server.tsx).

/** React 19 emits hoistable head tags (title, meta, link) first; split them from the body. */
export function splitHead(html: string): { head: string; body: string } {
  const m = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/.exec(html);
  const head = m ? m[0] : '';
  return { head, body: html.slice(head.length) };
}

/**
 * The template with each marker replaced by its text, taken as it is: String.replace would read `$&`,
 * `$'` and the like in page content as patterns (a price such as US$<1,000 is ordinary copy).
 */
export function fillTemplate(template: string, parts: Record<string, string>): string {
  const at = Object.keys(parts).map((marker) => {
    const i = template.indexOf(marker);
    if (i < 0) throw new Error(`the page template has no ${marker}`);
    return [i, marker] as const;
  });
  let out = '';
  let from = 0;
  for (const [i, marker] of at.sort((a, b) => a[0] - b[0])) {
    out += template.slice(from, i) + parts[marker];
    from = i + marker.length;
  }
  return out + template.slice(from);
}

/** What the build adds to a route's rendered HTML: tags for its head (structured data), its #app-chunks block and its style sheets (under dist/, in the order they apply). */
export interface PageParts {
  head: string;
  chunks: string;
  styles: string[];
}

/**
 * The whole file of a route: the template, React's head tags and the route's own, its chunks, and the
 * body; its styles, of which `inline` gives those the page uses, in the head (page-css.ts). Its style
 * sheets are fetched by src/page/boot.js once the page is on screen (they are in #app-chunks), or,
 * without scripts, linked in a <noscript> at the end of the body, where they hold no paint.
 */
export function pageHtml(template: string, rendered: string, parts: PageParts, inline: (sheets: readonly string[], html: string) => string): string {
  const { head, body } = splitHead(rendered);
  const links = parts.styles.length ? `<noscript>${parts.styles.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`).join('')}</noscript>` : '';
  const page = fillTemplate(template, { '<!--app-head-->': head + parts.head, '<!--app-chunks-->': parts.chunks, '<!--app-html-->': body, '<!--page-styles-->': links });
  return fillTemplate(page, { '<!--page-css-->': `<style>${inline(parts.styles, page)}</style>` });
}
