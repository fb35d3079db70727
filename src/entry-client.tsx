import { createBrowserHistory } from '@tanstack/react-router';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { hydration } from './page/hydration';
import { createAppRouter } from './router';
import { blockTypes, loadBlocks } from './blocks/registry';
import { startIdleWork, whenIdle } from './ui/on-demand';
import { startOutbox } from './outbox/start';
import { followOfflineNote, registerServiceWorker } from './sw/register';

/**
 * Resolves in a task of its own: start-up comes in steps, between which a slow phone can answer a
 * tap. Queued at once, as src/page/boot.js does (a timer would wait at least 4 ms once nested).
 */
const nextTask = () =>
  new Promise<void>((next) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => next();
    channel.port2.postMessage(null);
  });

const container = document.getElementById('root')!;

/**
 * The page has started: its controls are the app's from now on (data-live: src/styles.css swaps the
 * ways they work without scripts for the app's), and the warm-ups begin (src/ui/on-demand.ts), the
 * dialogs', menu's and search's first.
 */
function started() {
  document.documentElement.dataset.live = '';
  startOutbox();
  registerServiceWorker();
  followOfflineNote();
  startIdleWork();
  // One block at a time: all of them evaluated at once made a task a slow phone's tap could wait behind.
  for (const type of blockTypes) whenIdle(() => loadBlocks([type]));
}

// No top-level await here: the page's chunks import from the chunk this module is bundled into, and
// would wait for it to finish evaluating while it waits for them.
void nextTask().then(async () => {
  const history = createBrowserHistory();
  await nextTask();
  const router = createAppRouter(history, { browser: true });
  if (!container.firstElementChild) {
    createRoot(container).render(<App router={router} />);
    started();
    return;
  }
  // Prerendered HTML: load the matched route (its document and block chunks are preloaded) before
  // hydrating, so the first client render is the tree the server rendered.
  await nextTask();
  await router.load();
  // The page's code could not be fetched: the page stays as the server sent it, readable, its
  // links followed by the browser (hydrating would replace it with an error).
  if (router.state.matches.some((m) => m.status === 'error')) return;
  await nextTask();
  // Mark the router as hydrating server HTML, as TanStack's own SSR hydration does; otherwise it
  // wraps the tree in a Suspense boundary the server never rendered (a hydration mismatch).
  router.ssr = { manifest: undefined };
  // Hydrated in slices that yield to the browser (no long task on a slow phone). Until the last
  // slice is done, a tap on a link loads that page from the server, which has it prerendered,
  // rather than changing a half-hydrated tree under React.
  hydration.begin(started);
  startTransition(() => {
    hydrateRoot(container, <App router={router} />);
  });
});
