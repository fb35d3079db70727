import { z } from 'zod';
import { partnerId } from '../primitives.ts';
import { besideHeading, fixedSlot } from '../slots.ts';
import { defineBlock } from './define.ts';
import { productCardSlot, productPictures } from './product-related.ts';

/** How many of a partner's products its page shows; a link leads to all of them. */
export const PARTNER_PRODUCTS = 4;

export const partnerProfile = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('partner-profile'),
      partner: partnerId,
    })
    .meta({ title: 'Partner profile', description: "A partner's page: hero (the page's h1), specialties, certifications, countries and contact card, and the first of the brand's products with a link to all of them." }),
  place: 'opening',
  // The brand's products (the first few, and its listing), where it has any: a brand with none shows nothing of them.
  resolve: (b, records) => {
    const products = records.productsOf(b.partner);
    return {
      partner: records.partner(b.partner),
      products: products.slice(0, PARTNER_PRODUCTS).map(records.summary),
      productCount: products.length,
      allProducts: products.length > 0 ? records.url('product-brands', b.partner) : undefined,
    };
  },
  anchors: () => ['about-partner'],
  search: (_, { partner }) => ({ page: { title: partner.name, words: [...partner.specialties, partner.category], kind: 'Partner' } }),
  offers: (_, { partner }) => partner.specialties.map((s) => `${partner.name} ${s}`),
  // The picture first: the page's largest, which the opening block's first picture is fetched as (at once, at high priority).
  pictures: (_, { partner, products }) => [
    { src: partner.image, slot: besideHeading },
    { src: partner.logo, slot: fixedSlot(240) },
    ...productPictures(products, productCardSlot),
  ],
});
