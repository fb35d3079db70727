import { saveData } from '../ui/on-demand';

/**
 * Registers the service worker (src/sw/sw.js, built into dist/sw.js), which keeps the pages a visitor
 * opens for reading offline. The first time it takes over, nothing of the page that installed it was
 * kept: it is asked to keep this page and the files it loaded, which it reads from the browser's
 * cache (not when the visitor asks to save data: a file no longer in that cache would be fetched).
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const firstTime = !navigator.serviceWorker.controller;
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
  new Promise((resolve) => idle(resolve))
    .then(() => navigator.serviceWorker.register('/sw.js'))
    .then(async () => {
      if (!firstTime || saveData()) return;
      const { active } = await navigator.serviceWorker.ready;
      const files = performance.getEntriesByType('resource').map((e) => e.name);
      active?.postMessage({ type: 'keep', urls: [location.pathname, ...files].filter((u) => new URL(u, location.href).origin === location.origin) });
    })
    .catch(() => undefined);
}
