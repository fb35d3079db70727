/** Where messages written offline are kept, shared by the page (outbox.ts) and the service worker (src/sw/sw.js, given these by the build). */
export const OUTBOX = { db: 'acacia-outbox', store: 'messages', lock: 'acacia-outbox-send', sync: 'outbox' } as const;
