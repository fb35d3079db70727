import { Textarea, TextInput } from '@mantine/core';
import site from 'virtual:site';
import { type CatalogueFields, catalogueMail } from '../lib/mail';
import { useDialogSubmit } from './dialog-submit';
import { DialogForm } from './DialogForm';
import type { FormProps } from './FormDialog';
import { openCatalogue } from './OverlayHost';

export function CatalogueForm({ values, close }: FormProps<CatalogueFields>) {
  const form = useDialogSubmit({
    fields: ['name', 'email', 'interest', 'notes'],
    compose: (f) => catalogueMail(site.mailboxes.catalogue, f),
    sentTitle: 'Catalogue request sent',
    reopen: openCatalogue,
    close,
  });
  return (
    <DialogForm {...form} close={close} label="Request Catalogue">
      <TextInput name="name" type="text" label="Name" autoComplete="name" required data-autofocus defaultValue={values.name} />
      <TextInput name="email" type="email" label="Email" autoComplete="email" required defaultValue={values.email} />
      <TextInput name="interest" type="text" label="Catalogue/Interest" defaultValue={values.interest} />
      <Textarea name="notes" label="Notes" rows={3} defaultValue={values.notes} />
    </DialogForm>
  );
}
