import site from 'virtual:site';
import { tellFlushed } from '../dialogs';
import { flush, type Flushed } from './outbox';

/**
 * Sends the messages kept on this device (src/outbox/outbox.ts) as the page starts (a message written
 * offline on an earlier visit) and whenever the browser says the network is back, and tells the visitor
 * what went, also when the service worker sent them in the background (src/sw/sw.js). Only where a
 * form endpoint is configured: without one, messages go by the mail program, and none is ever kept.
 */
export function startOutbox() {
  if (!site.features.formEndpoint || typeof indexedDB === 'undefined') return;
  const send = () => void flush().then(tellFlushed, () => undefined);
  window.addEventListener('online', send);
  navigator.serviceWorker?.addEventListener('message', (e: MessageEvent<{ type?: string; flushed?: Flushed[] }>) => {
    if (e.data?.type === 'outbox-flushed' && e.data.flushed) tellFlushed(e.data.flushed);
  });
  (window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200)))(send);
}
