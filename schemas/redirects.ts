// pages-data/redirects.json: where an address no page answers any more leads (D17). The studio adds
// an entry when it moves a page (or deletes one, if the author names where its visitors go); authors
// add the addresses of the old site by hand. `npm run serve`, nginx, the static hosts' _redirects and
// navigation inside the app answer each `from` with a 301 to its `to`, keeping the query.
import { z } from 'zod';
import { reference } from './primitives.ts';
import { PATTERN_SEGMENT, SLUG } from './routes.ts';

const word = SLUG;
const pattern = PATTERN_SEGMENT.replace(/[[\]]/g, '\\$&');

/** An address, of this site or of the old one: letters, digits, - _ . ~ between slashes. */
const fromPath = z
  .string()
  .regex(new RegExp(`^(?:/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+(?:/${pattern})?$|^/${pattern}$`), 'a path such as /services/microscopy or /about-us.html, without ? or #')
  .meta({ description: `The old address, e.g. /services/microscopy. Ending in ${PATTERN_SEGMENT}, it stands for every address one level under it.` });

const toPath = z
  .string()
  .regex(new RegExp(`^/(?:${word}(?:/${word})*)?(?:/${pattern})?$`), 'a page of this site such as /services/microscopes, without ? or #')
  .meta({ description: `The page it leads to, e.g. /services/microscopes. Ending in ${PATTERN_SEGMENT} when the old address does.`, ...reference('page') });

export const redirect = z
  .strictObject({ from: fromPath, to: toPath })
  .refine((r) => r.from.endsWith(`/${PATTERN_SEGMENT}`) === r.to.endsWith(`/${PATTERN_SEGMENT}`), {
    error: `both addresses ending in /${PATTERN_SEGMENT}, or neither`,
    path: ['to'],
    params: { code: 'bad-format' },
  });
export type Redirect = z.infer<typeof redirect>;

export const redirectsDocument = z
  .strictObject({
    $schema: z.string().optional(),
    redirects: z.array(redirect).meta({ description: 'Permanent redirects (301), each from an address no page answers to a page of the site.' }),
  })
  .meta({ title: 'Redirects', description: 'Old addresses and the pages they lead to.' });
export type RedirectsDocument = z.infer<typeof redirectsDocument>;
