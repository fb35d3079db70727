import { Textarea, TextInput } from '@mantine/core';
import site from 'virtual:site';
import { type QuoteFields, quoteMail } from '../lib/mail';
import { useDialogSubmit } from './dialog-submit';
import { DialogForm } from './DialogForm';
import type { FormProps } from './FormDialog';
import { openQuote } from './OverlayHost';

export function QuoteForm({ values, close }: FormProps<QuoteFields>) {
  const form = useDialogSubmit({
    fields: ['name', 'email', 'phone', 'company', 'details'],
    compose: (f) => quoteMail(site.mailboxes.contact, f),
    sentTitle: 'Quote request sent',
    reopen: openQuote,
    close,
  });
  return (
    <DialogForm {...form} close={close} label="Send Request">
      <TextInput name="name" type="text" label="Full Name" autoComplete="name" required data-autofocus defaultValue={values.name} />
      <TextInput name="email" type="email" label="Email Address" autoComplete="email" required defaultValue={values.email} />
      <TextInput name="phone" type="tel" label="Phone Number" autoComplete="tel" defaultValue={values.phone} />
      <TextInput name="company" type="text" label="Company/Institution" autoComplete="organization" defaultValue={values.company} />
      <Textarea name="details" label="Details" description="Products, quantities and delivery location" rows={4} defaultValue={values.details} />
    </DialogForm>
  );
}
