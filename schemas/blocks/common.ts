import { z } from 'zod';
import { slug } from '../primitives.ts';

/** Fields every block may carry: an anchor, a heading and an intro line, and its background. */
export const sectionFields = {
  id: slug.optional().meta({ description: 'Anchor id, so /page#id scrolls here (e.g. "services").' }),
  title: z.string().trim().min(1).optional().meta({ description: 'Section heading (h2).' }),
  intro: z.string().trim().min(1).optional().meta({ description: 'A sentence or two under the heading.' }),
  background: z.enum(['white', 'grey']).default('white').meta({ description: 'Section background.' }),
};

export const itemList = z.array(z.string().trim().min(1)).min(1);
