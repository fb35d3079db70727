import { createRootRoute, createRoute, createRouter, type ErrorComponentProps, isRedirect, redirect, type RouterHistory, useRouterState } from '@tanstack/react-router';
import { Layout } from './layout/Layout';
import { hasPage, loadPage } from './page/load';
import { saveData } from './ui/on-demand';
import { noteHistoryStep, PageView } from './page/PageView';

/** /contact.html -> /contact (query and hash kept) when the clean path is a page of the site. */
export async function htmlRedirectTarget(pathname: string): Promise<string | undefined> {
  if (!pathname.endsWith('.html')) return undefined;
  const clean = pathname.replace(/(\/index)?\.html$/, '') || '/';
  return (await hasPage(clean)) ? clean : undefined;
}

const rootRoute = createRootRoute({
  component: Layout,
  beforeLoad: async ({ location }) => {
    const target = await htmlRedirectTarget(location.pathname);
    if (target) throw redirect({ href: `${target}${location.searchStr}${location.hash ? `#${location.hash}` : ''}`, replace: true, statusCode: 301 });
  },
  notFoundComponent: () => null,
});

/** The build whose code runs here, named by the page's boot script (src/node/build/prerender.ts); none in the dev server. */
const runningBuild = () => document.querySelector<HTMLElement>('script[data-build]')?.dataset.build;
/** Whether the page the browser loaded has been shown: the loader runs again only for navigations inside the app. */
let firstPageShown = false;

/** A page the browser is to load afresh (loader), as a preload tells a navigation that takes its answer. */
const AFRESH = { afresh: true } as const;

/**
 * Every page comes from pages-data/ (its document fetched by its path: src/page/load.ts); the router only
 * tells the home page from the rest. Where no page answers, loadPage says what happens (noPageAt).
 *
 * On a navigation inside the app (not the page the browser has just loaded, which is shown as it came,
 * whatever its build), the browser loads the page afresh from the server, where it is prerendered with
 * its own code, rather than this code drawing it, when:
 * - its document names another build than the one running: a deploy came since this tab loaded its code,
 *   which may no longer draw the new document, and whose files the server may no longer have;
 * - its document or its blocks' code could not be fetched: a bad network, or this build's chunk gone from
 *   the server after a deploy (a browser does not fetch a failed module again: only a full load helps).
 * The page stays on screen meanwhile. A preload only says so (AFRESH): a navigation started while it runs
 * takes its answer (the router shares a loader in flight), and the router then loads the page afresh
 * (createAppRouter); a preload that has finished is run again when its link is followed. The page loaded
 * afresh is not checked again, so this never loops (a page the service worker kept from the old build,
 * say, is shown as it is).
 */
async function loader({ location, preload }: { location: { href: string; pathname: string; searchStr: string; hash: string }; preload: boolean }) {
  const loading = loadPage(location.pathname, `${location.searchStr}${location.hash ? `#${location.hash}` : ''}`);
  if (!firstPageShown) return loading;
  try {
    const loaded = await loading;
    const running = runningBuild();
    if (!running || !loaded.page.build || loaded.page.build === running) return loaded;
  } catch (err) {
    if (isRedirect(err)) throw err;
  }
  if (preload) return AFRESH;
  window.location.assign(location.href);
  return new Promise<never>(() => {});
}

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', loader, component: HomePage });
const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', loader, component: Page });

function HomePage() {
  const loaded = homeRoute.useLoaderData();
  return 'afresh' in loaded ? null : <PageView loaded={loaded} />;
}

function Page() {
  const loaded = pageRoute.useLoaderData();
  return 'afresh' in loaded ? null : <PageView key={loaded.page.route} loaded={loaded} />;
}

const routeTree = rootRoute.addChildren([homeRoute, pageRoute]);

/** The browser's router (given the browser's history, made in a task of its own by entry-client.tsx), or with a memory history the prerenderer's. */
export function createAppRouter(history: RouterHistory, { browser = false } = {}) {
  const router = createRouter({
    routeTree,
    history,
    // On the server TanStack would inline a scroll script: blocked by our CSP and absent from the
    // client tree (a hydration mismatch). The browser restores scroll on its own.
    scrollRestoration: browser,
    // A link's page is fetched when a pointer rests on it or a finger goes down on it, unless the
    // browser asks to save data: then only when it is followed.
    defaultPreload: browser && saveData() ? false : 'intent',
    // The loader runs again when the link is followed, to check the page's build (loader above): what it
    // preloaded is kept by src/page/load.ts, so it answers at once.
    defaultPreloadStaleTime: 0,
    defaultStaleReloadMode: 'blocking',
    defaultPendingMinMs: 0,
    defaultErrorComponent: PageNotShown,
  });
  if (browser) {
    router.history.subscribe(({ action }) => noteHistoryStep(action.type));
    // The page the browser loaded is shown (or left as the server sent it, when its code could not be fetched: entry-client.tsx).
    const unsubscribe = router.subscribe('onResolved', () => {
      firstPageShown = true;
      unsubscribe();
    });
    // A navigation that took a preload's answer: the page is to be loaded afresh (loader).
    router.subscribe('onLoad', () => {
      if (router.state.matches.some((m) => m.loaderData === AFRESH)) window.location.assign(router.state.location.href);
    });
  }
  return router;
}

/** In place of a page that could not be shown: until the browser has loaded it from the server, or for good. */
function PageNotShown({ error }: ErrorComponentProps) {
  const href = useRouterState({ select: (s) => s.location.href });
  return (
    <p className="page-not-shown">
      This page could not be shown. <a href={href}>Load it again</a>
      {/* In the dev server, why: a document's problems (file, line, field) say which file to fix. */}
      {import.meta.env.DEV && <code style={{ display: 'block', whiteSpace: 'pre-wrap' }}>{error instanceof Error ? error.message : String(error)}</code>}
    </p>
  );
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
