import { z } from 'zod';
import { cardGrid } from './card-grid.ts';
import { contactSection } from './contact-section.ts';
import { ctaBanner } from './cta-banner.ts';
import { gallery } from './gallery.ts';
import { hero } from './hero.ts';
import { notFound } from './not-found.ts';
import { partnerListing } from './partner-listing.ts';
import { partnerProfile } from './partner-profile.ts';
import { policyText } from './policy-text.ts';
import { stats } from './stats.ts';
import { supplierGrid } from './supplier-grid.ts';
import { tabs } from './tabs.ts';
import { textBlock } from './text.ts';

/** Every block type. Add a schema here and src/blocks/registry.ts will not compile until it has a component. */
export const block = z.discriminatedUnion('type', [
  hero, cardGrid, stats, textBlock, tabs, gallery, ctaBanner, policyText, contactSection,
  supplierGrid, partnerProfile, partnerListing, notFound,
]);
export type Block = z.infer<typeof block>;
export type BlockType = Block['type'];
export const blockTypes = block.options.map((o) => o.shape.type.value);
