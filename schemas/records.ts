import { z } from 'zod';
import { email, externalUrl, httpsUrl, imageSrc, pdfFile, phone, slug, text } from './primitives.ts';

const partnerCategories = [
  'Water Testing & Analysis', 'Chemicals & Reagents', 'Laboratory Glassware', 'Scientific Equipment',
  'Biotechnology & Plant Tissue Culture', 'Microbiology & Pathology',
] as const;

const year = z.int().min(1600).max(2100);

export const partner = z.strictObject({
  id: slug,
  name: text('Brand name.'),
  description: text('What the brand makes and what we supply from it.'),
  specialties: z.array(z.string().min(1)).min(1),
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
    .strictObject({ email: email.optional(), phone: phone.optional(), address: z.string().optional() })
    .optional(),
  certification: z.array(z.string().min(1)).optional(),
  established: year.optional(),
  countries: z.array(z.string().min(1)).optional(),
  category: z.enum(partnerCategories),
  isOfficialDistributor: z.boolean().optional(),
});
export type Partner = z.infer<typeof partner>;

export const partnersDocument = z.strictObject({
  $schema: z.string().optional(),
  partners: z.array(partner).min(1),
});

export const product = z.strictObject({
  id: slug,
  name: text('Product name.'),
  description: text('What it does, in a sentence or two.'),
  image: imageSrc,
  category: text('e.g. "Photometers".'),
  specifications: z.array(z.string().min(1)).default([]),
  applications: z.array(z.string().min(1)).default([]),
  datasheet: pdfFile.optional(),
  price: z.string().optional().meta({ description: 'Price text; "Contact for pricing" where no price is published.' }),
});
export type Product = z.infer<typeof product>;

export const supplier = z.strictObject({
  id: slug,
  name: text('Brand name.'),
  description: text('A sentence or two.'),
  specialties: z.array(z.string().min(1)).min(1),
  logo: imageSrc,
  image: imageSrc,
  websiteUrl: externalUrl.optional(),
  productCatalogUrl: externalUrl.optional(),
  contactInfo: z.strictObject({ email: email.optional(), phone: phone.optional() }),
  certification: z.array(z.string().min(1)).default([]),
  established: year,
  countries: z.array(z.string().min(1)).default([]),
  products: z.array(product).min(1).max(3),
});
export type Supplier = z.infer<typeof supplier>;

export const suppliersDocument = z.strictObject({
  $schema: z.string().optional(),
  suppliers: z.array(supplier).min(1),
});
