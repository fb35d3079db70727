import { z } from 'zod';
import { brandedName, specLine } from '../collections.ts';
import { type Image, supplierId } from '../primitives.ts';
import type { Product, Supplier } from '../records.ts';
import { partnerPage } from '../routes.ts';
import { dialogSlot, fixedSlot, gridSlot } from '../slots.ts';
import { sectionFields } from './common.ts';
import { defineBlock, ownAnchor, sectionParts } from './define.ts';

/** The most products the supplier view shows of one supplier (specification section 2); the rest are a link away. */
export const SHOWN_PRODUCTS = 3;

/**
 * A supplier as the grid shows it: its first products (with their pages), how many it has, and where
 * all of them are listed (allProducts, when the view shows only some; listing, always: where View
 * products leads before the app runs).
 */
export type ShownSupplier = Supplier & {
  products: (Omit<Product, 'specifications'> & { specifications: string[]; url: string; categoryName: string; standIn?: Image | undefined })[];
  productCount: number;
  allProducts?: string | undefined;
  listing?: string | undefined;
};

export const supplierGrid = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('supplier-grid'),
      ...sectionFields,
      suppliers: z.array(supplierId).min(1),
    })
    .meta({ title: 'Supplier grid', description: 'Supplier cards; "view products" swaps the grid for that supplier\'s products.' }),
  place: 'body',
  resolve: (b, records) => ({
    suppliers: b.suppliers.map((id): ShownSupplier => {
      const products = records.productsOf(id);
      return {
        ...records.supplier(id),
        products: products.slice(0, SHOWN_PRODUCTS).map((p) => ({
          ...p, specifications: p.specifications.map(specLine), url: records.url('products', p.id) ?? '', categoryName: records.tree().label(p.category), standIn: records.standIn(p),
        })),
        productCount: products.length,
        allProducts: products.length > SHOWN_PRODUCTS ? records.url('product-brands', id) : undefined,
        listing: products.length > 0 ? records.url('product-brands', id) : undefined,
      };
    }),
  }),
  anchors: ownAnchor,
  search: (b, { suppliers }) => ({
    parts: [...sectionParts(b), ...suppliers.map((s) => ({ title: s.name, text: s.description, items: s.specialties, kind: 'Partner' as const, to: partnerPage(s.id) }))],
  }),
  // A product is named with its brand, unless its name starts with it already.
  offers: (_, { suppliers }) => suppliers.flatMap((s) => s.products.map((p) => brandedName(p, s))),
  // The product view (shown in place of the grid) lays its cards out in up to 3 columns; a product's
  // Details dialog shows its picture again, across the dialog.
  pictures: (_, { suppliers }) => {
    const card = gridSlot({ base: 1, sm: 2, lg: 3 }, 20);
    return suppliers.flatMap((s) => [
      ...(s.logo ? [{ src: s.logo, slot: fixedSlot(160) }] : []),
      ...s.products.flatMap((p) => {
        const src = (p.image ?? p.standIn)?.src;
        return src ? [{ src, slot: card }, { src, slot: dialogSlot }] : [];
      }),
    ]);
  },
});
