import { z } from 'zod';
import { button } from '../action.ts';
import { MAX_LENGTH, image, pageLink, text } from '../primitives.ts';
import { besideHeading, fullWidthSlot } from '../slots.ts';
import { sectionFields } from './common.ts';
import { defineBlock, noOffers, noRecords, ownAnchor } from './define.ts';

const slide = z.strictObject({
  title: text('Slide heading.', 'title'),
  lead: text('One or two sentences under the heading.'),
  image,
});

export const hero = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('hero'),
      id: sectionFields.id,
      title: text('The page heading (the one h1 of the page).', 'title'),
      lead: text('One or two sentences under the heading (a rotating hero shows each slide\'s lead instead).'),
      eyebrow: z.string().max(MAX_LENGTH.label).optional().meta({ description: 'A short line above the heading.' }),
      badge: z.string().max(MAX_LENGTH.label).optional().meta({ description: 'A badge above the heading, e.g. "Official Palintest Distributor".' }),
      image: image.optional().meta({ description: 'The picture beside the heading.' }),
      slides: z
        .array(slide)
        .min(2)
        .optional()
        .meta({ description: 'Rotating slides (every 5 s, with dots). The hero title stays as the page h1 above them.' }),
      back: z
        .strictObject({ label: text('e.g. "Back to Services"', 'label'), to: pageLink })
        .optional()
        .meta({ description: 'A back link above the heading.' }),
      buttons: z.array(button).max(3).default([]),
    })
    .meta({ title: 'Hero', description: 'The coloured banner at the top of a page; its title is the page\'s h1.' }),
  place: 'opening',
  resolve: noRecords,
  anchors: ownAnchor,
  search: (b) => ({ page: { title: b.title, words: [b.lead, ...(b.slides ?? []).flatMap((s) => [s.title, s.lead])] } }),
  offers: noOffers,
  // A rotating hero shows its slides across the page and not `image`; a static one, `image` beside the heading.
  pictures: (b) =>
    b.slides ? b.slides.map((s) => ({ src: s.image.src, slot: fullWidthSlot, focal: s.image.focal })) : b.image ? [{ src: b.image.src, slot: besideHeading }] : [],
});
