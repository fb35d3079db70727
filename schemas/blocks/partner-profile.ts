import { z } from 'zod';
import { partnerId } from '../primitives.ts';
import { besideHeading, fixedSlot } from '../slots.ts';
import { defineBlock } from './define.ts';

export const partnerProfile = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('partner-profile'),
      partner: partnerId,
    })
    .meta({ title: 'Partner profile', description: "A partner's page: hero (the page's h1), specialties, certifications, countries and contact card." }),
  place: 'opening',
  resolve: (b, records) => ({ partner: records.partner(b.partner) }),
  anchors: () => ['about-partner'],
  search: (_, { partner }) => ({ page: { title: partner.name, words: [...partner.specialties, partner.category], kind: 'Partner' } }),
  offers: (_, { partner }) => partner.specialties.map((s) => `${partner.name} ${s}`),
  // The picture first: the page's largest, which the opening block's first picture is fetched as (at once, at high priority).
  pictures: (_, { partner }) => [
    { src: partner.image, slot: besideHeading },
    { src: partner.logo, slot: fixedSlot(240) },
  ],
});
