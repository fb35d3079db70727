import { z } from 'zod';
import { readDays, readHours } from './hours.ts';
import { MAX_LENGTH, email, externalUrl, httpsUrl, image, pageLink, phone, siteOrigin, text } from './primitives.ts';

const navLink = z.strictObject({ label: text('Link text.', 'label'), to: pageLink });

const navItem = z.union([
  z
    .strictObject({
      label: text('Menu label.', 'label'),
      to: pageLink,
      mobileTo: pageLink.optional().meta({ description: 'Where the mobile menu points instead (e.g. /#contact).' }),
    })
    .meta({ title: 'Link', description: 'A link in the header.' }),
  z
    .strictObject({
      label: text('Menu label.', 'label'),
      to: pageLink,
      menu: z
        .strictObject({ links: z.array(navLink).min(1), viewAll: navLink })
        .meta({ description: 'The mega-menu opened on hover or focus; ends with View All.' }),
    })
    .meta({ title: 'Menu', description: 'A header item that opens a menu of links.' }),
]);
export type NavItem = z.infer<typeof navItem>;

export const siteDocument = z
  .strictObject({
    $schema: z.string().optional(),
    name: text('Company name, e.g. "Acacia Scientific Ltd".', 'title'),
    shortName: text('Short name for the header.', 'title'),
    tagline: text('The principle, e.g. "Service with Care and Integrity".', 'title'),
    url: siteOrigin.meta({ description: 'Canonical site address (an origin: no path, no trailing slash); SITE_URL overrides it at build.' }),
    mailboxes: z.strictObject({
      contact: email.meta({ description: 'Contact and quote requests.' }),
      catalogue: email.meta({ description: 'Catalogue requests.' }),
    }),
    phones: z.array(phone).min(1).max(3),
    whatsapp: z.string().regex(/^\d{9,15}$/, 'digits only, with the country code, e.g. 254700000101').meta({ description: 'WhatsApp number for wa.me links.' }),
    address: z.strictObject({
      building: text('e.g. "Alpha Center"', 'label'),
      street: text('e.g. "Eastern Bypass"', 'label'),
      area: text('e.g. "Membley"', 'label'),
      city: text('e.g. "Nairobi"', 'label'),
      postalCode: text('e.g. "00200"', 'label'),
      country: z.string().length(2).meta({ description: 'ISO country code, e.g. KE.' }),
    }),
    map: z.strictObject({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      embedUrl: httpsUrl.meta({ description: 'The map iframe address (https).' }),
      linkUrl: externalUrl.meta({ description: 'Opens the map service in a new tab.' }),
    }),
    hours: z
      .array(
        z.strictObject({
          days: text('e.g. "Monday – Friday", "Saturday" or "Saturday, Sunday"', 'label').refine((v) => readDays(v) !== undefined, {
            error: 'days of the week, e.g. "Monday – Friday", "Saturday" or "Saturday, Sunday"',
            params: { code: 'opening-hours' },
          }),
          hours: text('e.g. "8:00 AM – 6:00 PM", "08:00 – 18:00" or "Closed"', 'label').refine((v) => readHours(v) !== undefined, {
            error: 'opening and closing times, e.g. "8:00 AM – 6:00 PM" or "08:00 – 18:00", or "Closed"',
            params: { code: 'opening-hours' },
          }),
        }),
      )
      .min(1)
      .meta({ description: 'Shown wherever hours are (home, contact page, footer), and read by search engines as the opening hours.' }),
    replyTime: text('Promised reply time, e.g. "24 hours".', 'label'),
    social: z
      .array(z.strictObject({ network: z.enum(['facebook', 'linkedin', 'x', 'instagram', 'youtube']), label: text('Accessible name.', 'label'), url: externalUrl }))
      .length(3),
    nav: z.strictObject({
      header: z.array(navItem).min(1),
      footerQuickLinks: z.array(navLink).min(1),
      footerLegal: z.array(navLink).min(1),
    }),
    pages: z
      .strictObject({
        quote: pageLink.meta({
          description:
            'The quote request page (a request-form block for quotes, with the quote list): the header\'s Quote list link, and where every Request Quote button leads before the scripts have loaded.',
        }),
        catalogue: pageLink.meta({ description: 'The catalogue request page (a request-form block for catalogues): where every catalogue button leads before the scripts have loaded.' }),
        search: pageLink.meta({ description: 'Where the header\'s search leads before the scripts have loaded: a page that shows the way to every part of the site.' }),
      })
      .meta({ description: 'Pages the site\'s own controls lead to (D19): the quote and catalogue dialogs and search open once the scripts run; these pages work without them.' }),
    footer: z.strictObject({
      about: text('A sentence about the company.'),
      newsletter: z.strictObject({ title: text('Heading.', 'title'), text: text('One sentence.') }),
      copyrightYear: z.int().min(2000).max(2100),
    }),
    seo: z.strictObject({
      titleSuffix: z.string().min(1).max(MAX_LENGTH.label).meta({ description: 'Added after every page title, with its leading space, e.g. " | Acacia Scientific".' }),
      defaultTitle: text('The title when a page has none of its own.', 'title'),
      description: z.string().min(50).max(160),
      keywords: z.array(z.string().max(MAX_LENGTH.label)).min(1),
      shareImage: image,
      themeColor: z.string().regex(/^#[0-9a-f]{6}$/i),
    }),
    features: z.strictObject({
      formEndpoint: httpsUrl
        .nullable()
        .meta({ description: 'Where the contact form, the newsletter box and the quote and catalogue dialogs POST their fields and subject as JSON; a message counts as sent only on a 2xx answer within 15 s. null hands each message to the visitor\'s mail program instead (D6).' }),
    }),
  })
  .meta({ title: 'Site document', description: 'The company identity, navigation, SEO defaults and switches (D1).' });
export type SiteDocument = z.infer<typeof siteDocument>;
