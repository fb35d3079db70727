import { z } from 'zod';
import type { ProductSummary } from '../collections.ts';
import { gridSlot, type Slot } from '../slots.ts';
import { sectionFields } from './common.ts';
import { defineBlock, noOffers, ownAnchor } from './define.ts';
import { productOfRoute } from './product-detail.ts';

/** Product cards: one column on a phone, two from sm, four from lg. */
export const productCardSlot = gridSlot({ base: 1, sm: 2, lg: 4 }, 20);

/** The pictures product cards show: each product's own, or the stand-in its tile shows (D24). */
export const productPictures = (products: readonly ProductSummary[], slot: Slot) =>
  products.flatMap((p) => {
    const src = (p.image ?? p.standIn)?.src;
    return src ? [{ src, slot }] : [];
  });

export const productRelated = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('product-related'),
      ...sectionFields,
      count: z.int().min(1).max(8).default(4).meta({ description: 'How many of the brand\'s other products to show (1 to 8): its supplier\'s featured products first, then by id.' }),
    })
    .meta({ title: 'More from the brand', description: "On a product's page: a few of the same brand's other products, and a link to all of them." }),
  place: 'body',
  entry: 'product',
  resolve: (b, records) => {
    const { product, brand } = productOfRoute(records);
    // The brand's first few besides this one (its supplier's featured products, then by id): the same on
    // most of its pages, so the build draws the block once (entry-server.tsx). No count of the brand's
    // products: a new one would change every page of its brand.
    const all = records.productsOf(brand.id);
    const others = all.slice(0, b.count + 1).filter((p) => p.id !== product.id).slice(0, b.count);
    return { brand: brand.name, products: others.map(records.summary), all: records.url('product-brands', brand.id) };
  },
  anchors: ownAnchor,
  search: () => ({}),
  offers: noOffers,
  pictures: (_, { products }) => productPictures(products, productCardSlot),
});
