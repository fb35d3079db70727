import type { ComponentType } from 'react';
import type { Block, BlockType } from '../../schemas/blocks';
import { CardGrid } from './card-grid/CardGrid';
import { ContactSection } from './contact-section/ContactSection';
import { CtaBanner } from './cta-banner/CtaBanner';
import { Gallery } from './gallery/Gallery';
import { Hero } from './hero/Hero';
import { NotFound } from './not-found/NotFound';
import { PartnerListing } from './partner-listing/PartnerListing';
import { PartnerProfile } from './partner-profile/PartnerProfile';
import { PolicyText } from './policy-text/PolicyText';
import { Stats } from './stats/Stats';
import { SupplierGrid } from './supplier-grid/SupplierGrid';
import { Tabs } from './tabs/Tabs';
import { TextBlock } from './text/Text';

/** One component per block type, each taking exactly its own block: a missing or mistyped entry fails typecheck. */
export type BlockRegistry = { [K in BlockType]: ComponentType<{ block: Extract<Block, { type: K }> }> };

export const registry: BlockRegistry = {
  hero: Hero,
  'card-grid': CardGrid,
  stats: Stats,
  text: TextBlock,
  tabs: Tabs,
  gallery: Gallery,
  'cta-banner': CtaBanner,
  'policy-text': PolicyText,
  'contact-section': ContactSection,
  'supplier-grid': SupplierGrid,
  'partner-profile': PartnerProfile,
  'partner-listing': PartnerListing,
  'not-found': NotFound,
};
