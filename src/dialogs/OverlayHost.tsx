import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { type ModalSettings, ModalsProvider, modals } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import type { CatalogueFields, QuoteFields } from '../lib/mail';
import { CatalogueModal } from './CatalogueModal';
import { QuoteModal } from './QuoteModal';

const contextModals = { quote: QuoteModal, catalogue: CatalogueModal };

declare module '@mantine/modals' {
  export interface MantineModalsOverride {
    modals: typeof contextModals;
  }
}

/**
 * The hosts of the site's dialogs and toasts, fetched on their first use (src/dialogs/index.tsx).
 * onReady runs after the hosts below have subscribed (a parent's effect runs after its children's).
 */
export function OverlayHost({ onReady }: { onReady: () => void }) {
  useEffect(onReady, []);
  return (
    <>
      <Notifications position="top-center" />
      <ModalsProvider modals={contextModals} />
    </>
  );
}

/**
 * Focus goes back to what opened the dialog when it closes. Mantine's own return remembers the
 * element focused once the dialog is open, which, with no opening transition (theme.ts), is already
 * one inside the dialog.
 */
function returnFocus(onClose?: () => void) {
  const opener = document.activeElement;
  return {
    onClose() {
      onClose?.();
      // After the dialog has let go of focus (Mantine's own return waits as long).
      setTimeout(() => opener instanceof HTMLElement && opener.isConnected && opener.focus({ preventScroll: true }), 10);
    },
  };
}

export function openDialog(settings: ModalSettings) {
  modals.open({ ...settings, ...returnFocus(settings.onClose) });
}

/** Opens the Request Quote dialog with these fields filled in (a D5 button's details, or what was typed before). */
export function openQuote(values: Partial<QuoteFields>) {
  modals.openContextModal({ modal: 'quote', title: 'Request a Quote', innerProps: { values }, size: 'lg', ...returnFocus() });
}

export function openCatalogue(values: Partial<CatalogueFields>) {
  modals.openContextModal({ modal: 'catalogue', title: 'Product Catalogue Request', innerProps: { values }, size: 'lg', ...returnFocus() });
}

export { showUndelivered } from './notices';
