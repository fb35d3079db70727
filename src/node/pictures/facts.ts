// What the build and the validator know of a picture file under public/ before doing anything with
// it: its type by its first bytes, its size as shown (turned upright by its EXIF orientation), read
// from its header, and that it decodes. A file past the limits is refused from its header alone, so
// a small file declaring enormous dimensions (a decompression bomb) is never decoded.
// Kept in memory while the file is unchanged (the studio validates on every keystroke), and on disk
// in the picture cache by the file's bytes, so `npm run validate` decodes a picture once, not every run.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { type SniffedType, sniffType, typeOfExtension } from './sniff.ts';
import { MAX_BYTES, MAX_PIXELS, readPicture } from './upright.ts';

export interface PictureFacts {
  /** Width and height as the picture shows, after its EXIF orientation. */
  width: number;
  height: number;
  /** Its type, by its first bytes. */
  type: Exclude<SniffedType, 'heic' | 'other'>;
  /** Its size in bytes, and the SHA-256 of its bytes (hex): what the encoded files are named and cached by. */
  bytes: number;
  hash: string;
}

/** Why a file is not a picture the site can publish. */
export type PictureFault =
  | { kind: 'unreadable'; detail: string }
  | { kind: 'type-mismatch'; actual: SniffedType; expected: SniffedType }
  | { kind: 'heic' }
  | { kind: 'too-large'; detail: string };

export class PictureError extends Error {
  constructor(readonly fault: PictureFault) {
    super(fault.kind === 'unreadable' || fault.kind === 'too-large' ? fault.detail : fault.kind);
  }
}

/** The picture cache of a project: encoded files and facts, kept between builds (outside node_modules, which npm ci empties). */
export const pictureCacheDir = (root: string) => join(root, '.cache', 'pictures');

const known = new Map<string, { mtimeMs: number; size: number; facts: Promise<PictureFacts> }>();

/** The facts of a picture file; rejects with a PictureError when it is not one the site can publish. */
export function pictureFacts(file: string, cacheDir?: string): Promise<PictureFacts> {
  const { mtimeMs, size } = statSync(file);
  const hit = known.get(file);
  if (hit && hit.mtimeMs === mtimeMs && hit.size === size) return hit.facts;
  const facts = readFacts(file, size, cacheDir);
  known.set(file, { mtimeMs, size, facts });
  facts.catch(() => known.delete(file));
  return facts;
}

const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function readFacts(file: string, size: number, cacheDir: string | undefined): Promise<PictureFacts> {
  const fail = (fault: PictureFault): never => {
    throw new PictureError(fault);
  };
  if (size > MAX_BYTES) fail({ kind: 'too-large', detail: `${megabytes(size)} (at most ${megabytes(MAX_BYTES)})` });
  const data = readFileSync(file);
  const actual = sniffType(data);
  const expected = typeOfExtension(file);
  if (actual === 'heic') fail({ kind: 'heic' });
  if (actual === 'other') fail({ kind: 'unreadable', detail: 'its first bytes are not those of a JPEG, PNG, WebP, AVIF or SVG file' });
  if (actual !== expected) fail({ kind: 'type-mismatch', actual, expected });
  const type = actual as PictureFacts['type'];
  const hash = createHash('sha256').update(data).digest('hex');

  const withinPixels = (width: number, height: number) => {
    const mp = (width * height) / 1e6;
    if (mp > MAX_PIXELS / 1e6) fail({ kind: 'too-large', detail: `${width} × ${height} px, ${mp >= 100 ? Math.round(mp) : mp.toFixed(1)} megapixels (at most ${MAX_PIXELS / 1e6})` });
  };

  const cached = cacheDir ? join(cacheDir, 'facts', `${hash}.json`) : undefined;
  let known: { width: number; height: number } | undefined;
  try {
    if (cached) known = JSON.parse(readFileSync(cached, 'utf8')) as { width: number; height: number };
  } catch {
    // not measured yet
  }
  if (known) {
    withinPixels(known.width, known.height);
    return { ...known, type, bytes: size, hash };
  }

  const header = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch((err: Error) => fail({ kind: 'unreadable', detail: err.message }));
  if (!header.width || !header.height) fail({ kind: 'unreadable', detail: 'no size in its header' });
  withinPixels(header.width, header.height);
  // An SVG is published as it is, and its header parse read it whole; a raster picture is decoded
  // (at a small size: a JPEG or WebP decodes at 1/8 scale) to find one cut short or corrupt.
  if (type !== 'svg') {
    await readPicture(data)
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer()
      .catch((err: Error) => fail({ kind: 'unreadable', detail: describeDecodeError(err.message, cutShort(data, type)) }));
  }
  const { width, height } = header.autoOrient;
  if (cached) {
    mkdirSync(join(cacheDir!, 'facts'), { recursive: true });
    const tmp = `${cached}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ width, height }));
    renameSync(tmp, cached);
  }
  return { width, height, type, bytes: size, hash };
}

function describeDecodeError(message: string, short: boolean): string {
  const said = message.trim() || 'an unknown error';
  if (short || /premature end|truncated|unexpected end|end of (file|stream|data)|not enough data/i.test(said)) return `the file is cut short, as by an unfinished download or copy (${said})`;
  return `it does not decode (${said})`;
}

/** Whether a file's structure ends before its end should: a JPEG without its end marker, a PNG without its last chunk, a WebP shorter than its header says. */
function cutShort(data: Buffer, type: PictureFacts['type']): boolean {
  if (type === 'jpeg') return !(data[data.length - 2] === 0xff && data[data.length - 1] === 0xd9);
  if (type === 'png') return data.subarray(-8, -4).toString('latin1') !== 'IEND';
  if (type === 'webp') return data.length < data.readUInt32LE(4) + 8;
  return false;
}
