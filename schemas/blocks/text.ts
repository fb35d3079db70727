import { z } from 'zod';
import { button } from '../action.ts';
import { image } from '../primitives.ts';
import { itemList, sectionFields } from './common.ts';

export const textBlock = z
  .strictObject({
    type: z.literal('text'),
    ...sectionFields,
    paragraphs: z.array(z.string().trim().min(1)).default([]),
    items: itemList.optional().meta({ description: 'A bulleted list after the paragraphs.' }),
    image: image.optional().meta({ description: 'A picture beside the text.' }),
    buttons: z.array(button).max(3).optional(),
  })
  .meta({ description: 'A heading with paragraphs, an optional bulleted list and an optional picture.' });
