import { type KeyboardEvent, useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/** False in the prerendered page and while the app hydrates it; true once the app runs it (and on a page the app draws). */
export const useLive = () => useSyncExternalStore(unchanging, () => true, () => false);

const pressOnSpace = {
  // Space scrolls the page from a link: from a button it presses it, as the key comes up.
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => e.key === ' ' && e.preventDefault(),
  onKeyUp: (e: KeyboardEvent<HTMLElement>) => e.key === ' ' && e.currentTarget.click(),
};

/**
 * For a link that the app carries out in place (opens a dialog, adds to the quote list, shows a brand's
 * products): a link before the app runs, to the page that does the same (D19), and a button to assistive
 * technology and the keyboard once it runs (issue 51 item 4), with aria-haspopup when it opens a dialog.
 * Nothing changes while the page hydrates, so the first render matches the server's.
 */
export function useButtonLink(popup?: 'dialog') {
  return useLive() ? { role: 'button', ...(popup ? { 'aria-haspopup': popup } : {}), ...pressOnSpace } : {};
}
