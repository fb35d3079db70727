// Mail composition for every mailto the site opens (specification section 7, D6, D8). Pure, so the
// exact subjects and bodies are unit-tested and any input survives the round trip through the URL.

export interface QuoteFields { name: string; email: string; phone: string; company: string; details: string }
export interface CatalogueFields { name: string; email: string; interest: string; notes: string }
export interface ContactFields { name: string; email: string; phone: string; company: string; message: string }

export interface Mail { to: string; subject: string; body: string }

const visitor = (name: string) => name.trim() || 'Website Visitor';

export function mailtoUrl({ to, subject, body }: Mail): string {
  const params = [`subject=${encodeURIComponent(subject)}`];
  if (body) params.push(`body=${encodeURIComponent(body.replace(/\r?\n/g, '\r\n'))}`);
  return `mailto:${to}?${params.join('&')}`;
}

/** Reads a mailto URL back into its parts (tests, and anything that needs to inspect one). */
export function parseMailto(url: string): Mail {
  const m = /^mailto:([^?]*)\??(.*)$/.exec(url);
  if (!m) throw new Error(`not a mailto URL: ${url}`);
  const params = new Map<string, string>();
  for (const pair of m[2]!.split('&').filter(Boolean)) {
    const [k, v = ''] = pair.split('=');
    params.set(k!, decodeURIComponent(v));
  }
  return { to: decodeURIComponent(m[1]!), subject: params.get('subject') ?? '', body: (params.get('body') ?? '').replace(/\r\n/g, '\n') };
}

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

export function productQuoteMail(to: string, product: { name: string; description: string; category: string }, supplierName: string): Mail {
  return {
    to,
    subject: `Quote Request: ${product.name} - ${supplierName}`,
    body: [
      'Hello,',
      '',
      `I would like pricing, availability and delivery information for the following product:`,
      '',
      `Product: ${product.name}`,
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
