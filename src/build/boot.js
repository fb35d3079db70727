// The only script a prerendered page names. It starts the app after the page's first paint, so on a
// slow network the text and pictures do not wait behind, or share the line with, the JavaScript.
// The chunks to fetch (the entry last) are listed in the page's #app-chunks data block.
await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
const chunks = JSON.parse(document.getElementById('app-chunks').textContent);
for (const href of chunks) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  document.head.append(link);
}
await import(chunks[chunks.length - 1]);
