import { createRootRoute, createRoute, createRouter, redirect, type RouterHistory } from '@tanstack/react-router';
import { isPartnerPath, NOT_FOUND_ROUTE } from '../schemas/routes';
import { Layout } from './layout/Layout';
import { hasPage, loadPage, routeKey } from './page/load';
import { PageView } from './page/PageView';

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
const loader = async ({ location }: { location: { pathname: string } }) => {
  // An unknown partner id goes to the not-found page, replacing the history entry (specification section 8).
  if (!hasPage(location.pathname) && isPartnerPath(routeKey(location.pathname))) throw redirect({ href: NOT_FOUND_ROUTE, replace: true });
  return loadPage(location.pathname);
};

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', loader, component: HomePage });
const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', loader, component: Page });

function HomePage() {
  return <PageView loaded={homeRoute.useLoaderData()} />;
}

function Page() {
  return <PageView loaded={pageRoute.useLoaderData()} />;
}

const routeTree = rootRoute.addChildren([homeRoute, pageRoute]);

/** The browser's router, or with a memory history the prerenderer's. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    // On the server TanStack would inline a scroll script: blocked by our CSP and absent from the
    // client tree (a hydration mismatch). The browser restores scroll on its own.
    scrollRestoration: !history,
    defaultPreload: 'intent',
    defaultPendingMinMs: 0,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
