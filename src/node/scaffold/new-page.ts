// npm run new-page -- /services/spectroscopy: writes a new page document at the path of its URL, with
// its $schema, meta, a hero and a closing call to action. Its TODO placeholders fail `npm run validate`
// (code `placeholder`) until the author writes the real text. Refuses a URL that answers already.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pageLink } from '../../../schemas/primitives.ts';
import { isPartnerPath, isRecordFile, routeOfFile } from '../../../schemas/routes.ts';
import { listFolder } from '../content/files.ts';
import { PLACEHOLDER } from '../content/document.ts';
import { fieldPath } from '../content/locate.ts';
import { contentFiles } from '../content/read.ts';

/** Why a URL cannot be a new page's (its form, or a partner page's), if it cannot. */
export function newPageUrlProblem(url: string): string | undefined {
  if (!pageLink.safeParse(url).success || url.includes('#') || url === '/') {
    return `${url}: a new page's URL is a path of lowercase words joined by hyphens, e.g. /services/spectroscopy`;
  }
  if (isPartnerPath(url)) return `${url}: a partner page starts from its record in pages-data/records/partners.json; copy another pages-data/partner/ page`;
  return undefined;
}

/**
 * The file under pages-data/ a new page at `url` goes in (beside its siblings, or as the index of a
 * folder of that name), or why none can: a URL that names an existing page's file another way
 * (/policies/index is the file of /policies), and a file or folder that exists already, in any case
 * (pages-data/ may sit on a disk that takes About.json and about.json for one file). Both
 * `npm run new-page` and the studio's New page and Move ask this. `url` has the form of a page's URL
 * (newPageUrlProblem), or of a template page's (/catalogue/[id]).
 */
export function newPageFile(root: string, url: string): { file: string } | { taken: string } {
  const dataDir = join(root, 'pages-data');
  const last = url.split('/').pop();
  if (last === 'index') {
    const page = url.slice(0, -'/index'.length) || '/';
    return { taken: `${url} names the file of the page ${page} (pages-data/${page === '/' ? '' : `${page.slice(1)}/`}index.json): a page's URL never ends in /index` };
  }
  const folder = join(dataDir, url.slice(1));
  const file = existsSync(folder) && statSync(folder).isDirectory() ? `${url.slice(1)}/index.json` : `${url.slice(1)}.json`;
  const listed = listFolder(dataDir).files;
  const existing = new Map<string, string>();
  for (const f of listed) {
    const parts = f.split('/');
    parts.forEach((_, i) => existing.set(parts.slice(0, i + 1).join('/').toLowerCase(), parts.slice(0, i + 1).join('/')));
  }
  const parts = file.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const path = parts.slice(0, i).join('/');
    const found = existing.get(path.toLowerCase());
    if (found === undefined || (found === path && i < parts.length)) continue;
    return { taken: found === path ? `pages-data/${file} exists already` : `pages-data/${found} exists, which a disk that ignores case takes for pages-data/${path}: name the page another way, or rename that ${i < parts.length ? 'folder' : 'file'} first` };
  }
  return { file };
}

export function newPage(root: string, url: string): string {
  const wrong = newPageUrlProblem(url);
  if (wrong) throw new Error(wrong);
  const files = contentFiles(root);
  const taken = files.find((f) => !isRecordFile(f) && (routeOfFile(f) === url || routeOfFile(f) === `/partner${url}`));
  if (taken) throw new Error(`${url} is a page already: pages-data/${taken}`);
  const at = newPageFile(root, url);
  if ('taken' in at) throw new Error(at.taken);
  const { file, text } = newPageDocument(root, url, at.file);
  const path = join(root, 'pages-data', file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text, { flag: 'wx' });
  return `pages-data/${file}`;
}

/**
 * The document a new page at `url` starts as, and its file: a hero and a closing call to action
 * whose TODO placeholders fail validate until replaced (the studio's New page writes the same).
 */
export function newPageDocument(root: string, url: string, file = `${url.slice(1)}.json`): { file: string; text: string } {
  const files = contentFiles(root);
  // Siblings under the same folder say how the site search groups the page and where its back link leads.
  const sibling = files
    .filter((f) => f !== file && dirname(f) === dirname(file) && !f.endsWith('index.json') && !isRecordFile(f))
    .map((f) => JSON.parse(readFileSync(join(root, 'pages-data', f), 'utf8')) as { meta?: { searchGroup?: string }; blocks?: { type?: string; back?: unknown }[] })[0];
  const back = sibling?.blocks?.[0]?.type === 'hero' ? sibling.blocks[0].back : undefined;

  const doc = {
    $schema: `${'../'.repeat(file.split('/').length)}schemas/page.schema.json`,
    meta: {
      title: `${PLACEHOLDER} the page title, e.g. "${words(url)}" (the site name is added after it)`,
      description: `${PLACEHOLDER} one or two sentences for search results and link previews, 50 to 160 characters.`,
      keywords: [`${PLACEHOLDER} a phrase buyers search for`],
      ...(sibling?.meta?.searchGroup ? { searchGroup: sibling.meta.searchGroup } : {}),
    },
    blocks: [
      {
        type: 'hero',
        title: `${PLACEHOLDER} the page heading`,
        lead: `${PLACEHOLDER} one or two sentences under the heading.`,
        ...(back ? { back } : {}),
        buttons: [{ label: 'Request a Quote', action: { kind: 'quote' } }],
      },
      {
        type: 'cta-banner',
        title: `${PLACEHOLDER} the closing call to action`,
        text: `${PLACEHOLDER} one or two sentences that invite the visitor to ask for a quote.`,
        buttons: [{ label: 'Request a Quote', action: { kind: 'quote' } }],
      },
    ],
  };
  return { file, text: JSON.stringify(doc, null, 2) + '\n' };
}

/**
 * Where the pages beside `url` (under the same parent: /services/x for /services/calibration) are
 * listed: each list of a document that links to three or more of them (a menu of site.json, the grid
 * of cards on the index page). A new page is built, in the sitemap and found by search, but a visitor
 * reaches it from a menu or a page only once such a list links to it too.
 */
export function siblingLists(root: string, url: string): { file: string; list: string }[] {
  const parent = url.slice(0, url.lastIndexOf('/'));
  const siblingOf = (to: unknown) => {
    const page = typeof to === 'string' ? to.split('#')[0]! : '';
    return page !== url && page.startsWith(`${parent}/`) && page.lastIndexOf('/') === parent.length && page.length > parent.length + 1 ? page : undefined;
  };
  const lists = new Map<string, { file: string; list: string; pages: Set<string> }>();
  const walk = (file: string, value: unknown, path: (string | number)[]) => {
    if (Array.isArray(value)) return value.forEach((v, i) => walk(file, v, [...path, i]));
    if (!value || typeof value !== 'object') return;
    for (const [key, v] of Object.entries(value)) {
      const page = key === 'to' ? siblingOf(v) : undefined;
      if (!page) {
        walk(file, v, [...path, key]);
        continue;
      }
      // The list the link is an item of: a menu, a grid of cards.
      const list = fieldPath(path.slice(0, path.findLastIndex((k) => typeof k === 'number')));
      const key2 = `${file} ${list}`;
      if (!lists.has(key2)) lists.set(key2, { file: `pages-data/${file}`, list, pages: new Set() });
      lists.get(key2)!.pages.add(page);
    }
  };
  for (const file of contentFiles(root)) {
    try {
      walk(file, JSON.parse(readFileSync(join(root, 'pages-data', file), 'utf8')), []);
    } catch {
      // A broken document has its own problem in validate.
    }
  }
  return [...lists.values()].filter((l) => l.pages.size >= 3).map(({ file, list }) => ({ file, list }));
}

/** What to do so that visitors find the new page: add it where the pages beside it are listed. */
export function linkAdvice(root: string, url: string): string {
  const lists = siblingLists(root, url);
  if (lists.length === 0) return `Nothing links to ${url} yet, so visitors find it only by search: link to it from a menu of pages-data/site.json (nav) or from a page.`;
  return [
    `Nothing links to ${url} yet, so visitors find it only by search. The pages beside it are listed in:`,
    ...lists.map((l) => `  ${l.file}  ${l.list}`),
    `Add a link to ${url} where it belongs among them.`,
  ].join('\n');
}

const words = (url: string) => url.split('/').pop()!.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.argv[2];
  if (!url) {
    console.error('usage: npm run new-page -- /services/spectroscopy');
    process.exit(2);
  }
  try {
    const file = newPage(process.cwd(), url);
    console.log(`wrote ${file}: the page ${url}.\nReplace its ${PLACEHOLDER} placeholders (npm run validate lists each at its line), add blocks between the hero and the call to action, then npm run dev to see it.`);
    console.log(linkAdvice(process.cwd(), url));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
