import { z } from 'zod';
import { partAnchor } from '../anchors.ts';
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
  anchors: (b) => [...ownAnchor(b), ...(b.id ? b.tabs.flatMap((t) => t.sections.map((s) => partAnchor(b.id!, t.id, s.title))) : [])],
  search: (b) => ({
    parts: [
      ...sectionParts(b),
      ...b.tabs.flatMap((tab) => tab.sections.map((s) => ({ title: s.title, within: tab.label, items: s.items, anchor: b.id ? partAnchor(b.id, tab.id, s.title) : undefined }))),
    ],
  }),
  offers: noOffers,
  pictures: noPictures,
});
