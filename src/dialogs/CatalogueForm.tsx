import site from 'virtual:site';
import { type CatalogueFields, catalogueMail } from '../lib/mail';
import { useDialogSubmit } from './dialog-submit';
import { DialogForm } from './DialogForm';
import { CATALOGUE_FIELDS, CatalogueFieldInputs } from './fields';
import type { FormProps } from './FormDialog';
import { openCatalogue } from './OverlayHost';

export function CatalogueForm({ values, close }: FormProps<CatalogueFields>) {
  const form = useDialogSubmit({
    fields: CATALOGUE_FIELDS,
    compose: (f) => catalogueMail(site.mailboxes.catalogue, f),
    sentTitle: 'Catalogue request sent',
    reopen: openCatalogue,
    close,
  });
  return (
    <DialogForm {...form} close={close} label="Request Catalogue">
      <CatalogueFieldInputs values={values} autoFocus />
    </DialogForm>
  );
}
