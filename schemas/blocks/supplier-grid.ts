import { z } from 'zod';
import { supplierId } from '../primitives.ts';
import { partnerPage } from '../routes.ts';
import { dialogSlot, fixedSlot, gridSlot } from '../slots.ts';
import { sectionFields } from './common.ts';
import { defineBlock, ownAnchor, sectionParts } from './define.ts';

export const supplierGrid = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('supplier-grid'),
      ...sectionFields,
      suppliers: z.array(supplierId).min(1),
    })
    .meta({ title: 'Supplier grid', description: 'Supplier cards; "view products" swaps the grid for that supplier\'s products.' }),
  place: 'body',
  resolve: (b, records) => ({ suppliers: b.suppliers.map((id) => records.supplier(id)) }),
  anchors: ownAnchor,
  search: (b, { suppliers }) => ({
    parts: [
      ...sectionParts(b),
      ...suppliers.flatMap((s) => [
        { title: s.name, text: s.description, items: s.specialties, kind: 'Partner' as const, to: partnerPage(s.id) },
        ...s.products.map((p) => ({
          title: p.name, text: p.description, items: [p.category, ...p.specifications, ...p.applications], kind: 'Product' as const, within: s.name,
        })),
      ]),
    ],
  }),
  // A product is named with its brand, unless its name starts with it already.
  offers: (_, { suppliers }) => suppliers.flatMap((s) => s.products.map((p) => (p.name.startsWith(s.name) ? p.name : `${s.name} ${p.name}`))),
  // The product view (shown in place of the grid) lays its cards out in up to 3 columns; a product's
  // Details dialog shows its picture again, across the dialog.
  pictures: (_, { suppliers }) => {
    const card = gridSlot({ base: 1, sm: 2, lg: 3 }, 20);
    return suppliers.flatMap((s) => [
      { src: s.logo, slot: fixedSlot(160) },
      ...s.products.flatMap((p) => [{ src: p.image, slot: card }, { src: p.image, slot: dialogSlot }]),
    ]);
  },
});
