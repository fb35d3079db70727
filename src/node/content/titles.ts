// Stage 7 of loading the content: each page's title as its head writes it, within what search
// results show.
import { canonicalPath, isTemplateFile, RECORD_FILES } from '../../../schemas/routes.ts';
import type { SiteDocument } from '../../../schemas/site.ts';
import { headData } from '../../lib/head.ts';
import { entryFile } from './catalogue.ts';
import { PLACEHOLDER } from './document.ts';
import type { Path } from './locate.ts';
import type { Draft, Page } from './pages.ts';
import type { Run } from './read.ts';

/** Characters of a page title search results show. */
const MAX_TITLE = 70;

/**
 * Stage 7, the titles as the page's head writes them, with the site's suffix; the home page's is the
 * site's default title. A placeholder title has its own problem. A page a template makes is shown at
 * the record's file (its name makes the title).
 */
export function checkTitles(run: Run, site: SiteDocument, drafts: readonly Draft[], routes: ReadonlyMap<string, Page>) {
  const titles = [
    ...drafts.filter((d) => !isTemplateFile(d.file)).map((d) => ({ route: d.route, title: d.title, at: { file: d.file, path: ['meta', 'title'] as Path } })),
    ...[...routes.values()].filter((p) => p.entry).map((p) => ({ route: p.route, title: p.doc.meta.title, at: entryFile(p) })),
  ];
  for (const { route, title: own, at } of titles) {
    if (own === undefined) continue;
    const canonical = canonicalPath(route);
    const { title } = headData(site, { title: own, description: '', keywords: [] }, canonical);
    const length = [...title].length;
    if (length <= MAX_TITLE || title.includes(PLACEHOLDER)) continue;
    const [src, path] = canonical === '/' ? [run.sources.get(RECORD_FILES.site)!, ['seo', 'defaultTitle']] : [run.sources.get(at.file)!, at.path];
    run.report(src, path, 'long-title', { title, length, maximum: MAX_TITLE });
  }
}
