import { createRootRoute, createRoute, createRouter, redirect, type RouterHistory, useLoaderData } from '@tanstack/react-router';
import { partnerIds } from '../schemas/routes';
import { Layout } from './layout/Layout';
import type { LoadedPage } from './page/context';
import { hasPage, loadPage } from './page/load';
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

function Page() {
  const loaded = useLoaderData({ strict: false }) as LoadedPage;
  return <PageView loaded={loaded} />;
}

const byPath = ({ location }: { location: { pathname: string } }) => loadPage(location.pathname);

const page = <P extends string>(path: P) => createRoute({ getParentRoute: () => rootRoute, path, loader: byPath, component: Page });

const partnerLoader = async ({ location }: { location: { pathname: string } }) => {
  if (!hasPage(location.pathname)) throw redirect({ to: '/404', replace: true });
  return loadPage(location.pathname);
};

const routeTree = rootRoute.addChildren([
  page('/'),
  page('/services'),
  page('/services/$slug'),
  page('/industries'),
  page('/industries/$slug'),
  page('/policies'),
  page('/policies/$slug'),
  page('/contact'),
  page('/privacy-policy'),
  page('/terms-of-service'),
  createRoute({ getParentRoute: () => rootRoute, path: '/partner/$partnerId', loader: partnerLoader, component: Page }),
  ...partnerIds.map((id) => createRoute({ getParentRoute: () => rootRoute, path: `/${id}` as const, loader: partnerLoader, component: Page })),
  page('/404'),
  page('$'),
]);

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
