// The forms of a prerendered page before the app's scripts arrive (D19), an inline script of every page
// (prerender.ts puts it in the head after the Save-Data one; the Content-Security-Policy allows exactly
// this text by its hash, src/node/serve/headers.ts). On a slow network the app may come seconds later, or
// never; this comes with the HTML. It
// - fills in the fields the address names (data-from-query: ?details= from a Request Quote button,
//   ?interest= from a catalogue button), and for a product added to the quote list before the app ran
//   (src/quote-list/from-address.ts) writes it into Details as a request names it (src/lib/mail.ts
//   itemLine: a pack's code first) with its page's address, leaving the line in
//   window.quoteLineFromAddress: once the app has put the product on the list, it takes the line out;
// - sends a form to the mail program as a mailto whose body is percent-encoded (RFC 6068), each field
//   on a line after its label: a browser's own mailto POST mangles it (Chromium's text/plain turns "+"
//   into a space, "&" into a line break and non-ASCII into mojibake);
// - has a form's WhatsApp link carry what was typed.
// Once the app runs, its handlers act first (a form's submit is then prevented, a WhatsApp link has its
// text): this does nothing more. Without scripts, the browser's own form and link are all there is.
import { ADDED } from '../quote-list/from-address.ts';

export const FORMS_SCRIPT = `(()=>{
const q=new URLSearchParams(location.search),enc=s=>encodeURIComponent(s.toWellFormed?.()??s),
text=f=>[...f.elements].filter(e=>e.name&&e.type!='hidden'&&e.value&&e.labels?.length).map(e=>e.labels[0].textContent.replace(/\\s*\\*$/,'')+': '+e.value).join('\\n');
addEventListener('DOMContentLoaded',()=>{
for(const e of document.querySelectorAll('[data-from-query]')){const v=q.get(e.name);if(v&&!e.value)e.value=v}
const p=q.get('${ADDED.page}'),d=document.querySelector('form textarea[name=details]');
if(p?.[0]=='/'&&d&&!d.value)d.value=window.quoteLineFromAddress=[q.get('${ADDED.code}'),q.get('${ADDED.name}')||p,q.get('${ADDED.pack}')].filter(Boolean).join(', ')+' \\u00d7 1: '+location.origin+p});
addEventListener('submit',e=>{const f=e.target;if(e.defaultPrevented||f.method!='post'||!f.action.startsWith('mailto:'))return;
const u=f.action+(f.action.includes('?')?'&':'?')+'body='+enc(text(f).replace(/\\n/g,'\\r\\n'));e.preventDefault();location.href=u});
addEventListener('click',e=>{const a=e.target.closest?.('form a[href^="https://wa.me/"]');if(a&&!e.defaultPrevented&&!a.search)a.search='text='+enc(text(a.closest('form')))})})()`;

declare global {
  interface Window {
    /** The line FORMS_SCRIPT wrote into Details for a product the address added, if it did. */
    quoteLineFromAddress?: string;
  }
}
