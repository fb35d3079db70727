import { z } from 'zod';
import { sectionFields } from './common.ts';
import { defineBlock, noOffers, ownAnchor, type Records } from './define.ts';
import { productCardSlot } from './product-related.ts';

function listingOfRoute(records: Records) {
  const entry = records.entry;
  if (entry?.collection !== 'product-categories' && entry?.collection !== 'product-brands') {
    throw new Error('a product list on a page that is not a listing (validate checks the template\'s collection)');
  }
  return entry;
}

export const productList = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('product-list'),
      ...sectionFields,
    })
    .meta({
      title: 'Product list',
      description: "On a category's or a brand's page: its products, a page of them at a time, with links to the previous and next pages.",
    }),
  place: 'body',
  entry: 'listing',
  resolve: (_, records) => {
    const { products, page, pages, pageUrls, total } = listingOfRoute(records);
    return { products, page, pages, total, previous: pageUrls[page - 2], next: pageUrls[page] };
  },
  anchors: ownAnchor,
  // A category's or a brand's list of products is found with the products.
  search: () => ({ page: { kind: 'Product' } }),
  offers: noOffers,
  pictures: (_, { products }) => products.map((p) => ({ src: p.image.src, slot: productCardSlot })),
});
