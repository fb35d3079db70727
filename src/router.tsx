import { createRootRoute, createRoute, createRouter, type ErrorComponentProps, redirect, type RouterHistory, useRouterState } from '@tanstack/react-router';
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

// Every page comes from pages-data/ (its document fetched by its path: src/page/load.ts); the router only
// tells the home page from the rest. Where no page answers, loadPage says what happens (noPageAt).
const loader = ({ location }: { location: { pathname: string; searchStr: string; hash: string } }) =>
  loadPage(location.pathname, `${location.searchStr}${location.hash ? `#${location.hash}` : ''}`);

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', loader, component: HomePage });
const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', loader, component: Page });

function HomePage() {
  return <PageView loaded={homeRoute.useLoaderData()} />;
}

function Page() {
  const loaded = pageRoute.useLoaderData();
  return <PageView key={loaded.page.route} loaded={loaded} />;
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
    defaultPendingMinMs: 0,
    defaultErrorComponent: PageNotShown,
  });
  if (browser) {
    router.history.subscribe(({ action }) => noteHistoryStep(action.type));
    // A page whose code could not be fetched on a navigation inside the app (a bad network) is
    // still on the server, prerendered: the browser loads it from there. Not on the first load, the
    // page the browser has just loaded (entry-client.tsx leaves that as the server sent it).
    let started = false;
    router.subscribe('onResolved', () => {
      if (started && router.state.matches.some((m) => m.status === 'error')) window.location.assign(router.state.location.href);
      started = true;
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
