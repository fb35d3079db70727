import { z } from 'zod';
import { icon, slug, text } from '../primitives.ts';
import { itemList, sectionFields } from './common.ts';

export const tabs = z
  .strictObject({
    type: z.literal('tabs'),
    ...sectionFields,
    defaultTab: slug.meta({ description: 'The id of the tab shown first.' }),
    tabs: z
      .array(
        z.strictObject({
          id: slug,
          label: text('Tab label.'),
          icon: icon.optional(),
          sections: z.array(z.strictObject({ title: text('Section heading.'), items: itemList })).min(1),
        }),
      )
      .min(2),
  })
  .meta({ description: 'Tabs, each holding titled sections of item lists.' });
