import site from 'virtual:site';
import { type QuoteFields, quoteMail } from '../lib/mail';
import { useDialogSubmit } from './dialog-submit';
import { DialogForm } from './DialogForm';
import { QUOTE_FIELDS, QuoteFieldInputs } from './fields';
import type { FormProps } from './FormDialog';
import { openQuote } from './OverlayHost';

export function QuoteForm({ values, close }: FormProps<QuoteFields>) {
  const form = useDialogSubmit({
    fields: QUOTE_FIELDS,
    compose: (f) => quoteMail(site.mailboxes.contact, f),
    sentTitle: 'Quote request sent',
    reopen: openQuote,
    close,
  });
  return (
    <DialogForm {...form} close={close} label="Send Request">
      <QuoteFieldInputs values={values} autoFocus />
    </DialogForm>
  );
}
