import { z } from 'zod';
import { button } from '../action.ts';
import { text } from '../primitives.ts';
import { sectionFields } from './common.ts';

export const ctaBanner = z
  .strictObject({
    type: z.literal('cta-banner'),
    id: sectionFields.id,
    title: text('Banner heading.'),
    text: text('One or two sentences.'),
    buttons: z.array(button).min(1).max(3),
  })
  .meta({ description: 'The closing call to action in the brand gradient.' });
