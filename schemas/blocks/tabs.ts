import { z } from 'zod';
import { icon, slug, text } from '../primitives.ts';
import { itemList, sectionFields } from './common.ts';
import { defineBlock, noOffers, noRecords, ownAnchor, sectionParts, noPictures } from './define.ts';

export const tabs = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('tabs'),
      ...sectionFields,
      defaultTab: slug.meta({ description: 'The id of the tab shown first.' }),
      tabs: z
        .array(
          z.strictObject({
            id: slug,
            label: text('Tab label.', 'label'),
            icon: icon.optional(),
            sections: z.array(z.strictObject({ title: text('Section heading.', 'title'), items: itemList })).min(1),
          }),
        )
        .min(2),
    })
    .meta({ title: 'Tabs', description: 'Tabs, each holding titled sections of item lists.' }),
  place: 'body',
  resolve: noRecords,
  anchors: ownAnchor,
  search: (b) => ({
    parts: [
      ...sectionParts(b),
      ...b.tabs.flatMap((tab) => tab.sections.map((s) => ({ title: s.title, within: tab.label, items: s.items }))),
    ],
  }),
  offers: noOffers,
  pictures: noPictures,
});
