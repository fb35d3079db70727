// Stage 8 of loading the content: the references the schemas mark (schemas/primitives.ts: a page, a
// record, a file under public/) followed in every document, and the rules between records.
import { join } from 'node:path';
import type { z } from 'zod';
import { pageDocument } from '../../../schemas/page.ts';
import { referenceOf, type ReferenceKind } from '../../../schemas/primitives.ts';
import { partnersDocument, productCategoriesDocument, productDocument, suppliersDocument, type Product, type Supplier } from '../../../schemas/records.ts';
import { partnerIdOfRoute, productFile, productIdOfFile, RECORD_FILES } from '../../../schemas/routes.ts';
import { siteDocument } from '../../../schemas/site.ts';
import { anchors } from './blocks.ts';
import { throughLink } from './files.ts';
import { fieldPath, type Path, type SourceFile } from './locate.ts';
import type { Draft, Page } from './pages.ts';
import { isFile, type Report, type Run } from './read.ts';
import type { RecordDocs } from './records.ts';
import type { Claims } from './routes.ts';
import { nearest } from './suggest.ts';
import { defOf, unionOption } from './zod-schema.ts';

/** A field that names a picture under public/. */
export interface PictureRef {
  src: SourceFile;
  path: Path;
  ref: string;
}

/**
 * Stage 8, check the references: what the schemas mark as pointing at a page, a record or a file, in
 * every document that parses; and the rules between records (suppliers and their products, a partner
 * page and its partner). Returns the fields that name a picture under public/, to be read next.
 */
export function checkReferences(run: Run, recs: RecordDocs, pages: ReadonlyMap<string, Page>, drafts: readonly Draft[], routes: ReadonlyMap<string, Page>, claims: Claims): PictureRef[] {
  const { sources, parsed, report } = run;
  const { partnersDoc, suppliersDoc, categoriesDoc, categories } = recs;
  const anchorsOfFile = new Map(drafts.map((d) => [d.file, d.anchors]));
  // A page a template makes has its anchors read when a link names one (a catalogue has thousands).
  const entryAnchors = new Map<string, string[]>();
  const anchorsOf = (url: string) => {
    const page = routes.get(url);
    if (!page?.entry) return anchorsOfFile.get(claims.get(url)?.rel ?? '');
    if (!entryAnchors.has(url)) entryAnchors.set(url, anchors(page.doc.blocks));
    return entryAnchors.get(url);
  };
  const allUrls = [...claims.keys()];
  // Files under public/, each looked up once however many documents name it (a catalogue's pictures).
  const found = new Map<string, boolean>();
  // (A file reached through a link counts as missing: it is reported as that link.)
  const publicFile = (ref: string) => found.get(ref) ?? found.set(ref, !throughLink(join(run.root, 'public'), ref.slice(1)) && isFile(run.publicPath(ref))).get(ref)!;
  // Pictures under public/ are read for their size once every reference is known, all at once.
  const pictureRefs: PictureRef[] = [];
  // Ids a reference may name: from the raw records when their document failed its check, so that
  // a problem in one record does not hide the unknown ids named elsewhere.
  const idsOf = (rel: string, key: string) =>
    new Set(((parsed.get(rel) as Record<string, unknown> | undefined)?.[key] as { id?: unknown }[] | undefined ?? []).flatMap((r) => (r && typeof r.id === 'string' ? [r.id] : [])));
  const partnerIds = partnersDoc ? new Set(recs.partners.keys()) : idsOf(RECORD_FILES.partners, 'partners');
  const supplierIds = suppliersDoc ? new Set(recs.suppliers.keys()) : idsOf(RECORD_FILES.suppliers, 'suppliers');
  const follow = (src: SourceFile, schema: z.ZodType, value: unknown) =>
    walkReferences(schema, value, [], (kind, ref, path) => {
      // A value its schema refused has its problem already.
      if (run.failedAt.get(src.rel)?.has(fieldPath(path))) return;
      if (kind === 'page') {
        const [url = '', anchor] = ref.split('#');
        if (!claims.has(url)) return report(src, path, 'unknown-page', { to: ref, guess: nearest(url, allUrls) });
        const known = anchor ? anchorsOf(url) : undefined;
        if (anchor && known && !known.includes(anchor)) report(src, path, 'unknown-anchor', { to: ref, anchor, anchors: known });
      } else if (kind === 'partner') {
        if (partnerIds.size > 0 && !partnerIds.has(ref)) report(src, path, 'unknown-partner', { id: ref, guess: nearest(ref, [...partnerIds]) });
      } else if (kind === 'supplier') {
        if (supplierIds.size > 0 && !supplierIds.has(ref)) report(src, path, 'unknown-supplier', { id: ref, guess: nearest(ref, [...supplierIds]) });
      } else if (kind === 'brand') {
        if ((partnerIds.size > 0 || supplierIds.size > 0) && !partnerIds.has(ref) && !supplierIds.has(ref)) report(src, path, 'unknown-brand', { id: ref, guess: nearest(ref, [...partnerIds, ...supplierIds]) });
      } else if (kind === 'category') {
        if (categoriesDoc && !categories.has(ref)) report(src, path, 'unknown-category', { id: ref, guess: nearest(ref, [...categories.keys()]), known: [...categories.keys()] });
      } else if (kind === 'product') {
        // Any product file counts, valid or not: its own problems are reported at it.
        if (!sources.has(productFile(ref))) report(src, path, 'unknown-product', { id: ref, guess: nearest(ref, [...sources.keys()].flatMap((f) => productIdOfFile(f) ?? [])) });
      } else if (ref.startsWith('/') && !publicFile(ref)) {
        report(src, path, 'missing-file', { path: ref });
      } else if (kind === 'picture' && ref.startsWith('/')) {
        pictureRefs.push({ src, path, ref });
      }
    });
  for (const [rel, schema] of [[RECORD_FILES.site, siteDocument], [RECORD_FILES.partners, partnersDocument], [RECORD_FILES.suppliers, suppliersDocument], [RECORD_FILES.categories, productCategoriesDocument]] as const) {
    if (parsed.has(rel)) follow(sources.get(rel)!, schema, parsed.get(rel));
  }
  for (const rel of sources.keys()) if (productIdOfFile(rel) && parsed.has(rel)) follow(sources.get(rel)!, productDocument, parsed.get(rel));
  // (Only once every product file reads: a broken one has its own problem, and may be the supplier's product.)
  const everyProductRead = [...sources.keys()].filter((f) => productIdOfFile(f)).length === recs.productDocs.size;
  if (suppliersDoc && everyProductRead) checkSuppliers(suppliersDoc.suppliers, recs.products, pages.values(), sources, report);
  for (const draft of drafts) {
    const src = sources.get(draft.file)!;
    follow(src, pageDocument, draft.doc);
    const id = partnerIdOfRoute(draft.route);
    const first = draft.blocks[0];
    if (id && draft.blocks.length > 0 && (first?.type !== 'partner-profile' || first.partner !== id)) {
      report(src, first?.type === 'partner-profile' ? ['blocks', 0, 'partner'] : ['blocks', 0], 'partner-page-mismatch', { id });
    }
  }
  return pictureRefs;
}

/** A supplier features its own products, and one shown in a supplier grid has products to show. */
function checkSuppliers(list: readonly Supplier[], products: ReadonlyMap<string, Product>, pages: Iterable<Page>, sources: ReadonlyMap<string, SourceFile>, report: Report) {
  const src = sources.get(RECORD_FILES.suppliers)!;
  const brands = new Set([...products.values()].map((p) => p.brand));
  list.forEach((s, i) =>
    s.featured?.forEach((id, j) => {
      const brand = products.get(id)?.brand;
      if (brand !== undefined && brand !== s.id) report(src, ['suppliers', i, 'featured', j], 'featured-elsewhere', { id, brand, supplier: s.id });
    }),
  );
  for (const page of pages) {
    page.doc.blocks.forEach((b, i) => {
      if (b.type !== 'supplier-grid') return;
      b.suppliers.forEach((id, j) => {
        if (!brands.has(id) && list.some((s) => s.id === id)) report(sources.get(page.file)!, ['blocks', i, 'suppliers', j], 'supplier-without-products', { id });
      });
    });
  }
}

/** Calls `found` for every value that a schema marks as a reference (schemas/primitives.ts). */
export function walkReferences(schema: z.ZodType, value: unknown, path: Path, found: (kind: ReferenceKind, value: string, path: Path) => void): void {
  const kind = referenceOf(schema);
  if (kind && typeof value === 'string') return found(kind, value, path);
  const def = defOf(schema);
  if (def.innerType) return walkReferences(def.innerType, value, path, found);
  if (def.type === 'pipe' && def.in) return walkReferences(def.in, value, path, found);
  if (def.type === 'lazy' && def.getter) return walkReferences(def.getter(), value, path, found);
  if (def.type === 'union') {
    const option = unionOption(def, value);
    return option ? walkReferences(option, value, path, found) : undefined;
  }
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    return value.forEach((v, i) => walkReferences(def.element!, v, [...path, i], found));
  }
  if (def.type === 'object' && def.shape && value && typeof value === 'object') {
    for (const [key, s] of Object.entries(def.shape)) {
      if (key in value) walkReferences(s, (value as Record<string, unknown>)[key], [...path, key], found);
    }
  }
}
