import type { ModalSettings } from '@mantine/modals';
import { type NotificationData, notifications, notificationsStore } from '@mantine/notifications';
import { type MouseEvent, startTransition, useEffect, useState } from 'react';
import site from 'virtual:site';
import { openMailProgram, plainClick } from '../lib/browser';
import type { Delivery } from '../lib/deliver';
import { catalogueMail, type Mail, mailtoUrl, quoteMail } from '../lib/mail';
import { onDemand, saveData, sayNotLoaded, whenIdle } from '../ui/on-demand';
import { DELIVERY_NOTICE, failureText, HANDOFF, HELD, HELD_ID, HELD_SENT, heldRefusedText, heldSentTitle, NOT_SENT } from './delivery-text';
import type { Flushed } from '../outbox/outbox';

// The quote and catalogue dialogs and the toasts are fetched on their first use, not with the page.
type Host = typeof import('./OverlayHost');
const loadHost = onDemand(() => import('./OverlayHost'));

type Mounting = { host: Host; onReady: () => void };
let ready: Promise<Host> | undefined;
/** The host waiting to be drawn, until it has been. */
let waiting: Mounting | undefined;
let asked = false;
let mount: ((m: Mounting, urgent: boolean) => void) | undefined;

/**
 * The hosts, fetched and drawn. Asked ahead of need (`ahead`, the warm-up), they are drawn as a
 * transition, in slices that yield; asked by a visitor (a tap, or a finger on a button), at once,
 * also when a transition drawing them is under way (that transition may be waiting behind others, the
 * menu's and search's).
 */
function host({ ahead = false } = {}): Promise<Host> {
  if (!ahead) {
    asked = true;
    if (waiting) mount?.(waiting, true);
  }
  ready ??= loadHost().then(
    (h) =>
      new Promise<Host>((resolve) => {
        waiting = {
          host: h,
          onReady: () => {
            waiting = undefined;
            resolve(h);
          },
        };
        mount!(waiting, asked);
      }),
    (err: unknown) => {
      ready = undefined;
      throw err;
    },
  );
  return ready;
}

const prepare = () => void host().catch(() => undefined);
/** A pointer resting on it or focus: a sign, not yet a tap; not taken when the browser asks to save data. */
const prepareAhead = () => saveData() || prepare();
/** For a button that opens a dialog: its code is fetched on the first sign it is wanted (a finger or pointer on it, or focus). */
export const dialogIntent = { onPointerDown: prepare, onMouseEnter: prepareAhead, onFocus: prepareAhead };

/** Mounted once, in App: holds the dialog and toast hosts once they have been asked for. */
export function Overlays() {
  const [mounted, setMounted] = useState<Mounting>();
  useEffect(() => {
    mount = (m, urgent) => (urgent ? setMounted(m) : startTransition(() => setMounted(m)));
    // First of the warm-ups: every page ends with a call to ask for a quote.
    whenIdle(() => host({ ahead: true }), { first: true });
    return () => (mount = undefined);
  }, []);
  return mounted ? <mounted.host.OverlayHost onReady={mounted.onReady} /> : null;
}

/** A page's address with a query of the values given (empty ones left out). */
export function withQuery(path: string, values: Record<string, string>): string {
  const query = new URLSearchParams(Object.entries(values).filter(([, v]) => v)).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A control that opens a form dialog (D5) is a link to the page holding the same form
 * (site.pages), with its prefilled field in the query: before the scripts arrive, or
 * without them, the browser follows it (D19). Once the app runs, a click opens the dialog instead.
 */
function dialogLink(page: string, values: Record<string, string>, open: () => void) {
  return {
    href: withQuery(page, values),
    onClick: (e: MouseEvent) => {
      if (!plainClick(e)) return;
      e.preventDefault();
      open();
    },
    ...dialogIntent,
  };
}

/** A Request Quote control: href, onClick and the intent handlers, for an <a> or a Button drawn as one. */
export const quoteLink = (details = '') => dialogLink(site.pages.quote, { details }, () => openQuote(details));

/** A catalogue request control (Download Catalogue and the like). */
export const catalogueLink = (interest = '') => dialogLink(site.pages.catalogue, { interest }, () => openCatalogue(interest));

/** Opens the Request Quote dialog; if it cannot be fetched, the visitor's mail program instead. */
export function openQuote(details = '') {
  host().then(
    (h) => h.openQuote({ details }),
    () => openMailProgram(mailtoUrl(quoteMail(site.mailboxes.contact, { name: '', email: '', phone: '', company: '', details }))),
  );
}

/** Opens the Product Catalogue Request dialog; if it cannot be fetched, the mail program instead. */
export function openCatalogue(interest = '') {
  host().then(
    (h) => h.openCatalogue({ interest }),
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

/**
 * Tells the visitor what became of the message they submitted from a form on the page (D6): the
 * form's own words once it was sent; otherwise the shared notice (handed to the mail app, or not
 * sent). Where the notices cannot be fetched, a native dialog says the same in plain words.
 */
export function tellDelivery(result: Delivery, mail: Mail, sent: { title: string; message: string }) {
  if (result.outcome === 'sent') {
    notifications.hide(DELIVERY_NOTICE); // an earlier failure of the same message is past
    return toast({ color: 'teal', ...sent });
  }
  host().then(
    (h) => h.showUndelivered(result, mail),
    () => {
      const [title, text] =
        result.outcome === 'mail' ? [HANDOFF.title, HANDOFF.lead] : result.outcome === 'held' ? [HELD.title, HELD.lead] : [NOT_SENT.title, `${failureText(result.reason)} ${NOT_SENT.kept}`];
      window.alert(`${title}\n\n${text}\n\n${mail.to}\n${site.phones[0]}`);
    },
  );
}

/** Tells the visitor that messages kept on the device while offline have gone, or were refused (with the way round). */
export function tellFlushed(flushed: readonly Flushed[]) {
  for (const f of flushed) {
    // The notice that said it was kept, not sent, is past.
    const notice = notificationsStore.getState().notifications.find((n) => n.id === DELIVERY_NOTICE);
    if (notice?.[HELD_ID] === f.held.id) notifications.hide(DELIVERY_NOTICE);
    if (f.outcome === 'sent') toast({ color: 'teal', title: heldSentTitle(f.held.mail.subject), message: HELD_SENT, autoClose: false });
    else toast({ color: 'red', title: NOT_SENT.title, message: `${heldRefusedText(f.status)} Write to us at ${f.held.mail.to} or call ${site.phones[0]}.`, autoClose: false });
  }
}

/** Shows a toast (its host is fetched on first use; the toast waits in the store until then). */
function toast(n: NotificationData) {
  notifications.show(n);
  host().catch(() => window.alert([n.title, n.message].filter(Boolean).join('\n')));
}
