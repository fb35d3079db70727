import { CatalogueModal } from './CatalogueModal';
import { QuoteModal } from './QuoteModal';

export const contextModals = { quote: QuoteModal, catalogue: CatalogueModal };

declare module '@mantine/modals' {
  export interface MantineModalsOverride {
    modals: typeof contextModals;
  }
}
