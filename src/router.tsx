import { createRootRoute, createRoute, createRouter, redirect, type RouterHistory, useRouterState } from '@tanstack/react-router';
import { isPartnerPath, NOT_FOUND_ROUTE } from '../schemas/routes';
import { Layout } from './layout/Layout';
import { hasPage, loadPage, routeKey } from './page/load';
import { noteHistoryStep, PageView } from './page/PageView';
import { redirectFor } from './page/redirects';

/** /contact.html -> /contact (query and hash kept) when the clean path is a page of the site. */
export function htmlRedirectTarget(pathname: string): string | undefined {
  if (!pathname.endsWith('.html')) return undefined;
  const clean = pathname.replace(/(\/index)?\.html$/, '') || '/';
  return hasPage(clean) ? clean : undefined;
}

const rootRoute = createRootRoute({
  component: Layout,
  beforeLoad: ({ location }) => {
    const target = htmlRedirectTarget(location.pathname);
    if (target) throw redirect({ href: `${target}${location.searchStr}${location.hash ? `#${location.hash}` : ''}`, replace: true, statusCode: 301 });
  },
  notFoundComponent: () => null,
});

// Every page comes from pages-data/ (virtual:pages); the router only tells the home page from the rest.
const loader = async ({ location }: { location: { pathname: string; searchStr: string; hash: string } }) => {
  if (!hasPage(location.pathname)) {
    // No page answers here. A moved page's old address goes to its page (pages-data/redirects.json, D17);
    // an unknown partner id goes to the not-found page, replacing the history entry (specification section 8).
    const moved = await redirectFor(routeKey(location.pathname));
    if (moved) throw redirect({ href: `${moved}${location.searchStr}${location.hash ? `#${location.hash}` : ''}`, replace: true, statusCode: 301 });
    if (isPartnerPath(routeKey(location.pathname))) throw redirect({ href: NOT_FOUND_ROUTE, replace: true });
  }
  return loadPage(location.pathname);
};

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

/** The browser's router, or with a memory history the prerenderer's. */
export function createAppRouter(history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    ...(history ? { history } : {}),
    // On the server TanStack would inline a scroll script: blocked by our CSP and absent from the
    // client tree (a hydration mismatch). The browser restores scroll on its own.
    scrollRestoration: !history,
    defaultPreload: 'intent',
    defaultPendingMinMs: 0,
    defaultErrorComponent: PageNotShown,
  });
  if (!history) {
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
function PageNotShown() {
  const href = useRouterState({ select: (s) => s.location.href });
  return (
    <p className="page-not-shown">
      This page could not be shown. <a href={href}>Load it again</a>
    </p>
  );
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
