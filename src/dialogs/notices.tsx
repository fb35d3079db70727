import { Anchor, Button, Group, Notification, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import site from 'virtual:site';
import { copyText } from '../lib/browser';
import type { Delivery, Failure } from '../lib/deliver';
import { type Mail, mailAsText, mailtoUrl, telUrl, whatsappUrl } from '../lib/mail';
import { DELIVERY_NOTICE, failureText, HANDOFF, HELD, HELD_ID, NOT_SENT } from './delivery-text';

// The notices every form shares (contact form, newsletter, quote and catalogue dialogs) for a message
// that is not known to be sent (D6). Part of the dialogs host, fetched on first use.

export type Undelivered = Exclude<Delivery, { outcome: 'sent' }>;

let shown = 0;

/**
 * Says what became of a message: handed to the mail app (and how to finish, or copy it), or not
 * sent (and the e-mail route). It stays until the visitor closes it or another outcome replaces it.
 * reopen, for a dialog that closed on the hand-off, brings it back with what was typed.
 */
export function showUndelivered(result: Undelivered, mail: Mail, reopen?: () => void) {
  const back = reopen && (() => {
    notifications.hide(DELIVERY_NOTICE);
    reopen();
  });
  notifications.hide(DELIVERY_NOTICE);
  // A new key, so a replaced notice starts afresh (its Copied status does not carry over).
  const key = ++shown;
  notifications.show({
    id: DELIVERY_NOTICE,
    autoClose: false,
    ...(result.outcome === 'mail'
      ? { color: 'blue', title: HANDOFF.title, message: <MailHandoff key={key} mail={mail} reopen={back} /> }
      : result.outcome === 'held'
        ? { color: 'yellow', title: HELD.title, message: <Held key={key} mail={mail} />, [HELD_ID]: result.id }
        : { color: 'red', title: NOT_SENT.title, message: <NotSent key={key} mail={mail} reason={result.reason} /> }),
  });
}


/**
 * The not-sent notice inside a dialog: a notification would sit outside the dialog's focus trap,
 * out of a keyboard's reach.
 */
export function NotSentAlert({ mail, reason }: { mail: Mail; reason: Failure }) {
  return (
    <Notification color="red" title={NOT_SENT.title} withCloseButton={false} withBorder>
      <NotSent mail={mail} reason={reason} />
    </Notification>
  );
}

function MailHandoff({ mail, reopen }: { mail: Mail; reopen?: () => void }) {
  const phone = site.phones[0]!;
  return (
    <Stack gap={6}>
      <Text size="sm">{HANDOFF.lead}</Text>
      <Text size="sm">
        Nothing opened? Write to us at <Anchor href={mailtoUrl(mail)}>{mail.to}</Anchor> or call <Anchor href={telUrl(phone)}>{phone}</Anchor>.
      </Text>
      <Group gap="xs">
        <CopyMessage mail={mail} />
        {reopen && (
          <Button size="xs" variant="default" onClick={reopen}>
            Back to the form
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** A message kept on the device until the network is back (D19): what happens to it, and the ways that work now. */
function Held({ mail }: { mail: Mail }) {
  const phone = site.phones[0]!;
  return (
    <Stack gap={6}>
      <Text size="sm">{HELD.lead}</Text>
      <Text size="sm">
        {HELD.now} <Anchor href={whatsappUrl(site.whatsapp, mail.body)} target="_blank" rel="noopener noreferrer">WhatsApp</Anchor> (it sends once you are online), or call <Anchor href={telUrl(phone)}>{phone}</Anchor>.
      </Text>
      <Group gap="xs">
        <CopyMessage mail={mail} />
      </Group>
    </Stack>
  );
}

function CopyMessage({ mail }: { mail: Mail }) {
  const [copied, setCopied] = useState<boolean>();
  return (
    <>
      <Button size="xs" variant="light" onClick={() => void copyText(mailAsText(mail)).then(setCopied)}>
        Copy message
      </Button>
      {/* A live region from the start, so the result is announced when it appears. */}
      <Text size="sm" role="status">
        {copied === true ? 'Copied' : copied === false ? 'Your browser did not allow copying' : ''}
      </Text>
    </>
  );
}

function NotSent({ mail, reason }: { mail: Mail; reason: Failure }) {
  return (
    <Text size="sm">
      {failureText(reason)} {NOT_SENT.kept} <Anchor href={mailtoUrl(mail)}>{NOT_SENT.mailRoute}</Anchor>.
    </Text>
  );
}
