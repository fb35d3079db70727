import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import site from 'virtual:site';
import { deliver, type Failure } from '../lib/deliver';
import type { Mail } from '../lib/mail';
import { formValues } from './form';
import { showUndelivered } from './notices';

/**
 * Submitting a dialog's form (D6): once the endpoint has it, the dialog closes and says it was sent;
 * handed to the mail app, it closes (the specification's behaviour) and the notice says how to finish,
 * with the message to copy and the way back to the form as typed; kept on the device while the
 * network is down, it closes and says so; on a failure it stays open with
 * everything typed and says why, offering the e-mail route.
 */
export function useDialogSubmit<K extends string>(options: {
  fields: readonly K[];
  compose: (f: Record<K, string>) => Mail;
  sentTitle: string;
  reopen: (f: Record<K, string>) => void;
  close: () => void;
}) {
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState<{ mail: Mail; reason: Failure }>();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = formValues(e.currentTarget, options.fields);
    const mail = options.compose(f);
    setSending(true);
    const result = await deliver(site.features.formEndpoint, f, mail);
    if (result.outcome === 'failed') {
      setSending(false);
      setFailed({ mail, reason: result.reason });
      return;
    }
    options.close();
    if (result.outcome === 'sent') notifications.show({ color: 'teal', title: options.sentTitle, message: `We'll reply within ${site.replyTime}.` });
    // A message kept on the device (held) goes by itself once online: brought back, it could go twice.
    else showUndelivered(result, mail, result.outcome === 'mail' ? () => options.reopen(f) : undefined);
  };
  return { submit, sending, failed };
}
