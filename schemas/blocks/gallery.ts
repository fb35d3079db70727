import { z } from 'zod';
import { MAX_LENGTH, image } from '../primitives.ts';
import { gridSlot } from '../slots.ts';
import { sectionFields } from './common.ts';
import { defineBlock, noOffers, noRecords, ownAnchor, section } from './define.ts';

export const gallery = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('gallery'),
      ...sectionFields,
      images: z.array(z.strictObject({ image, caption: z.string().max(MAX_LENGTH.label).optional() })).min(1),
    })
    .meta({ title: 'Gallery', description: 'Pictures with captions in a grid.' }),
  place: 'body',
  resolve: noRecords,
  anchors: ownAnchor,
  search: (b) => section(b, b.images.map((i) => i.caption)),
  offers: noOffers,
  pictures: (b) => {
    const slot = gridSlot({ base: 1, sm: 2, md: Math.min(b.images.length, 3) }, 20);
    return b.images.map((i) => ({ src: i.image.src, slot }));
  },
});
