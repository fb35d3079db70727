// What the preview shows for a document that is not a page: the page that shows what is being edited.
// One table, by file (or by folder, `records/x/*`, for a collection of one record per file): the
// catalogue's product records plug in with a line of their own.
import { isPattern, partnerPage, PRODUCTS_FOLDER, RECORD_FILES, REDIRECTS_FILE, routeOfRecord } from '../../schemas/routes';
import type { StudioContext } from './api';
import { isObject, type Json, type JsonObject } from './schema';

interface RecordPreview {
  /** The document's list of records, if it holds several (the record edited is the one previewed). */
  list?: string;
  route(record: JsonObject, context: StudioContext, file: string): string | undefined;
}

const idOf = (record: JsonObject) => (typeof record.id === 'string' ? record.id : undefined);

const RECORD_PREVIEWS: Record<string, RecordPreview> = {
  // The site document: phones, mailboxes, address and hours, all on the contact page (and in its header and footer).
  [RECORD_FILES.site]: { route: () => '/contact' },
  [RECORD_FILES.partners]: { list: 'partners', route: (r) => (idOf(r) ? partnerPage(idOf(r)!) : undefined) },
  [RECORD_FILES.suppliers]: { list: 'suppliers', route: (r, context) => (idOf(r) ? context.supplierPages[idOf(r)!] : undefined) },
  // A product (one file each, named by its id): its own page, made from the products' template.
  [`${PRODUCTS_FOLDER}*`]: { route: (_, context, file) => routeOfRecord(file, context.records.templates) },
  [REDIRECTS_FILE]: { list: 'redirects', route: (r) => (typeof r.to === 'string' && !isPattern(r.to) ? r.to : undefined) },
};

/**
 * The route to preview for a record document, from the field being edited (`partners.3.name`: the
 * fourth partner's page; the first record's until a field is chosen). Undefined for a page document,
 * or when no page shows the record.
 */
export function previewRouteOf(file: string, focus: string | undefined, value: Json, context: StudioContext): string | undefined {
  const preview = RECORD_PREVIEWS[file] ?? RECORD_PREVIEWS[file.replace(/[^/]+$/, '*')];
  if (!preview || !isObject(value)) return undefined;
  let record: Json | undefined = value;
  if (preview.list) {
    const records = Array.isArray(value[preview.list]) ? (value[preview.list] as Json[]) : [];
    const [list, index] = (focus ?? '').split('.');
    record = records[list === preview.list ? Number(index) : 0] ?? records[0];
  }
  const route = isObject(record) ? preview.route(record, context, file) : undefined;
  return route && context.options.page.includes(route) ? route : undefined;
}
