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
  // Hydrated in one go, not in a transition: a time-sliced hydration leaves a window in which a
  // tap on a link navigates a half-hydrated tree (React errors 422/520, a client re-render).
  hydrateRoot(container, <App router={router} />);
} else {
  createRoot(container).render(<App router={router} />);
}
