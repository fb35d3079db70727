import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import type { ContextModalProps } from '@mantine/modals';
import type { FormEvent } from 'react';
import site from 'virtual:site';
import { openMailProgram } from '../lib/browser';
import { mailtoUrl, quoteMail } from '../lib/mail';
import { formValues } from './form';

export function QuoteModal({ context, id, innerProps }: ContextModalProps<{ details: string }>) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = formValues(e.currentTarget, ['name', 'email', 'phone', 'company', 'details']);
    openMailProgram(mailtoUrl(quoteMail(site.mailboxes.contact, f)));
    context.closeModal(id);
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput name="name" label="Full Name" autoComplete="name" required data-autofocus />
        <TextInput name="email" type="email" label="Email Address" autoComplete="email" required />
        <TextInput name="phone" type="tel" label="Phone Number" autoComplete="tel" />
        <TextInput name="company" label="Company/Institution" autoComplete="organization" />
        <Textarea name="details" label="Details" description="Products, quantities and delivery location" rows={4} defaultValue={innerProps.details} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={() => context.closeModal(id)}>Cancel</Button>
          <Button type="submit">Send Request</Button>
        </Group>
      </Stack>
    </form>
  );
}
