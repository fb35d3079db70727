import { z } from 'zod';
import { brandedName, isDiscontinued, isSpecValue, packTable, type ProductEntry, specLine, specTable } from '../collections.ts';
import { besideHeading, packSlot } from '../slots.ts';
import { sectionFields } from './common.ts';
import { defineBlock, ownAnchor, type Records } from './define.ts';

/** The product of the page's route (a products template page); the validator lets this block stand nowhere else. */
export function productOfRoute(records: Records): ProductEntry {
  const entry = records.entry;
  if (entry?.collection !== 'products') throw new Error('a product block on a page that is not a product\'s (validate checks the template\'s collection)');
  return entry;
}

export const productDetail = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('product-detail'),
      id: sectionFields.id,
    })
    .meta({
      title: 'Product detail',
      description:
        "The top of a product's page, from the product of its route: breadcrumb, picture, name (the page's h1), brand, category, description, its packs with their order codes, its specification values as a table, every other specification and application, datasheet, Request Quote and WhatsApp; a discontinued product says so, with links to its category and its replacement.",
    }),
  place: 'opening',
  entry: 'product',
  resolve: (_, records) => {
    const { product, brand, category, trail } = productOfRoute(records);
    const next = product.replacedBy && isDiscontinued(product) ? records.product(product.replacedBy) : undefined;
    return {
      product,
      brand,
      // Linked where it has a listing (a category whose products are all discontinued has none).
      category: { name: category.name, url: records.listings('product-categories').find((l) => l.id === category.id)?.url },
      trail,
      /** What its picture's place shows while it has none (D24). */
      standIn: records.standIn(product),
      /** Its packs with their order codes, and the values that differ between them (D22). */
      packs: packTable(product, category),
      /** Its specification values, a row each, in its category's order; its other specifications as lines. */
      table: specTable(product, category),
      lines: product.specifications.filter((s): s is string => !isSpecValue(s)),
      discontinued: isDiscontinued(product),
      replacement: next && { name: brandedName(next, records.brand(next.brand)), url: records.url('products', next.id) ?? '' },
    };
  },
  anchors: ownAnchor,
  search: (_, { product, brand, category }) => ({
    page: {
      title: product.name,
      words: [category.name, product.model, product.packSize, ...product.specifications.map(specLine), ...product.applications],
      kind: 'Product',
      within: brand.name,
      text: product.description,
    },
  }),
  offers: (_, { product, brand }) => [brandedName(product, brand)],
  pictures: (_, { product, standIn, packs }) => [
    ...[(product.image ?? standIn)?.src].flatMap((src) => (src ? [{ src, slot: besideHeading }] : [])),
    ...packs.rows.flatMap((p) => (p.image ? [{ src: p.image.src, slot: packSlot }] : [])),
  ],
});
