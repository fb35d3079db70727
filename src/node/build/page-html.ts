// A prerendered page's HTML from the page template and React's output. Pure string work, shared by the
// build (src/node/build/render.ts) and the server bundle its workers run (src/entry-server.tsx).

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

/** What the build adds to a route's rendered HTML: tags for its head (styles, structured data) and its #app-chunks block. */
export interface PageParts {
  head: string;
  chunks: string;
}

/** The whole file of a route: the template, React's head tags and the route's own, its chunks, and the body. */
export function pageHtml(template: string, rendered: string, parts: PageParts): string {
  const { head, body } = splitHead(rendered);
  return fillTemplate(template, { '<!--app-head-->': head + parts.head, '<!--app-chunks-->': parts.chunks, '<!--app-html-->': body });
}
