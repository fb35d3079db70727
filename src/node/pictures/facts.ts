// What the build and the validator know of a picture file under public/ before doing anything with
// it: its size as shown (turned upright by its EXIF orientation) and its format, read from the
// file's header by sharp (no decoding), and kept while the file is unchanged.
import { statSync } from 'node:fs';
import sharp from 'sharp';

export interface PictureFacts {
  /** Width and height as the picture shows, after its EXIF orientation. */
  width: number;
  height: number;
  /** sharp's name for its format: jpeg, png, webp, avif, svg, heif... */
  format: string;
}

const known = new Map<string, { mtimeMs: number; size: number; facts: Promise<PictureFacts> }>();

/** The facts of a picture file; rejects when it is not one sharp can read. */
export function pictureFacts(file: string): Promise<PictureFacts> {
  const { mtimeMs, size } = statSync(file);
  const hit = known.get(file);
  if (hit && hit.mtimeMs === mtimeMs && hit.size === size) return hit.facts;
  const facts = sharp(file)
    .metadata()
    .then((m) => {
      if (!m.width || !m.height || !m.format) throw new Error('no size in its header');
      const { width, height } = m.autoOrient;
      return { width, height, format: m.format };
    });
  known.set(file, { mtimeMs, size, facts });
  facts.catch(() => known.delete(file));
  return facts;
}
