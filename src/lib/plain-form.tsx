import type { ReactNode } from 'react';
import { mailtoUrl } from './mail';

/**
 * How a form delivers before (or without) the app's scripts (D19): as a real form the browser itself
 * submits. With a form endpoint, a POST of its fields (application/x-www-form-urlencoded, the subject
 * in a hidden field), after which the browser shows the endpoint's answer; without one, a POST to a
 * mailto address, which opens the mail program with the fields as the message's body. Never a GET:
 * a message must not end up in an address, a server's log or the browser's history. Before the app
 * runs, the page's inline script sends that mailto with the body encoded as mail programs read it
 * (src/page/early-forms.ts); a browser without any script sends its own text/plain body. Once the app
 * runs, the form's submit handler takes over (src/lib/deliver.ts).
 */
export function plainForm(endpoint: string | null, mail: { to: string; subject: string }): {
  attributes: { action: string; method: 'post'; encType?: 'text/plain' };
  hidden: ReactNode;
} {
  if (endpoint) return { attributes: { action: endpoint, method: 'post' }, hidden: <input type="hidden" name="subject" value={mail.subject} /> };
  return { attributes: { action: mailtoUrl({ ...mail, body: '' }), method: 'post', encType: 'text/plain' }, hidden: null };
}
