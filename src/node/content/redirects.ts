// Stage 9 of loading the content: the redirects document (D17), its schema and its own rules.
import { join } from 'node:path';
import { redirectsDocument, type Redirect } from '../../../schemas/redirects.ts';
import { htmlAddressOf, isBuildFile, isPattern, isTemplateFile, NOT_FOUND_ROUTE, PATTERN_SEGMENT, REDIRECTS_FILE } from '../../../schemas/routes.ts';
import { redirectTarget } from '../../lib/redirects.ts';
import { checkDocument } from './document.ts';
import { fieldPath, type SourceFile } from './locate.ts';
import type { Page } from './pages.ts';
import { isFile, type Report, type Run } from './read.ts';
import type { Claims } from './routes.ts';
import { nearest } from './suggest.ts';

/** Stage 9, the redirects document: its schema, then its own rules (checkRedirects). Undefined when it fails its schema. */
export function checkRedirectsDocument(run: Run, pages: ReadonlyMap<string, Page>, claims: Claims): Redirect[] | undefined {
  const redirects = run.sources.has(REDIRECTS_FILE) ? checkDocument(run, REDIRECTS_FILE, redirectsDocument)?.redirects : [];
  // A redirect leads to a page, or (a pattern) to a template page, which stands for every address under its prefix.
  const targets = new Set([...claims.keys(), ...[...pages.values()].filter((p) => isTemplateFile(p.file)).map((p) => p.route)]);
  if (run.parsed.has(REDIRECTS_FILE)) checkRedirects(run.root, run.sources.get(REDIRECTS_FILE)!, run.parsed.get(REDIRECTS_FILE), claims, targets, run.failedAt.get(REDIRECTS_FILE), run.report);
  return redirects;
}

/**
 * The redirects document's own rules, on whatever of it reads (D17): a redirect leaves from an address
 * nothing serves (no page, no file under public/, no file the build writes, not a page's old .html
 * address, which leads to the page), leads to a page other than the not-found page in one step, and
 * each address has one.
 */
function checkRedirects(
  root: string,
  src: SourceFile,
  data: unknown,
  claims: ReadonlyMap<string, SourceFile>,
  targets: ReadonlySet<string>,
  refused: ReadonlySet<string> | undefined,
  report: Report,
) {
  const list = (data as { redirects?: unknown } | null)?.redirects;
  const rules = (Array.isArray(list) ? list : []).map((r: unknown, i) => {
    const { from, to } = (r && typeof r === 'object' ? r : {}) as { from?: unknown; to?: unknown };
    const ok = (key: string, v: unknown): v is string => typeof v === 'string' && !refused?.has(fieldPath(['redirects', i, key]));
    return { i, from: ok('from', from) ? from : undefined, to: ok('to', to) ? to : undefined };
  });
  const urls = [...claims.keys()];
  const seen = new Set<string>();
  for (const { i, from, to } of rules) {
    if (from !== undefined) {
      const served = claims.has(from) ? from : isPattern(from) ? urls.find((u) => redirectTarget([{ from, to: from }], u) !== undefined) : undefined;
      const html = htmlAddressOf(from);
      if (served !== undefined) report(src, ['redirects', i, 'from'], 'redirect-from-page', { from, by: claims.get(served)!.display });
      else if (!isPattern(from) && isFile(join(root, 'public', from))) report(src, ['redirects', i, 'from'], 'redirect-from-page', { from, by: `the file public${from}` });
      else if (isBuildFile(isPattern(from) ? from.slice(0, -`/${PATTERN_SEGMENT}`.length) : from)) report(src, ['redirects', i, 'from'], 'redirect-from-build-file', { from });
      else if (html !== undefined && claims.has(html)) report(src, ['redirects', i, 'from'], 'redirect-from-html-address', { from, page: html });
      if (seen.has(from)) report(src, ['redirects', i, 'from'], 'duplicate-redirect', { from });
      seen.add(from);
    }
    if (to === NOT_FOUND_ROUTE) report(src, ['redirects', i, 'to'], 'redirect-to-not-found', { to });
    if (to === undefined || targets.has(to)) continue;
    const next = rules.find((r) => r.from === to && r.to !== undefined);
    if (next) report(src, ['redirects', i, 'to'], 'redirect-chain', { to, next: next.to! });
    else report(src, ['redirects', i, 'to'], 'redirect-to-nowhere', { to, guess: nearest(to, urls) });
  }
}
