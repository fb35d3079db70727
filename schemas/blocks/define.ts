// The contract of a block type: its schema and every choice the build makes about it. Each block type
// is one defineBlock() in schemas/blocks/<type>.ts, listed in schemas/blocks/index.ts; a definition
// that leaves a choice out does not compile.
import type { z } from 'zod';
import type { CategoryTree } from '../category-tree.ts';
import type { Brand, Collection, Entry, EntryKind, Listing, ProductSummary } from '../collections.ts';
import type { Image } from '../primitives.ts';
import type { Partner, Product, ProductCategory, Supplier } from '../records.ts';
import type { Slot } from '../slots.ts';

/** The shared records, by id; the validator has checked every id a block names before this is called. */
export interface Records {
  partner(id: string): Partner;
  supplier(id: string): Supplier;
  product(id: string): Product;
  brand(id: string): Brand;
  category(id: string): ProductCategory;
  /** A brand's products: those its supplier record features first, then the rest by id. */
  productsOf(brand: string): readonly Product[];
  /** A product as a card shows it, with the link to its page. */
  summary(product: Product): ProductSummary;
  /** What a product without a picture of its own shows in its tile: its category's picture or the nearest parent's, where there is one (D24). */
  standIn(product: Product): Image | undefined;
  /** The categories as a tree (D23). */
  tree(): CategoryTree;
  /** The categories a category's listing shows products of: itself and those under it, each that has products of its own. */
  listedCategories(id: string): ProductCategory[];
  /** The categories and the brands that have products, each with where its products are listed. */
  listings(collection: 'product-categories' | 'product-brands'): Listing[];
  /** The route of an entry's page (its first, for a listing); undefined when no template page serves the collection. */
  url(collection: Collection, id: string): string | undefined;
  /** The record the page shows, when it is a page of a template (pages-data/products/[id].json). */
  entry?: Entry;
}

/** A part of a page the site search can lead to. */
export interface SearchPart {
  title: string;
  text?: string | undefined;
  items?: (string | undefined)[];
  /** The section it is in (/page#anchor); the block's own id when absent, the page itself when null. */
  anchor?: string | null;
  /**
   * Where it leads instead of its own page, when that is a page of the site: a card that links to
   * another page stands for that page, a brand for its partner page.
   */
  to?: string | undefined;
  /** Shown after the page's title in the results (the tab it is on); a product shows it, its brand, alone. */
  within?: string;
  /** What it is when it is not a part of a page: one of the company's products, or a brand. */
  kind?: 'Product' | 'Partner';
}

export interface SearchContribution {
  /**
   * The page's own entry: its heading (the opening block's) and words it should be found by; what the
   * page is, when it is a brand's page (a partner's) or a product's or a list of products (`kind`); the
   * text shown under its title in place of its description, and what it is shown within (a product's brand).
   */
  page?: { title?: string; words?: (string | undefined)[]; kind?: 'Partner' | 'Product'; text?: string; within?: string };
  parts?: SearchPart[];
}

/**
 * Where a block may stand on a page. An 'opening' block renders the page's one h1 and comes first; a
 * 'closing' block is the call to action every page but the not-found page ends with; 'body' anywhere
 * between.
 */
export type Place = 'opening' | 'body' | 'closing';

export interface BlockDefinition<S extends z.ZodObject, P extends object> {
  schema: S;
  place: Place;
  /** The records the component shows, resolved from the ids in the block: its props beside `block`. */
  resolve(block: z.output<S>, records: Records): P;
  /** Anchors a link can point at (/page#id). */
  anchors(block: z.output<S>): string[];
  /** What the site search finds of it. */
  search(block: z.output<S>, props: P): SearchContribution;
  /** What the company sells that it shows: the page's offer catalogue in its structured data. */
  offers(block: z.output<S>, props: P): string[];
  /** Every picture it shows and the slot it is drawn in (schemas/slots.ts): the build's widths and `sizes` come from it. */
  pictures(block: z.output<S>, props: P): PictureUse[];
  /**
   * The kind of record it takes from the page's route, for a block that stands only on a template page
   * (a product's page takes its product, a listing page its category or brand); validate checks the
   * template's collection gives it. Absent for every other block.
   */
  entry?: EntryKind;
}

/** A picture a block shows (its src, from the block or a record) and where it is drawn; `focal`, where a slot that crops it keeps it in view. */
export interface PictureUse {
  src: string;
  slot: Slot;
  focal?: Image['focal'];
}

export function defineBlock<S extends z.ZodObject, P extends object>(definition: BlockDefinition<S, P>): BlockDefinition<S, P> {
  return definition;
}

/** For blocks that show no record. */
export const noRecords = (): Record<never, never> => ({});
/** For blocks that show no picture. */
export const noPictures = (): PictureUse[] => [];
/** For blocks that offer nothing for sale. */
export const noOffers = (): string[] => [];
/** The block's own section anchor. */
export const ownAnchor = (block: { id?: string | undefined }): string[] => (block.id ? [block.id] : []);
/** A titled section's search entry: its heading and intro, with the words given. */
export const sectionParts = (block: { title?: string | undefined; intro?: string | undefined }, items?: (string | undefined)[]): SearchPart[] =>
  block.title ? [{ title: block.title, text: block.intro, ...(items ? { items } : {}) }] : [];
export const section = (block: { title?: string | undefined; intro?: string | undefined }, items?: (string | undefined)[]): SearchContribution => ({
  parts: sectionParts(block, items),
});
