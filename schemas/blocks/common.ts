import { z } from 'zod';
import { MAX_LENGTH, slug } from '../primitives.ts';

/** Fields every block may carry: an anchor, a heading and an intro line, and its background. */
export const sectionFields = {
  id: slug.optional().meta({ description: 'Anchor id, so /page#id scrolls here (e.g. "services").' }),
  title: z.string().trim().min(1).max(MAX_LENGTH.title).optional().meta({ description: 'Section heading (h2).' }),
  intro: z.string().trim().min(1).max(MAX_LENGTH.lead).optional().meta({ description: 'A sentence or two under the heading.' }),
  background: z.enum(['white', 'grey']).default('white').meta({ description: 'Section background.' }),
};

export const itemList = z.array(z.string().trim().min(1).max(MAX_LENGTH.lead)).min(1);
