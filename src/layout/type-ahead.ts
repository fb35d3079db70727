/**
 * Keys typed after '/' or Ctrl+K but before the search dialog has arrived (a slow network): kept, not
 * lost, and handed to the dialog as its first query (and an Enter as a request to open the top hit).
 */
let typed: { text: string; enter: boolean } | undefined;

function capture(e: KeyboardEvent) {
  if (!typed || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
  if (e.key.length === 1) typed.text += e.key;
  else if (e.key === 'Backspace') typed.text = typed.text.slice(0, -1);
  else if (e.key === 'Enter') typed.enter = true;
  else return;
  e.preventDefault();
  e.stopPropagation();
}

export function startTypeAhead() {
  typed = { text: '', enter: false };
  window.addEventListener('keydown', capture, true);
}

/** What was typed ahead, once; stops capturing. */
export function takeTyped(): { text: string; enter: boolean } {
  window.removeEventListener('keydown', capture, true);
  const t = typed ?? { text: '', enter: false };
  typed = undefined;
  return t;
}
