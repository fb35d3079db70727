// JSON Schema for editors, generated from the zod contract (npm run schemas; checked fresh by validate).
import { z } from 'zod';
import { pageDocument } from '../../../schemas/page.ts';
import { partnersDocument, productCategoriesDocument, productDocument, suppliersDocument } from '../../../schemas/records.ts';
import { redirectsDocument } from '../../../schemas/redirects.ts';
import { productIdOfFile, RECORD_FILES, REDIRECTS_FILE } from '../../../schemas/routes.ts';
import { siteDocument } from '../../../schemas/site.ts';

const targets = {
  'page.schema.json': pageDocument,
  'site.schema.json': siteDocument,
  'partners.schema.json': partnersDocument,
  'suppliers.schema.json': suppliersDocument,
  'product.schema.json': productDocument,
  'product-categories.schema.json': productCategoriesDocument,
  'redirects.schema.json': redirectsDocument,
} as const;

let generated: { file: string; json: string }[] | undefined;

export function jsonSchemaFiles(): { file: string; json: string }[] {
  return (generated ??= Object.entries(targets).map(([file, schema]) => ({
    file,
    json: JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), null, 2) + '\n',
  })));
}

/** The zod schema a document of pages-data/ is checked against. */
export const documentSchema = (file: string) => targets[schemaFileOf(file)];

/** The schema file a document of pages-data/ is checked against: each record file its own, any other file is a page. */
export function schemaFileOf(file: string): keyof typeof targets {
  if (file === RECORD_FILES.site) return 'site.schema.json';
  if (file === RECORD_FILES.partners) return 'partners.schema.json';
  if (file === RECORD_FILES.suppliers) return 'suppliers.schema.json';
  if (file === RECORD_FILES.categories) return 'product-categories.schema.json';
  if (productIdOfFile(file)) return 'product.schema.json';
  if (file === REDIRECTS_FILE) return 'redirects.schema.json';
  return 'page.schema.json';
}
