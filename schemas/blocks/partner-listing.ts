import { z } from 'zod';
import { partnerId, text } from '../primitives.ts';
import { fixedSlot } from '../slots.ts';
import { sectionFields } from './common.ts';
import { defineBlock, noOffers, ownAnchor, section } from './define.ts';

export const partnerListing = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('partner-listing'),
      ...sectionFields,
      groups: z
        .array(z.strictObject({ title: text('Group heading, e.g. "Water Testing & Analysis".', 'title'), partners: z.array(partnerId).min(1) }))
        .min(1),
    })
    .meta({ title: 'Partner listing', description: 'Partners grouped by category, each with Learn More and Visit Site.' }),
  place: 'body',
  resolve: (b, records) => ({ groups: b.groups.map((g) => ({ title: g.title, partners: g.partners.map((id) => records.partner(id)) })) }),
  anchors: ownAnchor,
  search: (b) => section(b),
  offers: noOffers,
  pictures: (_, { groups }) => groups.flatMap((g) => g.partners.map((p) => ({ src: p.logo, slot: fixedSlot(160) }))),
});
