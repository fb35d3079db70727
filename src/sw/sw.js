// The site's service worker (issue 38 items 3 and 4), written into dist/sw.js by the build after the
// prerender (src/node/build/service-worker.ts), which puts the site's facts in place of CONFIG. It
// keeps only what the visitor opened, with a cap, and fetches nothing ahead of need:
// - pages and page documents: from the network first; after a short wait, or with no network, the
//   copy kept when the visitor last opened them, with a note saying when that was; a page never
//   opened shows the offline page (the kept pages, the phone numbers and WhatsApp);
// - the build's hashed code and pictures: from the cache, else the network (their names change with
//   their content, so a copy is never stale, and a page kept from an earlier build still finds its own);
// - the other pictures (public/): from the network, else the kept copy.
// Messages written offline (src/outbox/outbox.ts, the same IndexedDB) are sent on the `sync` event.
/* global CONFIG */
const { siteName, phones, whatsapp, outbox } = CONFIG;

const PAGES = 'pages-1';
const CODE = 'code-1';
const PICTURES = 'pictures-1';
/** The most entries each cache keeps: the oldest go first. */
const CAP = { [PAGES]: 80, [CODE]: 150, [PICTURES]: 150 };
/** How long a page or document may take from the network before a kept copy is shown instead (it keeps coming, for next time). */
const NETWORK_WAIT_MS = 3000;
const SAVED_AT = 'x-saved-at';
const TITLE = 'x-title';

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  const known = new Set([PAGES, CODE, PICTURES]);
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => !known.has(n)).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') return event.respondWith(page(event, url));
  if (url.pathname.startsWith('/_data/')) return event.respondWith(networkFirst(event, key(url), PAGES));
  if (url.pathname.startsWith('/assets/')) return event.respondWith(cacheFirst(request, url.pathname.startsWith('/assets/pictures/') ? PICTURES : CODE));
  if (request.destination === 'image') return event.respondWith(networkFirst(event, key(url), PICTURES, { wait: false }));
});

/** Kept under its path alone: /quote?details=… is the page /quote. */
const key = (url) => `${url.origin}${url.pathname}`;

/** A page: the network's, kept for later; else the kept copy with its note; else the offline page. */
async function page(event, url) {
  const res = await networkFirst(event, key(url), PAGES);
  if (res.status === 504) return offlinePage();
  return res.headers.has(SAVED_AT) ? withOfflineNote(res) : res;
}

/**
 * The network's answer, a 200 of which is kept; when the network fails, or takes longer than
 * NETWORK_WAIT_MS (unless `wait` is false) and a copy is kept, the kept copy (marked by its x-saved-at
 * header), while the network's answer, when it comes, is kept for next time; with neither, a 504.
 */
async function networkFirst(event, cacheKey, cacheName, { wait = true } = {}) {
  const fromNetwork = fetch(event.request).then(async (res) => {
    if (res.status === 200) await keep(cacheName, cacheKey, res.clone());
    return res;
  });
  event.waitUntil(fromNetwork.catch(() => undefined));
  const keptCopy = () => caches.open(cacheName).then((cache) => cache.match(cacheKey));
  try {
    if (!wait) return await fromNetwork;
    const late = new Promise((resolve) => setTimeout(resolve, NETWORK_WAIT_MS, undefined));
    const first = await Promise.race([fromNetwork, late]);
    if (first) return first;
    return (await keptCopy()) ?? (await fromNetwork);
  } catch {
    return (await keptCopy()) ?? new Response('', { status: 504, statusText: 'Offline' });
  }
}

async function cacheFirst(request, cacheName) {
  const kept = await caches.open(cacheName).then((cache) => cache.match(request));
  if (kept) return kept;
  const res = await fetch(request);
  if (res.status === 200) await keep(cacheName, request.url, res.clone());
  return res;
}

/** Puts a copy in a cache with when it was saved (and a page's title, for the offline page), then trims the cache to its cap, oldest first. */
async function keep(cacheName, cacheKey, res) {
  const headers = new Headers(res.headers);
  headers.set(SAVED_AT, String(Date.now()));
  const body = await res.arrayBuffer();
  if ((headers.get('content-type') ?? '').includes('text/html')) {
    const title = /<title>([^<]*)<\/title>/.exec(new TextDecoder().decode(body))?.[1];
    if (title) headers.set(TITLE, encodeURIComponent(unescapeHtml(title)));
  }
  const cache = await caches.open(cacheName);
  await cache.put(cacheKey, new Response(body, { status: res.status, statusText: res.statusText, headers }));
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - CAP[cacheName]))) await cache.delete(old);
}

const escapeHtml = (s) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
/** A page's <title> as text: as written in HTML, 'Glassware &amp; Consumables'. */
const unescapeHtml = (s) => s.replace(/&(?:#(\d+)|#x([\da-f]+)|(amp|lt|gt|quot));/gi, (_, dec, hex, name) => (name ? { amp: '&', lt: '<', gt: '>', quot: '"' }[name.toLowerCase()] : String.fromCodePoint(dec ? Number(dec) : parseInt(hex, 16))));
const savedOn = (res) => new Date(Number(res.headers.get(SAVED_AT))).toLocaleString('en-KE', { dateStyle: 'long', timeStyle: 'short' });

/**
 * A kept page, with a note at its top saying it is the copy saved when the visitor last opened it; once
 * the network is back, the page shows the note's second sentence instead (src/sw/register.ts).
 */
async function withOfflineNote(kept) {
  const html = await kept.text();
  const saved = escapeHtml(savedOn(kept));
  const note = `<p class="offline-note" role="status" style="margin:0;padding:10px 16px;background:#fff3bf;color:#212529;font:500 15px/1.5 system-ui,sans-serif;text-align:center"><span>You are offline, or the network is too slow: this page is the copy saved on this device on ${saved}, and it may have changed since.</span><span hidden>You are back online. This page is still the copy saved on ${saved}: <a href="" style="color:#1c1b6b">load the current page</a>.</span></p>`;
  const headers = new Headers(kept.headers);
  headers.delete('content-length');
  return new Response(html.replace(/<body([^>]*)>/, (body) => `${body}${note}`), { status: 200, headers });
}

/** The page shown for a page not kept: the pages that are, and the ways to reach the company that work now. */
async function offlinePage() {
  const cache = await caches.open(PAGES);
  const pages = [];
  for (const request of await cache.keys()) {
    const res = await cache.match(request);
    const title = res?.headers.get(TITLE);
    if (title) pages.push({ path: new URL(request.url).pathname, title: decodeURIComponent(title) });
  }
  const list = pages.length
    ? `<p>These pages you opened before are saved on this device:</p><ul>${pages.map((p) => `<li><a href="${escapeHtml(p.path)}">${escapeHtml(p.title)}</a></li>`).join('')}</ul>`
    : '<p>No pages of the site are saved on this device yet: the pages you open are kept, to read again offline.</p>';
  const tel = (p) => `tel:${p.replace(/[^\d+]/g, '')}`;
  const html = `<!doctype html>
<html lang="en-KE"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>You are offline | ${escapeHtml(siteName)}</title>
<style>body{margin:0;font:16px/1.6 system-ui,sans-serif;color:#212529;background:#fff}main{max-width:40rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.75rem;line-height:1.2;margin:0 0 .5rem}h2{font-size:1.25rem;margin:2rem 0 .5rem}a{color:#4338ca}li{margin:.25rem 0}</style></head>
<body><main><h1>You are offline</h1><p>This page has not been saved on this device, and it cannot be fetched without a network.</p>${list}
<h2>Talk to us now</h2><ul>${phones.map((p) => `<li>Call <a href="${tel(p)}">${escapeHtml(p)}</a></li>`).join('')}<li><a href="https://wa.me/${whatsapp}">WhatsApp</a>: a message written there is sent once you are back online.</li></ul></main></body></html>`;
  return new Response(html, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}

// The page asks for its own files to be kept when the worker first takes over (nothing was kept of the
// page that installed it): they are read from the browser's cache, where they already are.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'keep' || !Array.isArray(event.data.urls)) return;
  event.waitUntil(
    Promise.all(
      event.data.urls.map(async (href) => {
        const url = new URL(href, self.location.origin);
        if (url.origin !== self.location.origin) return;
        const res = await fetch(url, { cache: 'force-cache' }).catch(() => undefined);
        if (res?.status !== 200) return;
        const isPage = (res.headers.get('content-type') ?? '').includes('text/html');
        const name = isPage || url.pathname.startsWith('/_data/') ? PAGES : url.pathname.startsWith('/assets/') && !url.pathname.startsWith('/assets/pictures/') ? CODE : PICTURES;
        await keep(name, name === CODE ? url.href : key(url), res);
      }),
    ),
  );
});

// Messages written offline: sent once the browser says the network is back (Chromium's background sync).
self.addEventListener('sync', (event) => {
  if (event.tag === outbox.sync) event.waitUntil(flushOutbox());
});

function withStore(mode, use) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(outbox.db, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(outbox.store, { keyPath: 'id' });
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction(outbox.store, mode);
      const request = use(tx.objectStore(outbox.store));
      tx.oncomplete = () => (db.close(), resolve(request.result));
      tx.onerror = () => (db.close(), reject(tx.error));
    };
  });
}

/** The same rules as the page's flush (src/outbox/outbox.ts), under the same lock; the pages open are told what went. */
async function flushOutbox() {
  const run = async () => {
    const done = [];
    for (const held of await withStore('readonly', (s) => s.getAll())) {
      let status;
      try {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), 15000);
        status = (await fetch(held.endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: held.body, signal: controller.signal })).status;
        clearTimeout(timer);
      } catch {
        throw new Error('not sent yet'); // the browser tries the sync again later
      }
      const sent = status >= 200 && status < 300;
      const refused = status >= 400 && status < 500 && status !== 408 && status !== 429;
      if (!sent && !refused) continue;
      await withStore('readwrite', (s) => s.delete(held.id));
      done.push(sent ? { held, outcome: 'sent' } : { held, outcome: 'refused', status });
    }
    if (done.length) for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'outbox-flushed', flushed: done });
  };
  return self.navigator.locks ? self.navigator.locks.request(outbox.lock, run) : run();
}
