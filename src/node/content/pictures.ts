// Stages 10 and 11 of loading the content: the pictures the documents name, each read once, and their
// sizes and shapes for the places they are drawn in.
import { isRecordFile, RECORD_FILES } from '../../../schemas/routes.ts';
import type { SiteDocument } from '../../../schemas/site.ts';
import { EVERY_SHAPE } from '../../../schemas/slots.ts';
import { type RecordData, recordsOf, renderBlock } from '../../page/resolve.ts';
import type { RenderedBlock } from '../../page/types.ts';
import { pictureCacheDir, PictureError, type PictureFacts, pictureFacts } from '../pictures/facts.ts';
import { neededWidth, type PictureUseAt, pictureUses, SHARE } from '../pictures/plan.ts';
import { typeName as pictureTypeName } from '../pictures/sniff.ts';
import { MAX_EDGE } from '../pictures/upright.ts';
import type { Path, SourceFile } from './locate.ts';
import type { Page } from './pages.ts';
import type { Params } from './problems.ts';
import type { Report, Run } from './read.ts';
import type { PictureRef } from './references.ts';

/** Stage 10, read the pictures: each picture file named once, all at once; one that cannot be published is a problem at every field that names it. */
export async function readPictures(run: Run, pictureRefs: readonly PictureRef[]): Promise<Map<string, PictureFacts>> {
  const pictures = new Map<string, PictureFacts>();
  const read = new Map<string, Promise<PictureFacts | Error>>();
  for (const { ref } of pictureRefs) if (!read.has(ref)) read.set(ref, Promise.resolve(run.publicPath(ref)).then((file) => pictureFacts(file, pictureCacheDir(run.root))).catch((err: Error) => err));
  for (const { src, path, ref } of pictureRefs) {
    const facts = await read.get(ref)!;
    if (facts instanceof Error) reportPictureFault(src, path, ref, facts, run.report);
    else pictures.set(ref, facts);
  }
  return pictures;
}

function reportPictureFault(src: SourceFile, path: Path, ref: string, err: Error, report: Report) {
  const fault = err instanceof PictureError ? err.fault : { kind: 'unreadable' as const, detail: err.message };
  // Deleted since it was found (a checkout in another window): missing, as it would have been a moment later.
  if ((err as NodeJS.ErrnoException).code === 'ENOENT') report(src, path, 'missing-file', { path: ref });
  else if (fault.kind === 'heic') report(src, path, 'heic-picture', { path: ref });
  else if (fault.kind === 'type-mismatch') report(src, path, 'picture-type-mismatch', { path: ref, actual: pictureTypeName[fault.actual], expected: pictureTypeName[fault.expected] });
  else if (fault.kind === 'too-large') report(src, path, 'picture-too-large', { path: ref, detail: fault.detail });
  else report(src, path, 'unreadable-picture', { path: ref, detail: fault.detail });
}

/**
 * Stage 11, the pictures' sizes. A raster picture narrower than its slot at twice the pixel density is
 * served at its own size: a warning where it is at least as wide as its slot (sharp on plain screens),
 * an error where it is narrower (blurred everywhere). Reported at each field that names it for that
 * slot (in the page, or in the record the block shows). A share image needs SHARE's size. Pages whose records do not resolve were reported already.
 */
export function checkPictureSizes(
  c: { pages: Set<Page>; site: SiteDocument | undefined; sources: Map<string, SourceFile>; pictureRefs: readonly PictureRef[]; pictures: Map<string, PictureFacts>; recordData: RecordData },
  report: Report,
) {
  const raster = (src: string) => {
    const f = c.pictures.get(src);
    return f && f.type !== 'svg' ? f : undefined;
  };
  // Each field once, at the widest place it is drawn.
  const worst = new Map<string, { at: { src: SourceFile; path: Path }; params: Params<'picture-too-small'> }>();
  // Only a raster picture narrower than the widest any slot needs can be too small anywhere. A page a
  // template makes is drawn only where its own product's picture is one of those: the cards of other
  // products (related, listings) need less than a product's own page does, which reports them.
  const small = new Set([...c.pictures].filter(([, f]) => f.type !== 'svg' && f.width < MAX_EDGE).map(([src]) => src));
  for (const page of c.pages.values()) {
    if (small.size === 0) break;
    if (page.entry && !(page.entry.collection === 'products' && small.has(page.entry.product.image?.src ?? ''))) continue;
    const file = c.sources.get(page.file)!;
    let blocks: RenderedBlock[];
    try {
      const records = recordsOf(c.recordData, page.entry);
      blocks = page.doc.blocks.map((b) => renderBlock(b, records));
    } catch {
      continue;
    }
    for (const use of pictureUses(blocks)) {
      const facts = raster(use.src);
      const needed = neededWidth(use.slot);
      if (!facts || facts.width >= needed) continue;
      for (const r of fieldsNaming(c.pictureRefs, file, use)) {
        const key = `${r.src.rel} ${r.path.join('.')}`;
        if ((worst.get(key)?.params.drawn ?? 0) < use.slot.width) worst.set(key, { at: r, params: { path: use.src, width: facts.width, drawn: use.slot.width, needed } });
      }
    }
  }
  // Too small for its place at 1x is an error; large enough at 1x only, a warning: it is served at the sizes it has.
  for (const { at, params } of worst.values()) report(at.src, at.path, params.width < params.drawn ? 'picture-too-small' : 'picture-small', params);
  const shares: [SourceFile | undefined, Path, string][] = [
    [c.sources.get(RECORD_FILES.site), ['seo', 'shareImage', 'src'], c.site?.seo.shareImage.src ?? ''],
    ...[...c.pages].filter((p) => !p.entry).map((p): [SourceFile | undefined, Path, string] => [c.sources.get(p.file), ['meta', 'image', 'src'], p.doc.meta.image?.src ?? '']),
  ];
  for (const [src, path, ref] of shares) {
    const facts = raster(ref);
    if (src && facts && (facts.width < SHARE.width || facts.height < SHARE.height)) {
      report(src, path, 'share-picture-too-small', { path: ref, width: facts.width, height: facts.height, minWidth: SHARE.width, minHeight: SHARE.height });
    }
  }
}

/** The fields that name the picture of `use` on the page in `file`: in its block, else in the records the block shows. */
function fieldsNaming(refs: readonly PictureRef[], file: SourceFile, use: PictureUseAt) {
  const inPage = refs.filter((r) => r.src === file && r.path[0] === 'blocks' && r.path[1] === use.block && r.ref === use.src);
  return inPage.length ? inPage : refs.filter((r) => isRecordFile(r.src.rel) && r.ref === use.src);
}

/**
 * A raster picture far from the shape of the place a block draws it in (a 2560 × 1 px hero slide) is
 * cropped to a sliver or squeezed to a line: reported at each field that names it there, once per field.
 * Only pictures outside the range every place takes are looked for (the site's own SVG drawings are
 * made for their places); a page a template makes, only where its own product's picture is one of them.
 */
export function checkPictureShapes(
  c: { pages: Set<Page>; sources: Map<string, SourceFile>; pictureRefs: readonly PictureRef[]; pictures: Map<string, PictureFacts>; recordData: RecordData },
  report: Report,
) {
  const ratio = (f: PictureFacts) => f.width / f.height;
  const odd = new Set([...c.pictures].filter(([, f]) => f.type !== 'svg' && (ratio(f) < EVERY_SHAPE.min || ratio(f) > EVERY_SHAPE.max)).map(([src]) => src));
  if (odd.size === 0) return;
  const seen = new Set<string>();
  for (const page of c.pages) {
    if (page.entry && !(page.entry.collection === 'products' && odd.has(page.entry.product.image?.src ?? ''))) continue;
    let blocks: RenderedBlock[];
    try {
      blocks = page.doc.blocks.map((b) => renderBlock(b, recordsOf(c.recordData, page.entry)));
    } catch {
      continue;
    }
    for (const use of pictureUses(blocks)) {
      const facts = odd.has(use.src) ? c.pictures.get(use.src)! : undefined;
      const { shape } = use.slot;
      if (!facts || (ratio(facts) >= shape.min && ratio(facts) <= shape.max)) continue;
      for (const r of fieldsNaming(c.pictureRefs, c.sources.get(page.file)!, use)) {
        const key = `${r.src.rel} ${r.path.join('.')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        report(r.src, r.path, 'picture-shape', { path: use.src, width: facts.width, height: facts.height, place: shape.name, min: shape.min, max: shape.max });
      }
    }
  }
}
