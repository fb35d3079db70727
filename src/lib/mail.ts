// Mail composition for every mailto the site opens (specification section 7, D6, D8). Pure, so the
// exact subjects and bodies are unit-tested and any input survives the round trip through the URL.

export interface QuoteFields { name: string; email: string; phone: string; company: string; details: string }
export interface CatalogueFields { name: string; email: string; interest: string; notes: string }
export interface ContactFields { name: string; email: string; phone: string; company: string; message: string }

export interface Mail { to: string; subject: string; body: string }

const visitor = (name: string) => name.trim() || 'Website Visitor';

/**
 * Line breaks of any kind (\n, \r\n, a lone \r) travel as CRLF, as RFC 6068 asks, and come back
 * from parseMailto as \n: a body is normalised to \n line breaks, everything else is kept exactly.
 * A lone surrogate (half an emoji pasted into a field) cannot be percent-encoded, so it becomes
 * U+FFFD instead of throwing.
 */
export function mailtoUrl({ to, subject, body }: Mail): string {
  const params = [`subject=${encode(subject)}`];
  if (body) params.push(`body=${encode(body.replace(/\r\n?|\n/g, '\r\n'))}`);
  return `mailto:${to}?${params.join('&')}`;
}

const encode = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

/** Reads a mailto URL back into its parts (tests, and anything that needs to inspect one). */
export function parseMailto(url: string): Mail {
  const m = /^mailto:([^?]*)\??(.*)$/s.exec(url);
  if (!m) throw new Error(`not a mailto URL: ${url}`);
  const params = new Map<string, string>();
  for (const pair of m[2]!.split('&').filter(Boolean)) {
    const eq = pair.indexOf('=');
    const [k, v] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
    params.set(decodeURIComponent(k).toLowerCase(), decodeURIComponent(v));
  }
  return { to: decodeURIComponent(m[1]!), subject: params.get('subject') ?? '', body: (params.get('body') ?? '').replace(/\r\n/g, '\n') };
}

/** A composed message as plain text, to paste into any mail program or webmail. */
export const mailAsText = ({ to, subject, body }: Mail) => `To: ${to}\nSubject: ${subject}\n\n${body}`;

export function quoteMail(to: string, f: QuoteFields): Mail {
  return {
    to,
    subject: `Quote Request from ${visitor(f.name)}`,
    body: [`Name: ${f.name}`, `Email: ${f.email}`, `Phone: ${f.phone}`, `Company: ${f.company}`, `Details: ${f.details}`].join('\n'),
  };
}

export function catalogueMail(to: string, f: CatalogueFields): Mail {
  return {
    to,
    subject: `Product Catalogue Request from ${visitor(f.name)}`,
    body: [`Name: ${f.name}`, `Email: ${f.email}`, `Interest: ${f.interest}`, `Notes: ${f.notes}`].join('\n'),
  };
}

export function contactMail(to: string, f: ContactFields): Mail {
  return {
    to,
    subject: `Website enquiry from ${visitor(f.name)}`,
    body: [`Name: ${f.name}`, `Email: ${f.email}`, `Phone: ${f.phone}`, `Company/Institution: ${f.company}`, '', f.message].join('\n'),
  };
}

export function newsletterMail(to: string, email: string): Mail {
  return { to, subject: 'Newsletter subscription', body: `Please add ${email} to the newsletter.` };
}

/** A product's quote request (specification section 7); its model or part number and pack size, where it has them, are named too. */
export function productQuoteMail(
  to: string,
  product: { name: string; description: string; category: string; model?: string | undefined; packSize?: string | undefined },
  supplierName: string,
): Mail {
  return {
    to,
    subject: `Quote Request: ${product.name} - ${supplierName}`,
    body: [
      'Hello,',
      '',
      `I would like pricing, availability and delivery information for the following product:`,
      '',
      `Product: ${product.name}`,
      ...(product.model ? [`Model or part number: ${product.model}`] : []),
      ...(product.packSize ? [`Pack size: ${product.packSize}`] : []),
      `Description: ${product.description}`,
      `Category: ${product.category}`,
      '',
      'Please include lead times and any options or accessories I should consider.',
      '',
      'Best regards,',
    ].join('\n'),
  };
}

/** tel: and wa.me links from the site document's numbers. */
export const telUrl = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
export const whatsappUrl = (number: string, message?: string) =>
  `https://wa.me/${number}${message ? `?text=${encodeURIComponent(message)}` : ''}`;

/** A product on the buyer's quote list (D18), as a request names it; a pack by its order code and label (D22). */
export interface ListedProduct { name: string; brand: string; model?: string | undefined; code?: string | undefined; pack?: string | undefined; quantity: number; note: string }

/**
 * An item as one line of a request: a pack as "<order code>, <product name>, <pack label> × <quantity>"
 * (D22: what sales look the pack up by comes first); a product without packs by its quantity, name,
 * brand and model; the buyer's note after either.
 */
export const itemLine = (p: ListedProduct) =>
  (p.code ? `${p.code}, ${p.name}, ${p.pack} × ${p.quantity}` : `${p.quantity} × ${p.name} (${p.brand}${p.model ? `, model ${p.model}` : ''})`) + (p.note.trim() ? ` – ${p.note.trim()}` : '');

/** One line per item, numbered. */
export const productLines = (items: readonly ListedProduct[]) => items.map((p, i) => `${i + 1}. ${itemLine(p)}`);

/** The quote list as one request (D18): the buyer's details, every product, then anything else they wrote. */
export function quoteListMail(to: string, f: QuoteFields, items: readonly ListedProduct[]): Mail {
  if (items.length === 0) return quoteMail(to, f);
  return {
    to,
    subject: `Quote Request from ${visitor(f.name)} (${items.length === 1 ? '1 product' : `${items.length} products`})`,
    body: [`Name: ${f.name}`, `Email: ${f.email}`, `Phone: ${f.phone}`, `Company: ${f.company}`, '', 'Products:', ...productLines(items), '', `Details: ${f.details}`].join('\n'),
  };
}

/** The same request as a WhatsApp message. */
export function quoteListChat(f: QuoteFields, items: readonly ListedProduct[]): string {
  return [
    'Hello, I would like a quotation for:',
    ...productLines(items),
    ...(f.details.trim() ? ['', f.details.trim()] : []),
    '',
    [f.name, f.company, f.email, f.phone].filter((v) => v.trim()).join(', '),
  ].join('\n');
}

/** About the longest mailto link every mail program opens whole; past it, a request is copied instead (D18). */
export const MAILTO_LIMIT = 1800;
