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

/** The catalogue's categories: a product names one of these by id, so a typo never makes a new category. */
export const productCategory = z.strictObject({
  id: slug,
  name: text('The category as buyers read it, e.g. "Photometers".', 'title'),
});
export type ProductCategory = z.infer<typeof productCategory>;

export const productCategoriesDocument = z
  .strictObject({
    $schema: z.string().optional(),
    categories: z.array(productCategory).min(1),
  })
  .meta({ title: 'Product categories', description: 'Every category a product may name (pages-data/records/product-categories.json).' });

const listItem = z.string().trim().min(1).max(MAX_LENGTH.lead);

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
    image: image.meta({ description: 'The product\'s picture and what it shows.' }),
    specifications: z.array(listItem).default([]),
    applications: z.array(listItem).default([]),
    datasheet: pdfFile.optional(),
    price: z.string().trim().min(1).max(MAX_LENGTH.label).optional().meta({ description: 'Price text; "Contact for pricing" where no price is published.' }),
  })
  .meta({ title: 'Product', description: 'One product: pages-data/records/products/<id>.json (the file name is its id).' });

/** A product as pages and blocks see it: its record and its id (the name of its file). */
export type Product = Omit<z.output<typeof productDocument>, '$schema'> & { id: string };

export const supplier = z.strictObject({
  id: slug,
  name: text('Brand name.', 'title'),
  description: text('A sentence or two.'),
  specialties: z.array(z.string().min(1).max(MAX_LENGTH.label)).min(1),
  logo: imageSrc,
  image: imageSrc,
  websiteUrl: externalUrl.optional(),
  productCatalogUrl: externalUrl.optional(),
  contactInfo: z.strictObject({ email: mailboxAddress.optional(), phone: phone.optional() }),
  certification: z.array(z.string().min(1).max(MAX_LENGTH.label)).default([]),
  established: year,
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
