import { z } from 'zod';
import { text } from '../primitives.ts';
import { sectionFields } from './common.ts';
import { defineBlock, noOffers, noRecords, ownAnchor, noPictures } from './define.ts';

export const contactSection = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('contact-section'),
      ...sectionFields,
      messageRows: z.int().min(3).max(10).meta({ description: 'Rows of the message box (5 on home, 6 on /contact).' }),
      successToast: z
        .strictObject({ title: text('Toast title.', 'title'), message: text('Toast text.') })
        .meta({ description: 'Shown once the message has been delivered to the form endpoint.' }),
      showChatButtons: z.boolean().default(false).meta({ description: 'Show the WhatsApp and Call Now buttons.' }),
      showMap: z.boolean().default(true),
    })
    .meta({ title: 'Contact section', description: 'Address, phones, e-mail and hours from the site document, a message form and the map.' }),
  place: 'body',
  resolve: noRecords,
  anchors: ownAnchor,
  search: () => ({}),
  offers: noOffers,
  pictures: noPictures,
});
