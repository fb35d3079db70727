// The columns of the catalogue's spreadsheet, one place for the import, the export and the template:
// each header, the product field it fills, and what it holds (the template's second sheet says so).
import type { Attribute, ProductCategory } from '../../../schemas/records.ts';

export const COLUMNS = [
  'id', 'pack of', 'code', 'pack', 'name', 'brand', 'category', 'model', 'description', 'image', 'image alt',
  'specifications', 'applications', 'datasheet', 'price', 'status', 'replaced by',
] as const;
export type Column = (typeof COLUMNS)[number];

/** The columns of a pack's row (D22): a row under its product's, naming it in "pack of". */
export const PACK_COLUMNS = ['pack of', 'code', 'pack', 'image', 'image alt', 'price'] as const satisfies readonly Column[];

/** The path in a product record a column of a product's row fills (the id is the file's name). */
export const FIELD = {
  name: 'name',
  brand: 'brand',
  category: 'category',
  model: 'model',
  description: 'description',
  image: 'image.src',
  'image alt': 'image.alt',
  specifications: 'specifications',
  applications: 'applications',
  datasheet: 'datasheet',
  price: 'price',
  status: 'status',
  'replaced by': 'replacedBy',
} as const satisfies Partial<Record<Column, string>>;

/** Columns whose cell may not be empty on a product's row (the product's required fields; a picture may wait, D24). */
export const REQUIRED: ReadonlySet<Column> = new Set(['id', 'name', 'brand', 'category', 'description']);

/** Columns that hold a list, one item per line of the cell. */
export const LISTS: ReadonlySet<Column> = new Set(['specifications', 'applications']);

/** What each column holds, for the template's second sheet and the authors' guide. */
export const COLUMN_HELP: Record<Column, string> = {
  id: 'The product\'s id: lowercase words joined by hyphens (nitrate-test-kit). It names its file and its page, /products/<id>. An id matches an existing product whatever its case; a new id creates one. Required on a product\'s row; empty on a pack\'s row.',
  'pack of': 'On a pack\'s row: the id of its product, whose row is above it. Empty on a product\'s row. A pack\'s row fills only pack of, code and pack, and where the pack has its own: image, image alt, price and its spec: values. A product\'s packs are the rows under it: where the sheet has a code column, a product without such rows has no packs.',
  code: 'On a pack\'s row: the order code buyers quote for the pack (PT-DPD1-250), unique across the catalogue whatever its case. Required there.',
  pack: 'On a pack\'s row: what the pack is, as buyers read it: 250 tablets, 500 mL, Kit, 100 tests. Required there.',
  name: 'The product\'s name as its maker gives it. Required.',
  brand: 'The brand: a partner or supplier id, or its name (see the list). Required. A brand the site does not have is a problem, unless the import is run with --create: it then becomes a supplier record.',
  category: 'The category: its path from the top (Water Testing > Photometers), its name where no other category has it, or its id (see the list). Required. A category the site does not have is a problem, unless the import is run with --create: it is then made, with the categories above it.',
  model: 'The model or part number buyers quote by. Kept exactly as typed (leading zeros too): format the column as Text.',
  description: 'What it does, in a sentence or two. Required.',
  image: 'The picture: a file in the folder beside the sheet (photometer.jpg), an https:// address (downloaded at import), or a picture already on the site (/images/products/x.jpg). JPEG, PNG, WebP or AVIF; 1000 px wide or more. Empty while a photo is awaited: the product is shown with a neutral tile. On a pack\'s row: the pack\'s own picture, where it looks unlike the others.',
  'image alt': 'What the picture shows, in a few words, for people who cannot see it.',
  specifications: 'Specifications in words, one per line of the cell (Alt+Enter in Excel).',
  applications: 'Where it is used, one per line of the cell.',
  datasheet: 'A PDF datasheet: a file beside the sheet, an https:// address, or one on the site (/datasheets/x.pdf).',
  price: 'Price text, e.g. "Contact for pricing". Leave empty for none. On a pack\'s row: the pack\'s own price.',
  status: '"active" (or empty) while it is offered; "discontinued" when it is not any more: its page stays and says so. A product never leaves the range because its row is missing.',
  'replaced by': 'For a discontinued product: the id of the product that replaces it.',
};

/**
 * Other sheets' names for the columns, as the mapping proposes them (lowercase words, without
 * punctuation: "Cat. No." is "cat no"). A header with one of them as its words, or among them, is taken
 * for that column; the longest that fits wins.
 */
export const SYNONYMS: Partial<Record<Column, readonly string[]>> = {
  id: ['product id', 'slug', 'handle', 'url key'],
  code: ['sku', 'cat no', 'catalogue no', 'catalog no', 'catalogue number', 'catalog number', 'order code', 'order no', 'order number', 'item code', 'item no', 'article no', 'article number', 'ref no', 'reference'],
  pack: ['pack size', 'size', 'packing', 'pack', 'unit', 'uom', 'unit of measure', 'quantity per pack', 'packaging', 'variant'],
  name: ['product name', 'product', 'title', 'product title', 'item name', 'item', 'item description', 'name'],
  brand: ['brand', 'brand name', 'manufacturer', 'make', 'maker', 'vendor', 'supplier', 'mfr', 'mfg', 'principal'],
  category: ['category', 'categories', 'product category', 'product group', 'group', 'product type', 'family', 'department', 'class'],
  model: ['model', 'model no', 'model number', 'part no', 'part number', 'mpn', 'manufacturer part number'],
  description: ['description', 'short description', 'product description', 'details', 'summary', 'overview'],
  image: ['image', 'image url', 'image link', 'picture', 'photo', 'images', 'image src', 'main image'],
  'image alt': ['image alt', 'alt text', 'image alt text', 'image description'],
  specifications: ['specifications', 'specification', 'specs', 'features', 'key features', 'technical data', 'technical specifications'],
  applications: ['applications', 'application', 'uses', 'used for'],
  datasheet: ['datasheet', 'data sheet', 'brochure', 'pdf', 'technical data sheet', 'tds'],
  price: ['price', 'unit price', 'list price', 'regular price', 'retail price', 'selling price', 'price kes', 'price ksh', 'kes', 'ksh'],
  status: ['status', 'state'],
  'replaced by': ['replaced by', 'replacement', 'superseded by'],
};

export const SPEC_HELP =
  'One column per specification value, headed "spec: <Name> [<unit>]" as the category\'s attribute (spec: Readability [mg]; spec: Colour without a unit): a plain number in the cell for a number attribute, in the unit of the header; one of the choices for a choice. On a pack\'s row: the pack\'s own value (a volume, a count), where it differs from the product\'s.';

/** A specification value's column header: "spec: Readability [mg]". */
export const specHeader = (name: string, unit?: string) => `spec: ${name}${unit ? ` [${unit}]` : ''}`;

/** The name and unit of a "spec: Name [unit]" header; undefined for any other header. */
export function parseSpecHeader(header: string): { name: string; unit?: string } | undefined {
  const m = /^spec:\s*(.*?)\s*(?:\[\s*([^\]]*?)\s*\])?\s*$/i.exec(header);
  if (!m || !m[1]) return undefined;
  return m[2] ? { name: m[1], unit: m[2] } : { name: m[1] };
}

/** Every attribute of the categories as a column, in the categories' order, each name and unit once. */
export function specColumns(categories: Iterable<Pick<ProductCategory, 'attributes'>>): Pick<Attribute, 'name' | 'unit'>[] {
  const seen = new Map<string, Pick<Attribute, 'name' | 'unit'>>();
  for (const c of categories) for (const a of c.attributes ?? []) if (!seen.has(specHeader(a.name, a.unit))) seen.set(specHeader(a.name, a.unit), { name: a.name, ...(a.unit ? { unit: a.unit } : {}) });
  return [...seen.values()];
}
