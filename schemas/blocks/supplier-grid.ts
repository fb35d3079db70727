import { z } from 'zod';
import { slug } from '../primitives.ts';
import { sectionFields } from './common.ts';

export const supplierGrid = z
  .strictObject({
    type: z.literal('supplier-grid'),
    ...sectionFields,
    suppliers: z.array(slug).min(1).meta({ description: 'Supplier ids from pages-data/records/suppliers.json.' }),
  })
  .meta({ description: 'Supplier cards; "view products" swaps the grid for that supplier\'s products.' });
