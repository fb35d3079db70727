import { z } from 'zod';
import { sectionFields } from './common.ts';
import { defineBlock, noOffers, noPictures, ownAnchor, section } from './define.ts';

/**
 * The comparison (issue 37, item 7): the products a buyer picked (up to 4, named in the page's address
 * ?products=a,b), side by side, each specification a row, the rows where they differ marked. The
 * products are fetched in the browser from their own pages' documents; the prerendered page says how
 * to pick them.
 */
export const productCompare = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('product-compare'),
      ...sectionFields,
    })
    .meta({ title: 'Product comparison', description: 'The products a buyer picked with "Compare" (on a listing\'s cards or a product\'s page), side by side; the rows where they differ marked. Its page\'s address names them, so it can be shared.' }),
  place: 'body',
  resolve: (_, records) => ({ productRoute: records.url('products', '[id]') }),
  anchors: ownAnchor,
  search: (b) => section(b),
  offers: noOffers,
  pictures: noPictures,
});
