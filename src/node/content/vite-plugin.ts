// Serves pages-data/ to the app: the site document as the module 'virtual:site' and as tags in
// index.html's head (bundledContent, the only content in the code), and every other file the app
// fetches by its path (page-data.ts: the pages' documents, the search index, the redirects), which the
// build writes as files and the dev server answers here. Invalid content fails the build. The dev
// server keeps serving what is valid (a problem in one document stops neither the other pages nor the
// studio's preview) and shows the problems in an overlay on the site's pages.
import { resolve } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import type { SiteDocument } from '../../../schemas/site.ts';
import { type Content, formatProblem, loadContent, type Problem } from './load.ts';
import { builtSite } from './resolve.ts';
import { dataFile } from './page-data.ts';
import { canonicalPath, routeOfDataPath, routeOfFile } from '../../../schemas/routes.ts';

/** Whether the document in `file` (pages-data/…) is the page at `route` (a partner page at its short address too). */
const servesAt = (file: string, route: string) => {
  const own = routeOfFile(file.replace(/^pages-data\//, ''));
  return file.startsWith('pages-data/') && (own === route || canonicalPath(own) === route);
};

const SITE_ID = 'virtual:site';
const SITE_HEAD = '<!--site-head-->';

/** The site's tags in index.html's head. */
function headTags(site: SiteDocument): string[] {
  const a = site.address;
  return [
    `<meta name="theme-color" content="${site.seo.themeColor}" />`,
    `<meta name="geo.region" content="${a.country}" />`,
    `<meta name="geo.placename" content="${a.city}" />`,
    `<meta name="geo.position" content="${site.map.latitude};${site.map.longitude}" />`,
    `<meta name="ICBM" content="${site.map.latitude}, ${site.map.longitude}" />`,
  ];
}

/**
 * What of the content this plugin puts into the code (the client and server bundles), by module id or
 * marker: the site document only. `npm run build` reuses the last build's bundles while this and the
 * code are the same (src/node/build/reuse.ts), so content put into the code any other way would be
 * missed there: it must come through here.
 */
export function bundledContent(content: Pick<Content, 'site'>): Record<string, string> {
  const site = builtSite(content.site);
  return {
    [SITE_ID]: `export default JSON.parse(${JSON.stringify(JSON.stringify(site))});`,
    [SITE_HEAD]: headTags(site).join('\n    '),
  };
}

/**
 * Sent to the dev server's pages when a document or picture changes, with the problems (as Vite's
 * error payload) if there are any: the site's pages reload, or show them in Vite's overlay; the
 * studio checks its page again, and its preview reloads.
 */
export const CONTENT_CHANGED = 'acacia:content-changed';

type Loaded = Promise<{ content?: Content; problems: Problem[] }>;
const SHARED = Symbol.for('acacia:loaded-content');

/**
 * The content `npm run build` has loaded and checked already, for its client and server builds
 * (src/node/build/vite-builds.ts), instead of reading and checking pages-data/ again.
 */
export function shareContent(loaded: Loaded): void {
  (globalThis as { [SHARED]?: Loaded })[SHARED] = loaded;
}

export function contentPlugin(root = process.cwd()): Plugin {
  let cache: Loaded | undefined;
  let serving = false;
  /** The dev server's last content with a valid site document: what it serves while the site document itself is broken. */
  let lastUsable: Content | undefined;
  const current = () =>
    (cache ??= (globalThis as { [SHARED]?: Loaded })[SHARED] ??
      loadContent(root, { partial: serving }).then((result) => {
        lastUsable = result.content ?? lastUsable;
        return result;
      }));

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
    const usable = content ?? (serving ? lastUsable : undefined);
    if (!usable) throw fail(problems);
    return usable;
  };
  /** The problems as Vite's error payload (its overlay names the first file and line), or null. */
  const payload = (problems: Problem[]) => {
    if (problems.length === 0) return null;
    const err = fail(problems) as Error & { id?: string; loc?: unknown };
    return { message: err.message, stack: '', id: err.id, loc: err.loc, plugin: 'content' };
  };

  return {
    name: 'acacia-content',
    enforce: 'pre',
    async buildStart() {
      cache = undefined;
      const { problems } = await current();
      if (problems.length > 0 && !serving) this.error(fail(problems).message);
    },
    resolveId(id) {
      return id === SITE_ID ? '\0' + id : undefined;
    },
    async load(id) {
      return id === '\0' + SITE_ID ? bundledContent(await content())[SITE_ID] : undefined;
    },
    async transformIndexHtml(html, ctx) {
      if (!html.includes(SITE_HEAD)) return html;
      const tags = [bundledContent(await content())[SITE_HEAD]!];
      // The site's pages in the dev server (not the studio's preview, which follows the studio): the
      // problems in Vite's overlay, now and as they change; a page reloads once the content is valid.
      if (ctx.server && !ctx.path.startsWith('/__studio')) {
        const now = JSON.stringify(payload((await current()).problems));
        tags.push(
          `<script type="module">import { createHotContext, ErrorOverlay } from '/@vite/client';
      const show = (err) => { document.querySelectorAll('vite-error-overlay').forEach((o) => o.remove()); if (err) document.body.appendChild(new ErrorOverlay(err)); };
      createHotContext('/@content').on('${CONTENT_CHANGED}', ({ err }) => (err ? show(err) : location.reload()));
      show(${now.replace(/</g, '\\u003c')});</script>`,
        );
      }
      return html.replace(SITE_HEAD, tags.join('\n    '));
    },
    configureServer(server: ViteDevServer) {
      serving = true;
      cache = undefined;
      // The files the build writes for the app to fetch by path (page documents), made on request. A
      // page whose document has a problem is served as it last read, or, never read, answers 503 with
      // its problems (the app says so in place of the page): not a 404, which would show "Page not
      // found" for a file that is there.
      const lastRead = new Map<string, string>();
      server.middlewares.use((req, res, next) => {
        const raw = (req.url ?? '').split('?')[0]!;
        if (!raw.startsWith('/_data/')) return next();
        Promise.all([content(), current()]).then(
          ([c, { problems }]) => {
            const path = decodeURIComponent(raw);
            const route = routeOfDataPath(path);
            let json = dataFile(c, path);
            if (json !== undefined && route) lastRead.set(route, json);
            const own = json === undefined && route ? problems.filter((p) => servesAt(p.file, route)) : [];
            if (own.length > 0) json = lastRead.get(route!);
            res.statusCode = json !== undefined ? 200 : own.length > 0 ? 503 : 404;
            res.setHeader('Content-Type', json !== undefined ? 'application/json' : 'text/plain; charset=utf-8');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(json ?? (own.length > 0 ? `${own[0]!.file} has ${own.length === 1 ? 'a problem' : `${own.length} problems`}:\n${own.map(formatProblem).join('\n')}` : 'no such file'));
          },
          next,
        );
      });
      const dataDir = resolve(root, 'pages-data');
      server.watcher.add(dataDir);
      const onChange = (file: string) => {
        if (!file.startsWith(dataDir) && !file.startsWith(resolve(root, 'public'))) return;
        // The studio's all-or-nothing writes stage temporary dot files first: the rename is the change.
        if (/\/\.[^/]*\.tmp$/.test(file)) return;
        // A load that fails (a folder that cannot be read) is told in the terminal; the server keeps running.
        reload().catch((err: Error) => {
          cache = undefined;
          server.config.logger.error(`Could not read pages-data/ after a change to ${file}: ${err.stack ?? err.message}`);
        });
      };
      const reload = async () => {
        cache = undefined;
        const { problems } = await current();
        if (problems.length > 0) server.config.logger.error(fail(problems).message);
        for (const mod of server.moduleGraph.idToModuleMap.values()) {
          if (mod.id?.startsWith('\0virtual:')) server.moduleGraph.invalidateModule(mod);
        }
        server.ws.send({ type: 'custom', event: CONTENT_CHANGED, data: { err: payload(problems) } });
      };
      server.watcher.on('change', onChange);
      server.watcher.on('add', onChange);
      server.watcher.on('unlink', onChange);
    },
  };
}

