import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import type { ContextModalProps } from '@mantine/modals';
import site from 'virtual:site';
import { type CatalogueFields, catalogueMail } from '../lib/mail';
import { useDialogSubmit } from './dialog-submit';
import { NotSentAlert } from './notices';
import { openCatalogue } from './OverlayHost';

export function CatalogueModal({ context, id, innerProps: { values } }: ContextModalProps<{ values: Partial<CatalogueFields> }>) {
  const { submit, sending, failed } = useDialogSubmit({
    fields: ['name', 'email', 'interest', 'notes'],
    compose: (f) => catalogueMail(site.mailboxes.catalogue, f),
    sentTitle: 'Catalogue request sent',
    reopen: openCatalogue,
    close: () => context.closeModal(id),
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
          <Button variant="default" onClick={() => context.closeModal(id)}>Cancel</Button>
          <Button type="submit" loading={sending}>Request Catalogue</Button>
        </Group>
      </Stack>
    </form>
  );
}
