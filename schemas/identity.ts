// The company's identity is written once, in the site document (D1). Any text of any document names
// it by a {token} ("{company} supplies..."), and a record that reaches the company gives its mailbox
// as one ("email": "{email}"); the content is filled in from pages-data/site.json as it is loaded, so
// changing that file changes the company everywhere.
import { z } from 'zod';
import { TOKEN } from './collections.ts';
import { email } from './primitives.ts';
import type { SiteDocument } from './site.ts';

/** Each token and what it stands for, from the site document. */
export const identityTokens = {
  company: { what: 'the company\'s name (name)', of: (s: SiteDocument) => s.name },
  shortName: { what: 'its short name (shortName)', of: (s: SiteDocument) => s.shortName },
  tagline: { what: 'its principle (tagline)', of: (s: SiteDocument) => s.tagline },
  email: { what: 'the contact mailbox (mailboxes.contact)', of: (s: SiteDocument) => s.mailboxes.contact },
  catalogueEmail: { what: 'the catalogue mailbox (mailboxes.catalogue)', of: (s: SiteDocument) => s.mailboxes.catalogue },
  phone: { what: 'the first phone number (phones)', of: (s: SiteDocument) => s.phones[0]! },
  address: {
    what: 'the address on one line (address)',
    of: (s: SiteDocument) => [s.address.building, s.address.street, s.address.area, s.address.city].join(', '),
  },
} as const;

export type IdentityToken = keyof typeof identityTokens;
export const identityTokenNames = Object.keys(identityTokens) as IdentityToken[];

/** `value` (a document, or any part of one) with each identity {token} in its texts filled in; other {words} are left as they are. */
export function withIdentity<T>(value: T, site: SiteDocument): T {
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string') return v.includes('{') ? v.replace(TOKEN, (m, k: string) => (k in identityTokens ? identityTokens[k as IdentityToken].of(site) : m)) : v;
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return fill(value) as T;
}

/** A mailbox a record gives: an address, or one of the company's own by its token. */
export const mailboxAddress = z
  .union([
    email,
    z.enum(['{email}', '{catalogueEmail}']).meta({ title: "The company's mailbox", description: 'The contact ({email}) or the catalogue ({catalogueEmail}) mailbox of pages-data/site.json.' }),
  ])
  .meta({
  description: 'An e-mail address, or "{email}" (or "{catalogueEmail}") for the company\'s own mailbox of pages-data/site.json.',
});

/**
 * Where a site document still holds the fictional company the project ships with (D1): an address or
 * a handle on the reserved .example domain (or ending in "example"), or one of its +254 700 000 10x
 * numbers. What a production build would publish as the company's until replaced.
 */
export function exampleIdentity(site: unknown, path: (string | number)[] = []): { path: (string | number)[]; value: string }[] {
  if (typeof site === 'string') return /[._-]example\b|\b700 ?000 ?10\d\b|\b25470000010\d\b/i.test(site) ? [{ path, value: site }] : [];
  if (Array.isArray(site)) return site.flatMap((v, i) => exampleIdentity(v, [...path, i]));
  if (site && typeof site === 'object') return Object.entries(site).flatMap(([k, v]) => (k === '$schema' ? [] : exampleIdentity(v, [...path, k])));
  return [];
}
