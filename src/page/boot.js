// The only script a prerendered page names. It starts the app once the page is on screen, so on a
// slow network the text and pictures do not wait behind, or share the line with, the JavaScript.
// What to fetch is listed in the page's #app-chunks data block: the page's document (JSON, which the
// app fetches as it starts: preloaded here so it arrives beside the code), then the chunks, each after
// those it imports. All are fetched at once, but started one at a time, each in a task of its own: a
// chunk's code runs when it is imported, and importing the entry alone would run every chunk it
// imports in one long task, during which a slow phone could not answer a tap.
await firstContentfulPaint();
const chunks = JSON.parse(document.getElementById('app-chunks').textContent);
// A task of its own, queued at once (a timer would wait at least 4 ms once nested, and stops with a paused clock).
const nextTask = () =>
  new Promise((next) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => next();
    channel.port2.postMessage(null);
  });
// A few links per task: each starts a request, which on a slow phone takes a few milliseconds.
for (const [i, href] of chunks.entries()) {
  if (i > 0 && i % 4 === 0) await nextTask();
  const link = document.createElement('link');
  if (href.endsWith('.json')) {
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
  } else link.rel = 'modulepreload';
  link.href = href;
  document.head.append(link);
}
for (const href of chunks) {
  if (href.endsWith('.json')) continue;
  await import(href);
  await nextTask();
}

function firstContentfulPaint() {
  return new Promise((painted) => {
    // No paint is reported for a tab opened in the background: start anyway.
    setTimeout(painted, 3000);
    // The paint entry arrives once the frame has been presented; requestAnimationFrame runs before
    // the frame is drawn, so requests started from it would still compete with the first paint.
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return requestAnimationFrame(() => setTimeout(painted));
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      painted();
    }).observe({ type: 'paint', buffered: true });
  });
}
