// A template page (pages-data/products/[id].json, "collection": "products") previews as one of its
// products' pages, and a product record as its own page: the template's document with the product's
// {tokens} filled, its blocks given the product, as the build makes every product's page
// (src/node/content/catalogue.ts). The listing templates preview as they are.
import type { Records } from '../../schemas/blocks/define';
import { entryTokens, fillTokens, type Crumb } from '../../schemas/collections';
import { entryRoute, isPattern, parentRoute } from '../../schemas/routes';
import { productEntry, type RecordData, recordsOf } from '../page/resolve';
import type { StudioDocument } from './api';
import { isObject, type Json } from './schema';

export interface PreviewView {
  route: string;
  doc: Json;
  records: Records;
}

/**
 * What the preview shows for `doc` at `route`: a products template's page at its first product (or at
 * the product `route` names, for a product record), else the document as it is.
 */
export function previewView(route: string, doc: Json, data: RecordData, documents: readonly StudioDocument[]): PreviewView {
  const template = data.templates.products;
  const isTemplate = isObject(doc) && doc.collection === 'products' && template !== undefined;
  const id = isTemplate && !isPattern(route) ? route.slice(route.lastIndexOf('/') + 1) : undefined;
  const product = isTemplate ? (id ? data.products.get(id) : data.products.values().next().value) : undefined;
  if (!isTemplate || !product) return { route, doc, records: recordsOf(data) };

  // The pages above the template's, named by their headings (the breadcrumb the build writes).
  const above: Crumb[] = [];
  for (let up = parentRoute(template); up; up = parentRoute(up)) {
    const heading = documents.find((d) => d.route === up)?.heading;
    if (heading) above.unshift({ name: heading, url: up });
  }
  const entry = productEntry(recordsOf(data), template, product, [{ name: 'Home', url: '/' }, ...above]);
  return { route: entryRoute(template, product.id), doc: fillTokens(doc, entryTokens(entry)), records: recordsOf(data, entry) };
}
