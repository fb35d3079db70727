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
      if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      // A file asked for from now on passes through the worker, which keeps it; those asked for before
      // are sent as they arrive, including any still on their way now.
      const controlSince = performance.now();
      const keep = (urls: string[]) => {
        const ours = urls.filter((u) => new URL(u, location.href).origin === location.origin);
        if (ours.length) active?.postMessage({ type: 'keep', urls: ours });
      };
      keep([location.pathname]);
      new PerformanceObserver((list) => keep(list.getEntries().filter((e) => e.startTime < controlSince).map((e) => e.name))).observe({ type: 'resource', buffered: true });
    })
    .catch(() => undefined);
}

/**
 * The note the service worker puts on a kept page opened offline (src/sw/sw.js withOfflineNote) follows
 * the network: back online, it says so, with a link to the current page, instead of "You are offline".
 */
export function followOfflineNote() {
  const note = document.querySelector('.offline-note');
  if (!note) return;
  const [offline, online] = [...note.children] as HTMLElement[];
  const follow = () => {
    offline!.hidden = navigator.onLine;
    online!.hidden = !navigator.onLine;
  };
  window.addEventListener('online', follow);
  window.addEventListener('offline', follow);
}
