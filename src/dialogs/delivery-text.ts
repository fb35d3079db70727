// What the site tells a visitor about a message they submitted and that is not (yet) sent (D6): the
// notices of notices.tsx and the plain fallback of index.tsx, when the notices cannot be fetched.
import { type Failure, TIME_LIMIT_MS } from '../lib/deliver';

/** The one notice about an undelivered message on screen at a time: a new outcome replaces it. */
export const DELIVERY_NOTICE = 'delivery';

export const HANDOFF = {
  title: 'Over to your mail app',
  lead: 'Your mail app should open with your message: press Send there.',
};

export const NOT_SENT = {
  title: 'Your message did not reach us',
  kept: 'Everything you typed is still in the form.',
  mailRoute: 'Send it from your mail app instead',
};

/** A message kept on the device while the network is down (src/outbox/outbox.ts). */
export const HELD = {
  title: 'Saved on this phone, not sent yet',
  lead: 'We could not reach our server, so your message is kept on this device. It will be sent once you are back online, and we will tell you when it has gone.',
  now: 'To reach us now:',
};

/** Where the notice of a kept message names it (its outbox id): the notice goes once the message has. */
export const HELD_ID = 'data-held';

/** A kept message, once it has gone (or was refused for good). */
export const heldSentTitle = (subject: string) => `Sent: ${subject}`;
export const HELD_SENT = 'The message kept on this device while you were offline has reached us.';
export const heldRefusedText = (status: number) => `The message kept on this device was refused by our server (${status}).`;

export function failureText(reason: Failure): string {
  if (reason === 'timeout') return `Our server did not answer within ${TIME_LIMIT_MS / 1000} seconds.`;
  if (reason === 'network') return 'We could not reach our server.';
  return `Our server answered with an error (${reason}).`;
}
