import { z } from 'zod';
import { sharedFilters } from '../collections.ts';
import { facetsPath } from '../routes.ts';
import { sectionFields } from './common.ts';
import { defineBlock, noOffers, ownAnchor, type Records } from './define.ts';
import { productCardSlot, productPictures } from './product-related.ts';

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
      description: "On a category's or a brand's page: its products, a page of them at a time, with links to the previous and next pages; on a category's, filters by brand and by the category's filterable attributes.",
    }),
  place: 'body',
  entry: 'listing',
  resolve: (_, records) => {
    const entry = listingOfRoute(records);
    const { products, page, pages, pageUrls, total } = entry;
    const category = entry.collection === 'product-categories' ? entry.id : undefined;
    // A category's listing can be narrowed by brand and by the filterable attributes its products' categories share (src/lib/facets.ts).
    const facets = category === undefined ? undefined : { url: facetsPath(category), attributes: sharedFilters(records.listedCategories(category)).map((a) => a.name) };
    // And it leads to the categories under it.
    const below = category ? records.listings('product-categories').filter((l) => l.parent === category) : [];
    // A brand's listing links to the brand's partner page, where it has one.
    const brand = entry.collection === 'product-brands' ? records.brand(entry.id) : undefined;
    return { products, page, pages, total, previous: pageUrls[page - 2], next: pageUrls[page], facets, below, brandPage: brand?.page, brandName: brand?.name };
  },
  anchors: ownAnchor,
  // A category's or a brand's list of products is found with the products.
  search: () => ({ page: { kind: 'Product' } }),
  offers: noOffers,
  pictures: (_, { products }) => productPictures(products, productCardSlot),
});
