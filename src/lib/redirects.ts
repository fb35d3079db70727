// Where a redirect of pages-data/redirects.json sends an address: the one rule `npm run serve`, the
// host files, the app's router and the studio follow. No zod and no node: the browser imports it.
import { isPattern, PATTERN_SEGMENT, SLUG } from '../../schemas/routes.ts';

/** Where the build writes the rules for the app (fetched only when no page answers a path: src/page/redirects.ts). */
export const redirectsFilePath = '/_data/redirects.json';

export interface RedirectRule {
  from: string;
  to: string;
}

const ID = new RegExp(`^${SLUG}$`);

/**
 * The segment a pattern's [id] stands for, if `path` is one segment under its prefix and that segment
 * is an id (lowercase words joined by hyphens): anything else (a space, a line break, a quote, a
 * capital) gets no redirect, so no server puts it into a Location header.
 */
function idUnder(pattern: string, path: string): string | undefined {
  const prefix = pattern.slice(0, -PATTERN_SEGMENT.length);
  const rest = path.startsWith(prefix) ? path.slice(prefix.length) : '';
  return ID.test(rest) ? rest : undefined;
}

/**
 * Where `path` (decoded, without its query) goes: an exact `from` first, then a pattern, whose [id]
 * carries over (/products/[id] -> /catalogue/[id] sends /products/x to /catalogue/x). A trailing
 * slash is no part of the address.
 */
export function redirectTarget(rules: readonly RedirectRule[], path: string): string | undefined {
  const at = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const exact = rules.find((r) => r.from === at);
  if (exact) return exact.to;
  for (const r of rules) {
    const id = isPattern(r.from) ? idUnder(r.from, at) : undefined;
    if (id !== undefined) return isPattern(r.to) ? r.to.slice(0, -PATTERN_SEGMENT.length) + id : r.to;
  }
  return undefined;
}
