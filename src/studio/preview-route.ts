// What the preview shows for a document that is not a page: the page that shows what is being edited.
// One table, by file: the catalogue's product records plug in with a line of their own.
import { partnerPage, RECORD_FILES, REDIRECTS_FILE, isPattern } from '../../schemas/routes';
import type { StudioContext } from './api';
import { isObject, type Json, type JsonObject } from './schema';

type Previewed = (record: JsonObject | undefined, context: StudioContext) => string | undefined;

const idOf = (record: JsonObject | undefined) => (typeof record?.id === 'string' ? record.id : undefined);

const RECORD_PREVIEWS: Record<string, Previewed> = {
  // The site document: phones, mailboxes, address and hours, all on the contact page (and in its header and footer).
  [RECORD_FILES.site]: () => '/contact',
  [RECORD_FILES.partners]: (r) => (idOf(r) ? partnerPage(idOf(r)!) : undefined),
  [RECORD_FILES.suppliers]: (r, context) => (idOf(r) ? context.supplierPages[idOf(r)!] : undefined),
  [REDIRECTS_FILE]: (r) => (typeof r?.to === 'string' && !isPattern(r.to) ? r.to : undefined),
};

/**
 * The route to preview for a record document, from the field being edited (`partners.3.name`: the
 * fourth partner's page; the first record's until a field is chosen). Undefined for a page document,
 * or when no page shows the record.
 */
export function previewRouteOf(file: string, focus: string | undefined, value: Json, context: StudioContext): string | undefined {
  const preview = RECORD_PREVIEWS[file];
  if (!preview || !isObject(value)) return undefined;
  const [list, index] = (focus ?? '').split('.');
  const records = Object.values(value).find(Array.isArray);
  const chosen = list && Array.isArray(value[list]) ? (value[list] as Json[])[Number(index)] : undefined;
  const record = chosen ?? records?.[0] ?? value;
  const route = preview(isObject(record) ? record : undefined, context);
  return route && context.options.page.includes(route) ? route : undefined;
}
