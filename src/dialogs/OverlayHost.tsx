import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { type ModalSettings, ModalsProvider, modals } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { InOverlays } from '../ui/InOverlays';
import type { CatalogueFields, QuoteFields } from '../lib/mail';
import { CatalogueForm } from './CatalogueForm';
import { type DialogControl, FormDialog, focusBack } from './FormDialog';
import { QuoteForm } from './QuoteForm';

const quote: DialogControl<QuoteFields> = {};
const catalogue: DialogControl<CatalogueFields> = {};

/**
 * The hosts of the site's dialogs and toasts, fetched on their first use (src/dialogs/index.tsx).
 * onReady runs after the hosts below have subscribed (a parent's effect runs after its children's).
 */
export function OverlayHost({ onReady }: { onReady: () => void }) {
  useEffect(onReady, []);
  return (
    <InOverlays>
      <Notifications position="top-center" withinPortal={false} />
      <ModalsProvider modalProps={{ withinPortal: false }} />
      <FormDialog title="Request a Quote" form={QuoteForm} control={quote} />
      <FormDialog title="Product Catalogue Request" form={CatalogueForm} control={catalogue} />
    </InOverlays>
  );
}

/** Focus goes back to what opened the dialog when it closes. */
function returnFocus(onClose?: () => void) {
  const opener = document.activeElement;
  return {
    onClose() {
      onClose?.();
      focusBack(opener);
    },
  };
}

export function openDialog(settings: ModalSettings) {
  modals.open({ ...settings, ...returnFocus(settings.onClose) });
}

/** Opens the Request Quote dialog with these fields filled in (a D5 button's details, or what was typed before). */
export function openQuote(values: Partial<QuoteFields>) {
  quote.open?.(values);
}

export function openCatalogue(values: Partial<CatalogueFields>) {
  catalogue.open?.(values);
}

export { showUndelivered } from './notices';
