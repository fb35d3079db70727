// Stage 3 of loading the content: the shared records (the site document, partners, suppliers, product
// categories, a file per product, and the import's kept mappings), each document checked, each id once.
import type { z } from 'zod';
import {
  partnersDocument, productCategoriesDocument, productDocument, suppliersDocument,
  type Partner, type Product, type ProductCategory, type Supplier,
} from '../../../schemas/records.ts';
import { isImportMapFile, productIdOfFile, RECORD_FILES } from '../../../schemas/routes.ts';
import { siteDocument, type SiteDocument } from '../../../schemas/site.ts';
import { importMap } from '../catalogue/mapping.ts';
import { productOf } from './catalogue.ts';
import { checkDocument } from './document.ts';
import type { Run } from './read.ts';

/** The shared records, as far as their documents passed their checks (undefined where one did not). */
export interface RecordDocs {
  site: SiteDocument | undefined;
  partnersDoc: z.output<typeof partnersDocument> | undefined;
  suppliersDoc: z.output<typeof suppliersDocument> | undefined;
  categoriesDoc: z.output<typeof productCategoriesDocument> | undefined;
  /** Every product file that passed its check, by path. */
  productDocs: Map<string, z.output<typeof productDocument>>;
  partners: Map<string, Partner>;
  suppliers: Map<string, Supplier>;
  products: Map<string, Product>;
  categories: Map<string, ProductCategory>;
}

/** Stage 3, collect the records: the site document, partners, suppliers, categories and products, each checked; an id twice is a problem. */
export function collectRecords(run: Run): RecordDocs {
  const { sources } = run;
  for (const [what, rel] of Object.entries(RECORD_FILES)) {
    if (!sources.has(rel)) run.reportFile(`pages-data/${rel}`, 'missing-document', { what: `the ${what} file pages-data/${rel}` });
  }
  const site = (run.identity = checkDocument(run, RECORD_FILES.site, siteDocument));
  const partnersDoc = checkDocument(run, RECORD_FILES.partners, partnersDocument);
  const suppliersDoc = checkDocument(run, RECORD_FILES.suppliers, suppliersDocument);
  const categoriesDoc = checkDocument(run, RECORD_FILES.categories, productCategoriesDocument);
  const productDocs = new Map<string, z.output<typeof productDocument>>();
  for (const rel of sources.keys()) {
    if (!productIdOfFile(rel)) continue;
    const doc = checkDocument(run, rel, productDocument);
    if (doc) productDocs.set(rel, doc);
  }
  // The import's kept mappings (src/node/catalogue/mapping.ts): checked here, their references later.
  for (const rel of sources.keys()) if (isImportMapFile(rel)) checkDocument(run, rel, importMap);
  const products = new Map([...productDocs].map(([rel, doc]) => [productIdOfFile(rel)!, productOf(rel, doc)]));
  const byId = <T extends { id: string }>(list: readonly T[] | undefined, rel: string, key: string, what: string) => {
    const out = new Map<string, T>();
    list?.forEach((r, i) => {
      if (out.has(r.id)) run.report(sources.get(rel)!, [key, i, 'id'], 'duplicate-id', { what, id: r.id });
      out.set(r.id, r);
    });
    return out;
  };
  const categories = byId(categoriesDoc?.categories, RECORD_FILES.categories, 'categories', 'product category');
  const partners = byId(partnersDoc?.partners, RECORD_FILES.partners, 'partners', 'partner');
  const suppliers = byId(suppliersDoc?.suppliers, RECORD_FILES.suppliers, 'suppliers', 'supplier');
  return { site, partnersDoc, suppliersDoc, categoriesDoc, productDocs, partners, suppliers, products, categories };
}
