import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { createAppRouter } from './router';

const router = createAppRouter();
const container = document.getElementById('root')!;

if (container.firstElementChild) {
  // Prerendered HTML: load the matched route (its document chunk is preloaded) before hydrating,
  // so the first client render is the tree the server rendered.
  await router.load();
  // Mark the router as hydrating server HTML, as TanStack's own SSR hydration does; otherwise it
  // wraps the tree in a Suspense boundary the server never rendered (a hydration mismatch).
  router.ssr = { manifest: undefined };
  // In a transition, hydration yields to the browser every few milliseconds instead of blocking
  // the main thread for the whole page (total blocking time on slow phones).
  startTransition(() => {
    hydrateRoot(container, <App router={router} />);
  });
} else {
  createRoot(container).render(<App router={router} />);
}
