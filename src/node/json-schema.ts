// JSON Schema for editors, generated from the zod contract (npm run schemas; checked fresh by validate).
import { z } from 'zod';
import { pageDocument } from '../../schemas/page.ts';
import { partnersDocument, suppliersDocument } from '../../schemas/records.ts';
import { siteDocument } from '../../schemas/site.ts';

const targets = {
  'page.schema.json': pageDocument,
  'site.schema.json': siteDocument,
  'partners.schema.json': partnersDocument,
  'suppliers.schema.json': suppliersDocument,
} as const;

let generated: { file: string; json: string }[] | undefined;

export function jsonSchemaFiles(): { file: string; json: string }[] {
  return (generated ??= Object.entries(targets).map(([file, schema]) => ({
    file,
    json: JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), null, 2) + '\n',
  })));
}
