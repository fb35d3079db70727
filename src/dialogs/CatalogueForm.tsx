import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import site from 'virtual:site';
import { type CatalogueFields, catalogueMail } from '../lib/mail';
import { useDialogSubmit } from './dialog-submit';
import { NotSentAlert } from './notices';
import type { FormProps } from './FormDialog';
import { openCatalogue } from './OverlayHost';

export function CatalogueForm({ values, close }: FormProps<CatalogueFields>) {
  const { submit, sending, failed } = useDialogSubmit({
    fields: ['name', 'email', 'interest', 'notes'],
    compose: (f) => catalogueMail(site.mailboxes.catalogue, f),
    sentTitle: 'Catalogue request sent',
    reopen: openCatalogue,
    close,
  });
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput name="name" type="text" label="Name" autoComplete="name" required data-autofocus defaultValue={values.name} />
        <TextInput name="email" type="email" label="Email" autoComplete="email" required defaultValue={values.email} />
        <TextInput name="interest" type="text" label="Catalogue/Interest" defaultValue={values.interest} />
        <Textarea name="notes" label="Notes" rows={3} defaultValue={values.notes} />
        {failed && <NotSentAlert {...failed} />}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={close}>Cancel</Button>
          <Button type="submit" loading={sending}>Request Catalogue</Button>
        </Group>
      </Stack>
    </form>
  );
}
