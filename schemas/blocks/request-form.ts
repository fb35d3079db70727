import { z } from 'zod';
import { sectionFields } from './common.ts';
import { defineBlock, noOffers, noPictures, noRecords, ownAnchor, section } from './define.ts';

export const requestForm = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('request-form'),
      ...sectionFields,
      form: z
        .enum(['quote', 'catalogue'])
        .meta({
          description:
            "quote: the Request Quote form with the buyer's quote list (the products kept on their device, each with a quantity and a note), sent by the form endpoint, e-mail or WhatsApp; catalogue: the Product Catalogue Request form.",
        }),
    })
    .meta({
      title: 'Request form',
      description:
        "The quote or catalogue request form on a page of its own: where the site's Request Quote and catalogue buttons lead before the scripts have loaded (the site document's pages), and the quote list's page.",
    }),
  place: 'body',
  resolve: noRecords,
  anchors: ownAnchor,
  search: (b) => section(b),
  offers: noOffers,
  pictures: noPictures,
});
