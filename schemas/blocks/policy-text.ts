import { z } from 'zod';
import { text } from '../primitives.ts';
import { itemList, sectionFields } from './common.ts';

export const policyText = z
  .strictObject({
    type: z.literal('policy-text'),
    ...sectionFields,
    facts: z
      .array(z.strictObject({ label: text('e.g. "Effective date"'), value: text('e.g. "01/01/2025"') }))
      .optional()
      .meta({ description: 'Document facts shown above the text: dates, version, reference.' }),
    sections: z
      .array(
        z.strictObject({
          heading: text('Section heading.'),
          paragraphs: z.array(z.string().trim().min(1)).default([]),
          items: itemList.optional(),
        }),
      )
      .min(1),
  })
  .meta({ description: 'Long static text (policies, legal pages) with numbered sections and a table of contents.' });

