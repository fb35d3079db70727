import { z } from 'zod';
import { mailboxAddress } from './identity.ts';
import { MAX_LENGTH, brandId, categoryId, email, externalUrl, httpsUrl, image, imageSrc, pdfFile, phone, productId, slug, text } from './primitives.ts';

const partnerCategories = [
  'Water Testing & Analysis', 'Chemicals & Reagents', 'Laboratory Glassware', 'Scientific Equipment',
  'Biotechnology & Plant Tissue Culture', 'Microbiology & Pathology',
] as const;

const year = z.int().min(1600).max(2100);

export const partner = z.strictObject({
  id: slug,
  name: text('Brand name.', 'title'),
  description: text('What the brand makes and what we supply from it.'),
  specialties: z.array(z.string().min(1).max(MAX_LENGTH.label)).min(1),
  logo: imageSrc.meta({ description: 'Local wordmark (/images/brands/...) or the remote logo the brand supplies.' }),
  logoSource: httpsUrl
    .meta({ description: 'Where `npm run probe-partners` downloaded the logo from, on the partner\'s website. Set by that command.' })
    .optional(),
  image: imageSrc.meta({ description: 'The picture for the partner page.' }),
  imageSource: httpsUrl
    .meta({ description: 'Where `npm run probe-partners` downloaded the picture from, on the partner\'s website. Set by that command.' })
    .optional(),
  websiteUrl: externalUrl,
  productCatalogUrl: externalUrl.optional(),
  contactInfo: z
    .strictObject({ email: email.optional(), phone: phone.optional(), address: z.string().max(MAX_LENGTH.lead).optional() })
    .optional(),
  certification: z.array(z.string().min(1).max(MAX_LENGTH.label)).optional(),
  established: year.optional(),
  countries: z.array(z.string().min(1).max(MAX_LENGTH.label)).optional(),
  category: z.enum(partnerCategories),
  isOfficialDistributor: z.boolean().optional(),
});
export type Partner = z.infer<typeof partner>;

export const partnersDocument = z.strictObject({
  $schema: z.string().optional(),
  partners: z.array(partner).min(1),
});

const unit = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .meta({ description: 'The unit, as buyers read it: mg, g, µm, °C, mL, %. Values of the attribute are in this unit.' });

/** What products of a category can be compared by: a specification given as a value, filtered and compared across its products. */
export const attribute = z
  .strictObject({
    name: text('The attribute as buyers read it, e.g. "Readability". A product\'s value names it exactly.').max(60),
    type: z.enum(['number', 'text', 'choice']).meta({ description: 'number: a figure in `unit` (filtered by a range); text: any words; choice: one of `choices`.' }),
    unit: unit.optional(),
    choices: z.array(z.string().trim().min(1)).min(1).optional().meta({ description: 'For type "choice": the values a product may give.' }),
    filter: z.boolean().optional().meta({ description: 'true: buyers can narrow the category\'s listing by it.' }),
  })
  .meta({ title: 'Attribute' });
export type Attribute = z.infer<typeof attribute>;

/**
 * The catalogue's categories: a product names one of these by id, so a typo never makes a new category.
 * A category may name a parent (a department, a family), so they form a tree of any depth (D23).
 */
export const productCategory = z.strictObject({
  id: slug,
  name: text('The category as buyers read it, e.g. "Photometers".', 'title'),
  parent: categoryId.optional().meta({ description: 'The category this one sits in (a department such as "Laboratory Equipment"), by id. Its listing then shows this category\'s products too.' }),
  image: image.optional().meta({ description: 'A picture of the category: its products without a picture of their own are shown with it, as a stand-in (D24).' }),
  attributes: z.array(attribute).optional().meta({ description: 'The specifications its products give as values, in the order pages and comparisons show them.' }),
});
export type ProductCategory = z.infer<typeof productCategory>;

export const productCategoriesDocument = z
  .strictObject({
    $schema: z.string().optional(),
    categories: z.array(productCategory).min(1),
  })
  .meta({ title: 'Product categories', description: 'Every category a product may name (pages-data/records/product-categories.json).' });

const listItem = z.string().trim().min(1).max(MAX_LENGTH.lead);

/** A specification given as a value of one of its category's attributes, beside the free-text ones. */
export const specValue = z
  .strictObject({
    name: text('An attribute of the product\'s category, by its name there, e.g. "Readability".'),
    value: z.union([z.number(), z.string().trim().min(1)]).meta({ description: 'A number for a number attribute (in the attribute\'s unit), else text.' }),
    unit: unit.optional().meta({ description: 'The attribute\'s unit, written as its category writes it.' }),
  })
  .meta({ title: 'Specification value', description: 'A value of one of the category\'s attributes: { "name": "Readability", "value": 0.1, "unit": "mg" }.' });
export type SpecValue = z.infer<typeof specValue>;

/**
 * An order (catalogue) code as buyers quote it: letters and digits, with - . / _ or spaces between them
 * (Z5000-100G, 1.09535.0001, PT 090/250). Unique across the catalogue whatever its case (D22).
 */
export const orderCode = z
  .string()
  .trim()
  .min(2)
  .max(40)
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9._/ -]*[A-Za-z0-9])?$/, 'letters and digits, with - . / _ or single spaces between them, e.g. PT-DPD1-250')
  .meta({ description: 'The order code buyers quote for this pack, as the maker or the company writes it (e.g. "PT-DPD1-250"). Unique across the catalogue, whatever its case.' });

/** One pack (or variant) of a product, as buyers order it: its own order code and what it holds (D22). */
export const pack = z
  .strictObject({
    code: orderCode,
    label: z.string().trim().min(1).max(MAX_LENGTH.label).meta({ description: 'What the pack is, as buyers read it: "250 tablets", "500 mL", "Kit, 100 tests".' }),
    specifications: z
      .array(specValue)
      .optional()
      .meta({ description: 'Values of the category\'s attributes that are this pack\'s own (a volume, a pack count); the product\'s values stand for the rest.' }),
    image: image.optional().meta({ description: 'A picture of this pack, where it looks unlike the others.' }),
    price: z.string().trim().min(1).max(MAX_LENGTH.label).optional().meta({ description: 'Price text of this pack, where one is published.' }),
  })
  .meta({ title: 'Pack', description: 'A pack or variant buyers order by its code: { "code": "PT-DPD1-250", "label": "250 tablets" }.' });
export type Pack = z.infer<typeof pack>;

/** Whether a product is still offered: a discontinued one keeps its page (D17, D21), out of the listings. */
export const productStatuses = ['active', 'discontinued'] as const;

/**
 * One product of the catalogue, in a file of its own: pages-data/records/products/<id>.json, its id
 * the file name. Its page is made from the template page of the products collection.
 */
export const productDocument = z
  .strictObject({
    $schema: z.string().optional(),
    name: text('The product\'s name as its maker gives it, e.g. "Photometer 7500".', 'title'),
    brand: brandId,
    category: categoryId,
    model: listItem.optional().meta({ description: 'The model or part number a buyer quotes by, where the maker gives one.' }),
    packSize: listItem.optional().meta({ description: 'What one unit holds, where it applies (e.g. "Pack of 250 tablets").' }),
    description: text('What it does, in a sentence or two.'),
    image: image.optional().meta({ description: 'The product\'s picture and what it shows. Optional while a photo is awaited: its card and page then show a neutral tile (or its category\'s picture), and validate counts it in a warning (D24).' }),
    specifications: z
      .array(z.union([listItem.meta({ title: 'Specification text', description: 'A specification in words, one line.' }), specValue]))
      .default([])
      .meta({ description: 'Each a line of text, or a value of one of the category\'s attributes ({ "name", "value", "unit" }).' }),
    applications: z.array(listItem).default([]),
    packs: z
      .array(pack)
      .min(1)
      .optional()
      .meta({ description: 'The packs or variants buyers order, each with its own order code (25 g, 100 g, 500 g). Its page lists them in a table; the quote list asks for one by its code.' }),
    datasheet: pdfFile.optional(),
    price: z.string().trim().min(1).max(MAX_LENGTH.label).optional().meta({ description: 'Price text; "Contact for pricing" where no price is published.' }),
    status: z.enum(productStatuses).optional().meta({ description: '"discontinued": no longer offered. Its page stays at its address, says so and links to its category and its replacement; listings leave it out.' }),
    replacedBy: productId.optional().meta({ description: 'The product that replaces a discontinued one, by id.' }),
  })
  .meta({ title: 'Product', description: 'One product: pages-data/records/products/<id>.json (the file name is its id).' });

/** A product as pages and blocks see it: its record and its id (the name of its file). */
export type Product = Omit<z.output<typeof productDocument>, '$schema'> & { id: string };

/**
 * A brand the company supplies that is not a partner. It may be just its id and name (a brand an
 * import made from a sheet); a supplier grid needs its logo and description, and shows the rest
 * where it is there.
 */
export const supplier = z.strictObject({
  id: slug,
  name: text('Brand name.', 'title'),
  description: text('A sentence or two. A supplier grid shows it.').optional(),
  specialties: z.array(z.string().min(1).max(MAX_LENGTH.label)).min(1).optional(),
  logo: imageSrc.meta({ description: 'Its logo (a local wordmark under /images/brands/). A supplier grid shows it.' }).optional(),
  image: imageSrc.optional(),
  websiteUrl: externalUrl.optional(),
  productCatalogUrl: externalUrl.optional(),
  contactInfo: z.strictObject({ email: mailboxAddress.optional(), phone: phone.optional() }).optional(),
  certification: z.array(z.string().min(1).max(MAX_LENGTH.label)).default([]),
  established: year.optional(),
  countries: z.array(z.string().min(1).max(MAX_LENGTH.label)).default([]),
  featured: z
    .array(productId)
    .max(3)
    .optional()
    .meta({ description: 'Up to 3 of its products the water-testing supplier view shows first (the others follow by id); its products are the files of pages-data/records/products/ whose brand is this supplier.' }),
});
export type Supplier = z.infer<typeof supplier>;

export const suppliersDocument = z.strictObject({
  $schema: z.string().optional(),
  suppliers: z.array(supplier).min(1),
});
