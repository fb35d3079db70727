// The pictures and datasheets a sheet names: read from the folder beside the sheet, or downloaded from
// an https address, checked as a studio upload is (type by content, size limits) and, for a picture,
// turned upright without any metadata (D15). Each is stored under public/ by a name made from its
// content, so importing the same file again writes nothing new. Nothing is written here: the import
// writes what this prepares only once the whole sheet has passed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { sniffType, SNIFF_BYTES, typeName, typeOfExtension } from '../pictures/sniff.ts';
import { MAX_BYTES, MAX_PIXELS, uprightPicture } from '../pictures/upright.ts';

export type FileKind = 'picture' | 'datasheet';

/** Where imported files are stored, under public/. */
export const STORED = { picture: '/images/products', datasheet: '/datasheets' } as const;

export interface PreparedFile {
  /** The path documents name it by: /images/products/photometer-1a2b3c4d5e.jpg */
  ref: string;
  /** Its bytes as published, or undefined when public/ has this very file already. */
  data?: Buffer;
}

export interface FetchOptions {
  /**
   * Plain http:// addresses on this machine too (127.0.0.1, localhost): for tests, which serve pictures
   * from a server of their own (`--local-pictures`). Without it only https:// addresses are fetched.
   */
  localPictures?: boolean;
}

const LOCAL = /^http:\/\/(?:127\.0\.0\.1|localhost)(?::\d+)?\//i;

export class FileProblem extends Error {
  constructor(readonly code: 'file-not-found' | 'bad-file', readonly params: { name: string; folder: string; detail: string }) {
    super(params.detail);
  }
}

const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const EXTENSION = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' } as const;
/** A readable start of a stored file's name from the name it came with. */
const stemOf = (name: string) => basename(name).replace(/\.[^.]+$/, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'file';

/** Downloads a file named by an https address (at most MAX_BYTES, 30 s). */
async function download(url: string): Promise<Buffer> {
  const response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_BYTES) throw new Error(`${url} is ${megabytes(length)}: at most ${megabytes(MAX_BYTES)}`);
  const data = Buffer.from(await response.arrayBuffer());
  if (data.length > MAX_BYTES) throw new Error(`${url} is ${megabytes(data.length)}: at most ${megabytes(MAX_BYTES)}`);
  return data;
}

/**
 * Prepares the file a cell names (not a path under public/, which stays as it is): its bytes from the
 * folder or the address, checked, and the path it will have. Rejects with a FileProblem.
 */
export async function prepareFile(root: string, folder: string, name: string, kind: FileKind, options: FetchOptions = {}): Promise<PreparedFile> {
  const shown = relative(root, folder) || '.';
  const fail = (code: FileProblem['code'], detail = ''): never => {
    throw new FileProblem(code, { name, folder: `${shown}${sep}`, detail });
  };
  let bytes: Buffer;
  if (/^https:\/\//i.test(name) || (options.localPictures && LOCAL.test(name))) {
    try {
      bytes = await download(name);
    } catch (err) {
      return fail('bad-file', `could not be downloaded: ${(err as Error).message}`);
    }
  } else if (/^[a-z]+:/i.test(name)) {
    return fail('bad-file', 'an address must be https://');
  } else {
    const path = resolve(folder, name);
    // A name leads to a file in the folder, never out of it.
    if (!path.startsWith(resolve(folder) + sep) || !existsSync(path)) return fail('file-not-found');
    bytes = readFileSync(path);
    if (bytes.length > MAX_BYTES) return fail('bad-file', `${megabytes(bytes.length)}: at most ${megabytes(MAX_BYTES)}`);
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const stem = stemOf(name.replace(/[?#].*$/, ''));

  if (kind === 'datasheet') {
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return fail('bad-file', 'is not a PDF file');
    const ref = `${STORED.datasheet}/${stem}-${hash}.pdf`;
    return existsSync(join(root, 'public', ref)) ? { ref } : { ref, data: bytes };
  }

  const type = sniffType(bytes.subarray(0, SNIFF_BYTES));
  if (type === 'svg') return fail('bad-file', 'is an SVG drawing, which can carry scripts: put it under public/images/ yourself, after reading it through, and name it by its path');
  if (type === 'heic') return fail('bad-file', 'is a HEIC photo, which browsers cannot show: export it as JPEG');
  if (type === 'other') return fail('bad-file', 'is not a picture (JPEG, PNG, WebP or AVIF)');
  const promised = typeOfExtension(name.replace(/[?#].*$/, ''));
  if (promised !== 'other' && promised !== type) return fail('bad-file', `is a ${typeName[type]} file, not the ${typeName[promised]} its name says`);
  const ref = `${STORED.picture}/${stem}-${hash}.${EXTENSION[type]}`;
  // The same picture imported again is the file stored already: nothing to decode or write.
  if (existsSync(join(root, 'public', ref))) return { ref };
  try {
    const picture = await uprightPicture(bytes, { format: type });
    return { ref, data: picture.data };
  } catch (err) {
    const detail = (err as Error).message;
    return fail('bad-file', /pixel limit/i.test(detail) ? `has more than ${MAX_PIXELS / 1e6} megapixels` : `cannot be read as a ${typeName[type]} picture (${detail})`);
  }
}
