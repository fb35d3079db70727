// Serves pages-data/ to the app as validated, typed modules: 'virtual:site' and 'virtual:search-index'
// (fetched only when search opens). A page's document is no module: the build writes it as a file at
// a path made from its route (page-data.ts), which the dev server answers here too, so the app's code
// does not grow with the number of pages. Invalid content fails the build and shows the dev overlay.
import { resolve } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { builtSite, type Content, formatProblem, loadContent, type Problem } from './load.ts';
import { buildSearchIndex } from '../build/search-index.ts';
import { dataFile } from './page-data.ts';

const SITE_ID = 'virtual:site';
const SEARCH_ID = 'virtual:search-index';
const SITE_HEAD = '<!--site-head-->';
/** Sent to the dev server's pages when a document changes: the site's pages reload; the studio, holding unsaved edits, does not listen. */
const CONTENT_CHANGED = 'acacia:content-changed';

type Loaded = Promise<{ content?: Content; problems: Problem[] }>;
const SHARED = Symbol.for('acacia:loaded-content');

/**
 * The content `npm run build` has loaded already: its client and server builds and its prerender use
 * this one load, instead of each reading and checking pages-data/ again.
 */
export function shareContent(loaded: Loaded): void {
  (globalThis as { [SHARED]?: Loaded })[SHARED] = loaded;
}

export function contentPlugin(): Plugin {
  const root = process.cwd();
  let cache: Loaded | undefined;
  const current = () => (cache ??= (globalThis as { [SHARED]?: Loaded })[SHARED] ?? loadContent(root));

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
      if (id === SITE_ID || id === SEARCH_ID) return '\0' + id;
      return undefined;
    },
    async load(id) {
      if (!id.startsWith('\0virtual:')) return undefined;
      const c = await content();
      const key = id.slice(1);
      if (key === SITE_ID) {
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(builtSite(c.site)))});`;
      }
      if (key === SEARCH_ID) {
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(buildSearchIndex(c)))});`;
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
      // The files the build writes for the app to fetch by path (page documents), made on request.
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]!;
        if (!path.startsWith('/_data/')) return next();
        content().then(
          (c) => {
            const json = dataFile(c, decodeURIComponent(path));
            res.statusCode = json === undefined ? 404 : 200;
            res.setHeader('Content-Type', 'application/json');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(json ?? '{"error":"no such file"}');
          },
          next,
        );
      });
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

