import type { ModalSettings } from '@mantine/modals';
import { type NotificationData, notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import site from 'virtual:site';
import { openMailProgram } from '../lib/browser';
import { catalogueMail, mailtoUrl, quoteMail } from '../lib/mail';
import { onDemand, sayNotLoaded } from '../ui/on-demand';

// The quote and catalogue dialogs and the toasts are fetched on their first use, not with the page.
type Host = typeof import('./OverlayHost');
const loadHost = onDemand(() => import('./OverlayHost'));

let ready: Promise<Host> | undefined;
let mount: ((host: Host, onReady: () => void) => void) | undefined;

function host(): Promise<Host> {
  ready ??= loadHost().then(
    (h) => new Promise<Host>((resolve) => mount!(h, () => resolve(h))),
    (err: unknown) => {
      ready = undefined;
      throw err;
    },
  );
  return ready;
}

/** Mounted once, in App: holds the dialog and toast hosts once they have been asked for. */
export function Overlays() {
  const [mounted, setMounted] = useState<{ host: Host; onReady: () => void }>();
  useEffect(() => {
    mount = (h, onReady) => setMounted({ host: h, onReady });
    return () => (mount = undefined);
  }, []);
  return mounted ? <mounted.host.OverlayHost onReady={mounted.onReady} /> : null;
}

/** Opens the Request Quote dialog; if it cannot be fetched, the visitor's mail program instead. */
export function openQuote(details = '') {
  host().then(
    (h) => h.openQuote(details),
    () => openMailProgram(mailtoUrl(quoteMail(site.mailboxes.contact, { name: '', email: '', phone: '', company: '', details }))),
  );
}

/** Opens the Product Catalogue Request dialog; if it cannot be fetched, the mail program instead. */
export function openCatalogue(interest = '') {
  host().then(
    (h) => h.openCatalogue(interest),
    () => openMailProgram(mailtoUrl(catalogueMail(site.mailboxes.catalogue, { name: '', email: '', interest, notes: '' }))),
  );
}

/** Opens a dialog with this title and content (a product's details); says so if it cannot be fetched. */
export function openDialog(settings: ModalSettings) {
  host().then(
    (h) => h.openDialog(settings),
    sayNotLoaded,
  );
}

/** Shows a toast (its host is fetched on first use; the toast waits in the store until then). */
export function toast(n: NotificationData) {
  notifications.show(n);
  host().catch(() => window.alert([n.title, n.message].filter(Boolean).join('\n')));
}
