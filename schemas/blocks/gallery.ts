import { z } from 'zod';
import { image } from '../primitives.ts';
import { sectionFields } from './common.ts';
import { defineBlock, noOffers, noRecords, ownAnchor, section } from './define.ts';

export const gallery = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('gallery'),
      ...sectionFields,
      images: z.array(z.strictObject({ image, caption: z.string().optional() })).min(1),
    })
    .meta({ title: 'Gallery', description: 'Pictures with captions in a grid.' }),
  place: 'body',
  resolve: noRecords,
  anchors: ownAnchor,
  search: (b) => section(b, b.images.map((i) => i.caption)),
  offers: noOffers,
});
