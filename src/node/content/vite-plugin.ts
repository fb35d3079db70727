// Serves pages-data/ to the app as validated, typed modules: 'virtual:site', 'virtual:pages' (the
// route -> lazy document map, and each route's block types), one 'virtual:page/...' chunk per page, so a page's JSON is only
// fetched when that page is visited, 'virtual:search-index', fetched only when search opens, and
// 'virtual:redirects', fetched only when no page answers a path (src/page/redirects.ts).
// Invalid content fails the build and shows the dev overlay.
import { resolve } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { routeOfFile } from '../../../schemas/routes.ts';
import { builtSite, type Content, formatProblem, loadContent, type Problem, resolvePage } from './load.ts';
import { buildSearchIndex } from '../build/search-index.ts';

const SITE_ID = 'virtual:site';
const PAGES_ID = 'virtual:pages';
const PAGE_PREFIX = 'virtual:page/';
const SEARCH_ID = 'virtual:search-index';
const REDIRECTS_ID = 'virtual:redirects';
const SITE_HEAD = '<!--site-head-->';
/** Sent to the dev server's pages when a document changes: the site's pages reload; the studio, holding unsaved edits, does not listen. */
const CONTENT_CHANGED = 'acacia:content-changed';

/** The module of one page document (its chunk in the build): pages-data/services/x.json is virtual:page/services/x. */
export const pageModule = (file: string) => PAGE_PREFIX + file.replace(/\.json$/, '');

export function contentPlugin(): Plugin {
  const root = process.cwd();
  let cache: Promise<{ content?: Content; problems: Problem[] }> | undefined;
  const current = () => (cache ??= loadContent(root));

  const fail = (problems: Problem[]): Error => {
    const first = problems[0]!;
    const err = new Error(`Invalid content in pages-data/ (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map(formatProblem).join('\n')}`) as Error & {
      id?: string; loc?: { file: string; line: number; column: number }; plugin?: string;
    };
    err.id = resolve(root, first.file);
    err.loc = { file: resolve(root, first.file), line: first.line, column: first.column };
    err.plugin = 'content';
    return err;
  };
  const content = async (): Promise<Content> => {
    const { content, problems } = await current();
    if (!content) throw fail(problems);
    return content;
  };

  return {
    name: 'acacia-content',
    enforce: 'pre',
    async buildStart() {
      cache = undefined;
      const { problems } = await current();
      if (problems.length > 0) this.error(fail(problems).message);
    },
    resolveId(id) {
      if (id === SITE_ID || id === PAGES_ID || id === SEARCH_ID || id === REDIRECTS_ID || id.startsWith(PAGE_PREFIX)) return '\0' + id;
      return undefined;
    },
    async load(id) {
      if (!id.startsWith('\0virtual:')) return undefined;
      const c = await content();
      const key = id.slice(1);
      if (key === SITE_ID) {
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(builtSite(c.site)))});`;
      }
      if (key === PAGES_ID) {
        const routes = [...c.routes];
        const loaders = routes.map(([url, page]) => `  ${JSON.stringify(url)}: () => import(${JSON.stringify(pageModule(page.file))}),`);
        const types = routes.map(([url, page]) => `  ${JSON.stringify(url)}: ${JSON.stringify([...new Set(page.doc.blocks.map((b) => b.type))])},`);
        return `export const pageLoaders = {\n${loaders.join('\n')}\n};\nexport const pageBlockTypes = {\n${types.join('\n')}\n};\n`;
      }
      if (key === REDIRECTS_ID) {
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(c.redirects.map(({ from, to }) => ({ from, to }))))});`;
      }
      if (key === SEARCH_ID) {
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(buildSearchIndex(c)))});`;
      }
      if (key.startsWith(PAGE_PREFIX)) {
        const file = key.slice(PAGE_PREFIX.length) + '.json';
        const page = c.pages.get(routeOfFile(file));
        if (page?.file !== file) throw new Error(`no page document pages-data/${file}`);
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(resolvePage(c, page)))});`;
      }
      return undefined;
    },
    async transformIndexHtml(html, ctx) {
      if (!html.includes(SITE_HEAD)) return html;
      const { site } = await content();
      const a = site.address;
      const tags = [
        `<meta name="theme-color" content="${site.seo.themeColor}" />`,
        `<meta name="geo.region" content="${a.country}" />`,
        `<meta name="geo.placename" content="${a.city}" />`,
        `<meta name="geo.position" content="${site.map.latitude};${site.map.longitude}" />`,
        `<meta name="ICBM" content="${site.map.latitude}, ${site.map.longitude}" />`,
      ];
      if (ctx.server) {
        tags.push(`<script type="module">import { createHotContext } from '/@vite/client'; createHotContext('/@content').on('${CONTENT_CHANGED}', () => location.reload());</script>`);
      }
      return html.replace(SITE_HEAD, tags.join('\n    '));
    },
    configureServer(server: ViteDevServer) {
      const dataDir = resolve(root, 'pages-data');
      server.watcher.add(dataDir);
      const onChange = async (file: string) => {
        if (!file.startsWith(dataDir) && !file.startsWith(resolve(root, 'public'))) return;
        cache = undefined;
        const { problems } = await current();
        if (problems.length > 0) {
          const err = fail(problems);
          server.config.logger.error(err.message);
          server.ws.send({ type: 'error', err: { message: err.message, stack: '', id: (err as { id?: string }).id, loc: (err as { loc?: never }).loc, plugin: 'content' } });
          return;
        }
        for (const mod of server.moduleGraph.idToModuleMap.values()) {
          if (mod.id?.startsWith('\0virtual:')) server.moduleGraph.invalidateModule(mod);
        }
        server.ws.send({ type: 'custom', event: CONTENT_CHANGED });
      };
      server.watcher.on('change', onChange);
      server.watcher.on('add', onChange);
      server.watcher.on('unlink', onChange);
    },
  };
}

