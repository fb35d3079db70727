import { Textarea, TextInput } from '@mantine/core';
import type { CatalogueFields, QuoteFields } from '../lib/mail';

// The fields of the quote and catalogue requests (specification section 3 and 5), the same in the
// dialogs and on the pages of their own (the request-form block). A field marked data-from-query is
// filled in from the page's address before the app runs (src/page/early-forms.ts), and by usePrefill once it does.

/** `autoFocus`: the first field takes focus as a dialog opens (Mantine's data-autofocus). */
export function QuoteFieldInputs({ values, autoFocus = false }: { values: Partial<QuoteFields>; autoFocus?: boolean }) {
  return (
    <>
      <TextInput name="name" type="text" label="Full Name" autoComplete="name" required data-autofocus={autoFocus || undefined} defaultValue={values.name} />
      <TextInput name="email" type="email" label="Email Address" autoComplete="email" required defaultValue={values.email} />
      <TextInput name="phone" type="tel" label="Phone Number" autoComplete="tel" defaultValue={values.phone} />
      <TextInput name="company" type="text" label="Company/Institution" autoComplete="organization" defaultValue={values.company} />
      <Textarea name="details" label="Details" description="Products, quantities and delivery location" rows={4} defaultValue={values.details} data-from-query />
    </>
  );
}

export function CatalogueFieldInputs({ values, autoFocus = false }: { values: Partial<CatalogueFields>; autoFocus?: boolean }) {
  return (
    <>
      <TextInput name="name" type="text" label="Name" autoComplete="name" required data-autofocus={autoFocus || undefined} defaultValue={values.name} />
      <TextInput name="email" type="email" label="Email" autoComplete="email" required defaultValue={values.email} />
      <TextInput name="interest" type="text" label="Catalogue/Interest" defaultValue={values.interest} data-from-query />
      <Textarea name="notes" label="Notes" rows={3} defaultValue={values.notes} />
    </>
  );
}

export const QUOTE_FIELDS = ['name', 'email', 'phone', 'company', 'details'] as const;
export const CATALOGUE_FIELDS = ['name', 'email', 'interest', 'notes'] as const;
