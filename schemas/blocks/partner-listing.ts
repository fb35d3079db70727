import { z } from 'zod';
import { slug, text } from '../primitives.ts';
import { sectionFields } from './common.ts';

export const partnerListing = z
  .strictObject({
    type: z.literal('partner-listing'),
    ...sectionFields,
    groups: z
      .array(z.strictObject({ title: text('Group heading, e.g. "Water Testing & Analysis".'), partners: z.array(slug).min(1) }))
      .min(1),
  })
  .meta({ description: 'Partners grouped by category, each with Learn More and Visit Site.' });
