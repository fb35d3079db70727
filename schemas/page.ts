import { z } from 'zod';
import { block } from './blocks/index.ts';
import { collections } from './collections.ts';
import { MAX_LENGTH, image, text } from './primitives.ts';

export const pageMeta = z.strictObject({
  title: text('The page title; the site suffix is added after it.', 'title'),
  description: z.string().trim().min(50).max(160).meta({ description: 'Search and share description, 50 to 160 characters.' }),
  keywords: z.array(z.string().trim().min(1).max(MAX_LENGTH.label)).min(1).meta({ description: 'Search keywords for this page.' }),
  image: image.optional().meta({ description: 'Share image; the site default is used when absent.' }),
  noindex: z.boolean().optional().meta({ description: 'Keep this page out of search engines and the sitemap (the not-found page must have it).' }),
  searchGroup: z
    .enum(['service', 'industry', 'policy'])
    .optional()
    .meta({ description: 'The group the site search lists this page under: products & services, industries or policies (pages when absent).' }),
});

export const pageDocument = z
  .strictObject({
    $schema: z.string().optional(),
    collection: z
      .enum(collections)
      .optional()
      .meta({
        description:
          'Makes this page a template (its file is named [id].json): every entry of the collection gets a page at this route with its id in place of [id], and {name}-style words in its texts are replaced by the entry\'s.',
      }),
    meta: pageMeta,
    blocks: z.array(block).min(1).meta({ description: 'The sections of the page, top to bottom: an opening block (hero) first, a cta-banner last.' }),
  })
  .meta({ title: 'Page document', description: 'One page of the site: its meta and its blocks.' });
export type PageDocument = z.infer<typeof pageDocument>;
export type PageMeta = z.infer<typeof pageMeta>;
