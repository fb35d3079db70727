// The only script a prerendered page names. It starts the app once the page is on screen, so on a
// slow network the text and pictures do not wait behind, or share the line with, the JavaScript.
// What to fetch is listed in the page's #app-chunks data block: the page's document (JSON, which the
// app fetches as it starts: preloaded here so it arrives beside the code), then the chunks, the entry last.
await firstContentfulPaint();
const chunks = JSON.parse(document.getElementById('app-chunks').textContent);
for (const href of chunks) {
  const link = document.createElement('link');
  if (href.endsWith('.json')) {
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
  } else link.rel = 'modulepreload';
  link.href = href;
  document.head.append(link);
}
await import(chunks[chunks.length - 1]);

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
