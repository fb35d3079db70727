import { useSyncExternalStore } from 'react';

// What the quote list last said to screen readers ("… added to your quote list: 3 products"), read
// out by the live region beside the header's Quote list link (QuoteListLink.tsx).
let message = '';
const listeners = new Set<() => void>();

export function announce(text: string) {
  // The same words again (the same product added twice) must still be read out: a live region
  // announces a change of its text, so the text changes first.
  message = message === text ? `${text}\u00a0` : text;
  listeners.forEach((l) => l());
}

export function useAnnouncement(): string {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => void listeners.delete(l)),
    () => message,
    () => '',
  );
}

export const productCount = (n: number) => (n === 1 ? '1 product' : `${n} products`);
