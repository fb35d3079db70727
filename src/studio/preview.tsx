// The studio's preview frame (/__studio/preview): the site's own App, Layout, Head and block
// components rendering the page the studio posts, instead of a page loaded from pages-data/.
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { memo, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../App';
import { BlockView, loadBlocks } from '../blocks/registry';
import { Layout } from '../layout/Layout';
import { PageContent } from '../page/PageView';
import type { RenderedBlock, ResolvedPage } from '../page/types';

let page: ResolvedPage | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// Each block memoised: a keystroke re-renders the block it changed, not the whole page (a long page
// takes too long in React's dev build).
const MemoBlock = memo(BlockView);

function StudioPage() {
  const current = useSyncExternalStore(subscribe, () => page);
  return current ? <PageContent page={current} Block={MemoBlock} /> : null;
}

/** The blocks of the new page, with the previous page's objects where a block did not change. */
function keepUnchanged(next: ResolvedPage, before: ResolvedPage | undefined): ResolvedPage {
  if (!before || before.route !== next.route) return next;
  const blocks = next.blocks.map((b, i): RenderedBlock => {
    const old = before.blocks[i];
    return old && JSON.stringify(old) === JSON.stringify(b) ? old : b;
  });
  return { ...next, blocks };
}

const rootRoute = createRootRoute({ component: Layout });
const routeTree = rootRoute.addChildren([
  createRoute({ getParentRoute: () => rootRoute, path: '/', component: StudioPage }),
  createRoute({ getParentRoute: () => rootRoute, path: '$', component: StudioPage }),
]);
const history = createMemoryHistory({ initialEntries: ['/'] });
const router = createRouter({ routeTree, history });

// Pages that arrive while one is being drawn wait, and only the latest is drawn: typing faster than
// a page renders costs no backlog.
let pending: ResolvedPage | undefined;
let drawing = false;
function draw() {
  const next = pending;
  if (!next) return void (drawing = false);
  pending = undefined;
  // A block type the page did not have yet needs its component first.
  void loadBlocks(next.blocks.map((b) => b.block.type)).then(() => {
    page = keepUnchanged(next, page);
    if (history.location.pathname !== next.route) history.replace(next.route);
    for (const listener of listeners) listener();
    setTimeout(draw);
  });
}

window.addEventListener('message', (e: MessageEvent<{ type?: string; page?: ResolvedPage }>) => {
  if (e.origin !== location.origin || e.source !== parent || e.data?.type !== 'studio:page' || !e.data.page) return;
  pending = e.data.page;
  if (!drawing) {
    drawing = true;
    setTimeout(draw);
  }
});

// The router type the app registers is its own route tree's; this tree renders the same components.
createRoot(document.getElementById('root')!).render(<App router={router as never} />);
parent.postMessage({ type: 'studio:ready' }, location.origin);
