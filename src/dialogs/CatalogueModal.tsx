import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import type { ContextModalProps } from '@mantine/modals';
import type { FormEvent } from 'react';
import site from 'virtual:site';
import { openMailProgram } from '../lib/browser';
import { catalogueMail, mailtoUrl } from '../lib/mail';
import { formValues } from './form';

export function CatalogueModal({ context, id, innerProps }: ContextModalProps<{ interest: string }>) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = formValues(e.currentTarget, ['name', 'email', 'interest', 'notes']);
    openMailProgram(mailtoUrl(catalogueMail(site.mailboxes.catalogue, f)));
    context.closeModal(id);
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput name="name" label="Name" autoComplete="name" required data-autofocus />
        <TextInput name="email" type="email" label="Email" autoComplete="email" required />
        <TextInput name="interest" label="Catalogue/Interest" defaultValue={innerProps.interest} />
        <Textarea name="notes" label="Notes" rows={3} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={() => context.closeModal(id)}>Cancel</Button>
          <Button type="submit">Request Catalogue</Button>
        </Group>
      </Stack>
    </form>
  );
}
