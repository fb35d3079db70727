import { z } from 'zod';
import { slug } from '../primitives.ts';

export const partnerProfile = z
  .strictObject({
    type: z.literal('partner-profile'),
    partner: slug.meta({ description: 'A partner id from pages-data/records/partners.json.' }),
  })
  .meta({ description: "A partner's page: hero, specialties, certifications, countries and contact card." });
