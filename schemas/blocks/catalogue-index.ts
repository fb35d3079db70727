import { z } from 'zod';
import { sectionFields } from './common.ts';
import { defineBlock, noOffers, noPictures, ownAnchor, sectionParts } from './define.ts';

export const catalogueIndex = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('catalogue-index'),
      ...sectionFields,
      list: z.enum(['product-categories', 'product-brands']).meta({ description: 'What it lists: every product category (as a tree: each department with the categories under it), or every brand, that has products; each with its count and a link to its products.' }),
    })
    .meta({ title: 'Catalogue index', description: 'Links to the products of each category or each brand, with how many there are.' }),
  place: 'body',
  // The categories' list can be narrowed by brand (/products?brand=palintest): each brand's count in each
  // category, its products counted in every category above theirs too (D23).
  resolve: (b, records) => ({
    listings: records.listings(b.list),
    brands:
      b.list === 'product-categories'
        ? records.listings('product-brands').map((brand) => {
            const counts: Record<string, number> = {};
            for (const p of records.productsOf(brand.id)) for (const c of records.tree().path(p.category)) counts[c.id] = (counts[c.id] ?? 0) + 1;
            return { id: brand.id, name: brand.name, total: brand.count, counts };
          })
        : [],
  }),
  anchors: ownAnchor,
  search: (b, { listings }) => ({ parts: sectionParts(b, listings.map((l) => l.name)) }),
  offers: noOffers,
  pictures: noPictures,
});
