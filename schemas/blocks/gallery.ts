import { z } from 'zod';
import { image } from '../primitives.ts';
import { sectionFields } from './common.ts';

export const gallery = z
  .strictObject({
    type: z.literal('gallery'),
    ...sectionFields,
    images: z.array(z.strictObject({ image, caption: z.string().optional() })).min(1),
  })
  .meta({ description: 'Pictures with captions in a grid.' });
