import { z } from 'zod';
import { button } from '../action.ts';
import { text } from '../primitives.ts';
import { sectionFields } from './common.ts';
import { defineBlock, noOffers, noRecords, ownAnchor, noPictures } from './define.ts';

export const ctaBanner = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('cta-banner'),
      id: sectionFields.id,
      title: text('Banner heading.', 'title'),
      text: text('One or two sentences.'),
      buttons: z.array(button).min(1).max(3),
    })
    .meta({ title: 'Call to action', description: 'The closing call to action in the brand gradient; every page but the not-found page ends with one.' }),
  place: 'closing',
  resolve: noRecords,
  anchors: ownAnchor,
  search: () => ({}),
  offers: noOffers,
  pictures: noPictures,
});
