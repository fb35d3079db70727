import { z } from 'zod';
import { button, link } from '../action.ts';
import { partAnchor } from '../anchors.ts';
import { MAX_LENGTH, icon, image, text } from '../primitives.ts';
import { gridSlot } from '../slots.ts';
import { itemList, sectionFields } from './common.ts';
import { defineBlock, noRecords, ownAnchor, sectionParts } from './define.ts';

const card = z.strictObject({
  title: text('Card heading.', 'title'),
  description: z.string().max(MAX_LENGTH.lead).optional(),
  icon: icon.optional(),
  image: image.optional(),
  badge: z.string().max(MAX_LENGTH.label).optional().meta({ description: 'A short label, e.g. a grade ("AR/ACS grade").' }),
  facts: z
    .array(z.strictObject({ label: text('e.g. "Readability"', 'label'), value: text('e.g. "0.1 mg"', 'label') }))
    .optional()
    .meta({ description: 'Label and value pairs, e.g. readability, capacity, temperature.' }),
  lists: z
    .array(z.strictObject({ title: z.string().max(MAX_LENGTH.title).optional(), items: itemList }))
    .optional()
    .meta({ description: 'Titled item lists, e.g. "Applications".' }),
  tags: z.array(z.string().max(MAX_LENGTH.label)).optional().meta({ description: 'Short labels shown as badges.' }),
  link: link.optional().meta({ description: 'Where the card leads: its title becomes this link.' }),
  links: z.array(link).optional().meta({ description: 'Text links, e.g. partner brands (external links open a new tab).' }),
  buttons: z.array(button).max(3).optional(),
});
export type Card = z.infer<typeof card>;

export const cardGrid = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('card-grid'),
      ...sectionFields,
      columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(3).meta({ description: 'Columns on wide screens (phones always show 1).' }),
      style: z.enum(['card', 'plain']).default('card').meta({ description: 'card: bordered cards; plain: icon points without borders.' }),
      offers: z
        .boolean()
        .default(false)
        .meta({ description: 'The cards are products or services the company sells: search engines get their titles as its offer catalogue.' }),
      cards: z.array(card).min(1),
    })
    .meta({ title: 'Card grid', description: 'A responsive grid of cards (1 column on phones, up to 4 on wide screens).' }),
  place: 'body',
  resolve: noRecords,
  anchors: (b) => [...ownAnchor(b), ...(b.id ? b.cards.map((c) => partAnchor(b.id!, c.title)) : [])],
  search: (b) => ({
    parts: [
      ...sectionParts(b),
      ...b.cards.map((c) => ({
        title: c.title,
        anchor: b.id ? partAnchor(b.id, c.title) : undefined,
        text: c.description,
        items: [c.badge, ...(c.facts ?? []).map((f) => `${f.label}: ${f.value}`), ...(c.lists ?? []).flatMap((l) => l.items), ...(c.tags ?? [])],
        to: c.link?.action.kind === 'link' ? c.link.action.to : undefined,
      })),
    ],
  }),
  offers: (b) => (b.offers ? b.cards.map((c) => c.title) : []),
  pictures: (b) => {
    const slot = gridSlot({ base: 1, sm: Math.min(2, b.columns), lg: b.columns }, 20);
    return b.cards.flatMap((c) => (c.image ? [{ src: c.image.src, slot }] : []));
  },
});
