// The studio's preview frame (/__studio/preview): the site's own App, Layout and PageView rendering
// the page the studio posts, instead of a page loaded from pages-data/.
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../App';
import { loadBlocks } from '../blocks/registry';
import { Layout } from '../layout/Layout';
import { PageView } from '../page/PageView';
import type { ResolvedPage } from '../page/types';

let page: ResolvedPage | undefined;
let received = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function StudioPage() {
  const current = useSyncExternalStore(subscribe, () => page);
  return current ? <PageView loaded={{ status: 200, page: current }} /> : null;
}

const rootRoute = createRootRoute({ component: Layout });
const routeTree = rootRoute.addChildren([
  createRoute({ getParentRoute: () => rootRoute, path: '/', component: StudioPage }),
  createRoute({ getParentRoute: () => rootRoute, path: '$', component: StudioPage }),
]);
const history = createMemoryHistory({ initialEntries: ['/'] });
const router = createRouter({ routeTree, history });

window.addEventListener('message', (e: MessageEvent<{ type?: string; page?: ResolvedPage }>) => {
  if (e.origin !== location.origin || e.source !== parent || e.data?.type !== 'studio:page' || !e.data.page) return;
  const next = e.data.page;
  const seq = ++received;
  // A block type the page did not have yet needs its component first; only the latest page is shown.
  void loadBlocks(next.blocks).then(() => {
    if (seq !== received) return;
    page = next;
    if (history.location.pathname !== next.route) history.replace(next.route);
    for (const listener of listeners) listener();
  });
});

// The router type the app registers is its own route tree's; this tree renders the same components.
createRoot(document.getElementById('root')!).render(<App router={router as never} />);
parent.postMessage({ type: 'studio:ready' }, location.origin);
