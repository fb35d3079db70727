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

export function openDialog(settings: ModalSettings) {
  modals.open(settings);
}

/** Opens the Request Quote dialog with these fields filled in (a D5 button's details, or what was typed before). */
export function openQuote(values: Partial<QuoteFields>) {
  modals.openContextModal({ modal: 'quote', title: 'Request a Quote', innerProps: { values }, size: 'lg' });
}

export function openCatalogue(values: Partial<CatalogueFields>) {
  modals.openContextModal({ modal: 'catalogue', title: 'Product Catalogue Request', innerProps: { values }, size: 'lg' });
}

export { showUndelivered } from './notices';
