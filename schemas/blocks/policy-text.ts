import { z } from 'zod';
import { policySectionAnchor } from '../anchors.ts';
import { MAX_LENGTH, text } from '../primitives.ts';
import { itemList, sectionFields } from './common.ts';
import { defineBlock, noOffers, noRecords, noPictures } from './define.ts';

export const policyText = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('policy-text'),
      ...sectionFields,
      facts: z
        .array(z.strictObject({ label: text('e.g. "Effective date"', 'label'), value: text('e.g. "01/01/2025"', 'label') }))
        .optional()
        .meta({ description: 'Document facts shown above the text: dates, version, reference.' }),
      sections: z
        .array(
          z.strictObject({
            heading: text('Section heading.', 'title'),
            paragraphs: z.array(z.string().trim().min(1).max(MAX_LENGTH.paragraph)).default([]),
            items: itemList.optional(),
          }),
        )
        .min(1),
    })
    .meta({ title: 'Policy text', description: 'Long static text (policies, legal pages) with numbered sections and a table of contents.' }),
  place: 'body',
  resolve: noRecords,
  anchors: (b) => [...(b.id ? [b.id] : []), ...b.sections.map((_, i) => policySectionAnchor(i))],
  // A policy's list items are whole sentences: its headings and opening words find a section.
  search: (b) => ({ parts: b.sections.map((s, i) => ({ title: s.heading, text: s.paragraphs[0], anchor: policySectionAnchor(i) })) }),
  offers: noOffers,
  pictures: noPictures,
});
