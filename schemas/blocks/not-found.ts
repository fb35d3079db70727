import { z } from 'zod';
import { link } from '../action.ts';
import { text } from '../primitives.ts';
import { defineBlock, noOffers, noRecords, noPictures } from './define.ts';

export const notFound = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('not-found'),
      title: text('e.g. "Page not found"', 'title'),
      message: text('A sentence under the title.'),
      contactLink: link,
      waterHelp: z
        .strictObject({
          title: text('Help box heading.', 'title'),
          text: text('Help box text.'),
          oldLinkNote: text('Added for paths ending in .html.'),
          links: z.array(link).length(4),
        })
        .meta({ description: "Shown when the path contains 'palintest' or 'water', or ends in .html." }),
      popular: z.strictObject({ title: text('List heading.', 'title'), links: z.array(link).min(1) }),
    })
    .meta({ title: 'Not found', description: 'The not-found page body (its h1): 404, Return to Home, Go Back and helpful links.' }),
  place: 'opening',
  resolve: noRecords,
  anchors: () => [],
  search: () => ({}),
  offers: noOffers,
  pictures: noPictures,
});
