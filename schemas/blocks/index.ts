import { z } from 'zod';
import { cardGrid } from './card-grid.ts';
import { catalogueIndex } from './catalogue-index.ts';
import { contactSection } from './contact-section.ts';
import { ctaBanner } from './cta-banner.ts';
import { gallery } from './gallery.ts';
import { hero } from './hero.ts';
import { notFound } from './not-found.ts';
import { partnerListing } from './partner-listing.ts';
import { partnerProfile } from './partner-profile.ts';
import { policyText } from './policy-text.ts';
import { productDetail } from './product-detail.ts';
import { productList } from './product-list.ts';
import { productRelated } from './product-related.ts';
import { requestForm } from './request-form.ts';
import { stats } from './stats.ts';
import { supplierGrid } from './supplier-grid.ts';
import { tabs } from './tabs.ts';
import { textBlock } from './text.ts';
import { productCompare } from './product-compare.ts';

/**
 * Every block type, by its `type`: the union of page blocks is made from these definitions, and
 * src/blocks/registry.ts does not compile until each has a component. `npm run new-block` adds one.
 */
export const blockDefinitions = {
  hero,
  'card-grid': cardGrid,
  stats,
  text: textBlock,
  tabs,
  gallery,
  'cta-banner': ctaBanner,
  'policy-text': policyText,
  'contact-section': contactSection,
  'supplier-grid': supplierGrid,
  'partner-profile': partnerProfile,
  'partner-listing': partnerListing,
  'not-found': notFound,
  'product-detail': productDetail,
  'product-related': productRelated,
  'product-list': productList,
  'catalogue-index': catalogueIndex,
  'request-form': requestForm,
  'product-compare': productCompare,
};

type Definitions = typeof blockDefinitions;
type Schema = Definitions[keyof Definitions]['schema'];

export const block = z.discriminatedUnion('type', Object.values(blockDefinitions).map((d) => d.schema) as [Schema, ...Schema[]]);
export type Block = z.infer<typeof block>;
export type BlockType = Block['type'];
export type BlockOf<K extends BlockType> = Extract<Block, { type: K }>;
/** The records a block's component receives beside the block (src/blocks/registry.ts). */
export type BlockPropsOf<K extends BlockType> = ReturnType<Definitions[K]['resolve']>;
export const blockTypes = Object.keys(blockDefinitions) as BlockType[];

// Each definition sits under its own type: a key that differs from its schema's `type` fails here.
type Misfiled = { [K in keyof Definitions]: z.output<Definitions[K]['schema']>['type'] extends K ? never : K }[keyof Definitions];
export const definitionsKeyedByType: [Misfiled] extends [never] ? true : `defined under the wrong key: ${Misfiled}` = true;
