import { z } from 'zod';
import { MAX_LENGTH, externalUrl, pageLink, text } from './primitives.ts';

/**
 * What a button or link does (D5). Every button names one; there is no other way to make a link,
 * so no content can carry a javascript: or data: URL.
 */
export const action = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('link'), to: pageLink }).meta({ description: 'Go to a page of this site.' }),
    z.strictObject({ kind: z.literal('external'), href: externalUrl }).meta({ description: 'Open another site in a new tab.' }),
    z
      .strictObject({
        kind: z.literal('email'),
        mailbox: z.enum(['contact', 'catalogue']).default('contact').meta({ description: 'Which mailbox of the site document.' }),
        subject: z.string().max(MAX_LENGTH.title).optional(),
      })
      .meta({ description: "Write an e-mail to one of the company's mailboxes." }),
    z.strictObject({ kind: z.literal('call') }).meta({ description: "Call the company's first phone number." }),
    z
      .strictObject({ kind: z.literal('whatsapp'), message: z.string().max(MAX_LENGTH.lead).optional() })
      .meta({ description: 'Open a WhatsApp chat with the company.' }),
    z
      .strictObject({
        kind: z.literal('quote'),
        details: z.string().max(MAX_LENGTH.lead).optional().meta({ description: 'Prefills the Details field, e.g. "Demonstration request: water testing".' }),
      })
      .meta({ description: 'Open the Request Quote dialog.' }),
    z
      .strictObject({
        kind: z.literal('catalogue'),
        interest: z.string().max(MAX_LENGTH.title).optional().meta({ description: 'Prefills the Catalogue/Interest field, e.g. "Laboratory chemicals".' }),
      })
      .meta({ description: 'Open the Product Catalogue Request dialog.' }),
  ])
  .meta({ description: 'What happens on click: link, external, email, call, whatsapp, quote or catalogue.' });
export type Action = z.infer<typeof action>;

export const button = z
  .strictObject({
    label: text('The words on the button.', 'label'),
    action,
    variant: z.enum(['primary', 'secondary']).default('primary').meta({ description: 'primary: filled; secondary: outlined.' }),
  })
  .meta({ description: 'A button with its label and action.' });
export type Button = z.infer<typeof button>;

/** A text link: the same contract as a button, drawn as a link. */
export const link = z.strictObject({ label: text('The link text.', 'label'), action });
export type Link = z.infer<typeof link>;
