import { z } from 'zod';
import { text } from '../primitives.ts';
import { sectionFields } from './common.ts';
import { defineBlock, noOffers, noRecords, ownAnchor, noPictures } from './define.ts';

export const stats = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('stats'),
      ...sectionFields,
      items: z
        .array(z.strictObject({ value: text('The figure as claimed, e.g. "15+" (D9: never computed).', 'label'), label: text('e.g. "Years of experience"', 'label') }))
        .min(1)
        .max(6),
    })
    .meta({ title: 'Figures', description: 'A row of figures.' }),
  place: 'body',
  resolve: noRecords,
  anchors: ownAnchor,
  search: () => ({}),
  offers: noOffers,
  pictures: noPictures,
});
