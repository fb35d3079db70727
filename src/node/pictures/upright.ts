// A picture as the site publishes it (D15): turned by its EXIF orientation, its colour converted to
// sRGB, its long edge at most 2560 px (which serves every slot at twice the pixel density), and no
// metadata at all: no EXIF (a phone's GPS position, maker and model), XMP, IPTC or ICC profile.
// The build publishes every raster file of public/ this way; the studio will store uploads this way.
import sharp, { type Sharp } from 'sharp';

/** The long edge no slot needs more of (a full-width picture on a wide screen at twice the density). */
export const MAX_EDGE = 2560;
/** Pictures past these are refused (validate) and never decoded. */
export const MAX_PIXELS = 40_000_000;
export const MAX_BYTES = 25 * 1024 * 1024;

export type RasterFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/**
 * Reads a picture turned upright. Decoding fails on a file cut short or corrupt, and on one past
 * MAX_PIXELS before any pixel is decoded (the size in its header is checked first).
 */
export const readPicture = (input: Buffer | string): Sharp => sharp(input, { failOn: 'error', limitInputPixels: MAX_PIXELS, autoOrient: true });

/** `readPicture`, in sRGB, its long edge at most `maxEdge` (never enlarged). Outputs carry no metadata unless asked, and this never asks. */
export const uprightPipeline = (input: Buffer | string, maxEdge = MAX_EDGE): Sharp =>
  readPicture(input).resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true }).toColourspace('srgb');

/** The encoder settings of a published original, per format: close to the source's quality. */
export const ORIGINAL_SETTINGS = {
  jpeg: { quality: 88, mozjpeg: true },
  png: { compressionLevel: 9 },
  webp: { quality: 88 },
  avif: { quality: 64, effort: 2 },
} as const;

export interface UprightPicture {
  data: Buffer;
  width: number;
  height: number;
  format: RasterFormat;
}

/**
 * A picture turned upright, in sRGB, without metadata and at most `maxEdge` px on its long edge, in
 * `format` (the format it came in by default; `format` says which when that is not one of ours).
 */
export async function uprightPicture(input: Buffer | string, options: { maxEdge?: number; format?: RasterFormat } = {}): Promise<UprightPicture> {
  const pipeline = uprightPipeline(input, options.maxEdge);
  const source = await pipeline.metadata();
  const format = options.format ?? asRasterFormat(source);
  if (!format) throw new Error('not a JPEG, PNG, WebP or AVIF picture: say which format to write');
  // A PNG of a few colours (a diagram, a logo) stays one: as full colour it would grow.
  const settings = format === 'png' ? { ...ORIGINAL_SETTINGS.png, palette: source.isPalette } : ORIGINAL_SETTINGS[format];
  const { data, info } = await pipeline[format](settings).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, format };
}

/** The format of a picture from sharp's metadata, if it is one the site publishes as it is (an HEIF file is AVIF only when its compression is AV1). */
export function asRasterFormat({ format, compression }: { format?: string; compression?: string | undefined }): RasterFormat | undefined {
  if (format === 'jpeg' || format === 'png' || format === 'webp') return format;
  return format === 'heif' && compression === 'av1' ? 'avif' : undefined;
}
