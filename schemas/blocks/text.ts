import { z } from 'zod';
import { button } from '../action.ts';
import { MAX_LENGTH, image } from '../primitives.ts';
import { itemList, sectionFields } from './common.ts';
import { besideHeading } from '../slots.ts';
import { defineBlock, noOffers, noRecords, ownAnchor } from './define.ts';

export const textBlock = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('text'),
      ...sectionFields,
      paragraphs: z.array(z.string().trim().min(1).max(MAX_LENGTH.paragraph)).default([]),
      items: itemList.optional().meta({ description: 'A bulleted list after the paragraphs.' }),
      image: image.optional().meta({ description: 'A picture beside the text.' }),
      buttons: z.array(button).max(3).optional(),
    })
    .meta({ title: 'Text', description: 'A heading with paragraphs, an optional bulleted list and an optional picture.' }),
  place: 'body',
  resolve: noRecords,
  anchors: ownAnchor,
  search: (b) => ({ parts: b.title ? [{ title: b.title, text: b.intro ?? b.paragraphs[0], items: b.items }] : [] }),
  offers: noOffers,
  // Beside the text as the hero's picture is beside its heading: the same two columns.
  pictures: (b) => (b.image ? [{ src: b.image.src, slot: besideHeading }] : []),
});
