/**
 * Keys typed after '/', Ctrl+K or a tap on Search but before the search field has focus: kept, not
 * lost, and handed to the field as it takes focus (an Enter as a request to open the top hit). The
 * field is late while the dialog's code is on its way (a slow network), and while a busy phone draws
 * the dialog, even when its code is there.
 */
let typed: { text: string; enter: boolean } | undefined;

/** The id of the search dialog's field (SearchDialog.tsx), which takes what was typed ahead. */
export const SEARCH_FIELD_ID = 'site-search-field';

const isField = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

function capture(e: KeyboardEvent) {
  if (!typed || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
  // The visitor has put focus in a field of their own: what they type is that field's.
  if (isField(e.target)) return void takeTyped();
  if (e.key.length === 1) typed.text += e.key;
  else if (e.key === 'Backspace') typed.text = typed.text.slice(0, -1);
  else if (e.key === 'Enter') typed.enter = true;
  else return;
  e.preventDefault();
  e.stopPropagation();
}

export function startTypeAhead() {
  if (typed || isField(document.activeElement)) return;
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
