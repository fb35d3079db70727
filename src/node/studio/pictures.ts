// The studio's pictures (issue 21): a picture uploaded from the author's computer is checked by its
// first bytes, turned upright, stripped of its metadata, converted to sRGB, capped at 2560 px and
// stored under public/images/uploads/ with a name made from the page and its content; the Pictures view
// lists every picture under public/ with where it is used, replaces one everywhere (all documents or
// none, checked as the content would then be) and deletes one nothing uses.
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import sharp from 'sharp';
import { PICTURE_EXTENSIONS, picturePathProblem, safeFileName } from '../../../schemas/primitives.ts';
import { isRecordFile, routeOfFile } from '../../../schemas/routes.ts';
import { listFolder, throughLink } from '../content/files.ts';
import { documentSchema } from '../content/json-schema.ts';
import { fieldPath } from '../content/locate.ts';
import { walkReferences } from '../content/references.ts';
import { sniffType, SNIFF_BYTES, typeName, typeOfExtension } from '../pictures/sniff.ts';
import { MAX_BYTES, MAX_EDGE, MAX_PIXELS, ORIGINAL_SETTINGS, uprightPicture, type RasterFormat, type UprightPicture } from '../pictures/upright.ts';
import { applyValue } from './edit.ts';
import { commitChecked, type Doc, type Link, position, readDocuments, Refusal } from './pages.ts';
import { serialised } from './writes.ts';

/** Where uploads go, under public/. */
export const UPLOADS = '/images/uploads';

const EXTENSION: Record<RasterFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };
const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Refused before a byte is read when the request says it is larger than this (and while reading, when it is). */
export const UPLOAD_LIMIT = MAX_BYTES;
/** A file over the limit and the limit, in MB, or in bytes where MB would round the two alike (25.0 MB and a byte). */
const sizes = (bytes: number): [string, string] => {
  if (megabytes(bytes) !== megabytes(UPLOAD_LIMIT)) return [megabytes(bytes), megabytes(UPLOAD_LIMIT)];
  return [`${bytes.toLocaleString('en')} bytes`, `${UPLOAD_LIMIT.toLocaleString('en')} bytes (${megabytes(UPLOAD_LIMIT)})`];
};
export const tooLarge = (bytes: number) =>
  new Refusal(413, `the file is ${sizes(bytes)[0]}: a picture may be at most ${sizes(bytes)[1]}. Export it smaller (2560 px on its long edge serves every place the site draws a picture)`);

/** The first part of an upload's name: the page it was added on (services-water-testing), or the document (records-partners). */
function nameOf(file: string): string {
  const base = isRecordFile(file) ? file.replace(/\.json$/, '') : routeOfFile(file) === '/' ? 'home' : routeOfFile(file).slice(1);
  return safeFileName(base.replace(/[/[\]]+/g, '-')).toLowerCase() || 'picture';
}

/** An upload made ready to publish (`readUpload`), not stored yet. */
export interface ReadyPicture extends UprightPicture {
  /** Set when it was converted (HEIC to JPEG). */
  converted?: string;
}

/**
 * An uploaded picture made ready to publish: upright, stripped, sRGB, capped. `name` is the file's
 * name on the author's computer: a picture whose bytes are of another type than its extension says is
 * refused, as validate refuses one in public/.
 */
export async function readUpload(bytes: Buffer, name = ''): Promise<ReadyPicture> {
  if (bytes.length === 0) throw new Refusal(400, 'the file is empty');
  if (bytes.length > UPLOAD_LIMIT) throw tooLarge(bytes.length);
  const type = sniffType(bytes.subarray(0, SNIFF_BYTES));
  const shown = name || 'the file';
  if (type === 'svg') {
    throw new Refusal(415, `${shown} is an SVG: drawings are not taken from uploads, since an SVG can carry scripts and is published as it is. Put it under public/images/ yourself, after reading it through, and choose it from the list`);
  }
  if (type === 'other') throw new Refusal(415, `${shown} is not a picture: upload a JPEG, PNG, WebP, AVIF or HEIC photo`);
  const promised = typeOfExtension(name);
  if (promised !== 'other' && promised !== type) {
    throw new Refusal(415, `${shown} is a ${typeName[type]} file, not the ${typeName[promised]} its name says: it is misnamed or damaged. Rename it to the extension of what it is, or save it again as ${typeName[promised]}, and upload it again`);
  }
  try {
    return type === 'heic' ? { ...(await fromHeic(bytes)), converted: 'HEIC to JPEG' } : await uprightPicture(bytes);
  } catch (err) {
    if (err instanceof Refusal) throw err;
    const detail = (err as Error).message;
    if (/pixel limit/i.test(detail)) throw new Refusal(422, `${shown} has more than ${MAX_PIXELS / 1e6} megapixels: export it smaller (2560 px on its long edge is plenty)`);
    throw new Refusal(422, `${shown} cannot be read as a ${typeName[type]} picture (${detail}): it may be cut short; copy it again from where it came, or save it again`);
  }
}

/**
 * A picture made ready (`readUpload`, decoded outside the queue) stored under public/images/uploads/,
 * named after the document it was added on and its content; answers its path. Only choosing the name
 * and writing wait for the project's other changes.
 */
export function storeUpload(root: string, picture: ReadyPicture, forFile: string): Promise<{ src: string; width: number; height: number; existed: boolean; converted?: string }> {
  const hash = createHash('sha256').update(picture.data).digest('hex').slice(0, 10);
  const { converted } = picture;
  return serialised(root, () => {
    const link = throughLink(join(root, 'public'), UPLOADS.slice(1));
    if (link) throw new Refusal(400, `public${UPLOADS} goes through a link (to ${link}): the studio writes nothing through links`);
    const dir = join(root, 'public', UPLOADS);
    mkdirSync(dir, { recursive: true });
    // The same picture uploaded again is the same file; another one never takes an existing name.
    let file = `${nameOf(forFile)}-${hash}.${EXTENSION[picture.format]}`;
    for (let n = 2; existsSync(join(dir, file)) && !readFileSync(join(dir, file)).equals(picture.data); n++) {
      file = `${nameOf(forFile)}-${hash}-${n}.${EXTENSION[picture.format]}`;
    }
    const existed = existsSync(join(dir, file));
    if (!existed) {
      const tmp = join(dir, `.${file}.${randomBytes(4).toString('hex')}.tmp`);
      writeFileSync(tmp, picture.data);
      renameSync(tmp, join(dir, file));
    }
    return { src: `${UPLOADS}/${file}`, width: picture.width, height: picture.height, existed, ...(converted && { converted }) };
  });
}

/**
 * heic-decode, loaded by Node itself: under `npm run dev` this file is run by Vite's module runner,
 * which closes once the configuration is loaded, so a dynamic import() of it fails there ("Vite
 * module runner has been closed"). heic-decode is CommonJS; require() loads it (once) outside the runner.
 */
const heicDecoder = (): typeof import('heic-decode').default => createRequire(import.meta.url)('heic-decode') as typeof import('heic-decode').default;

/**
 * An iPhone's HEIC photo as a JPEG: sharp's prebuilt binaries cannot decode HEVC, so libheif's
 * WebAssembly build does (heic-decode), and sharp caps, encodes and drops everything but the pixels.
 * libheif applies the picture's own rotation; its colour profile is not carried over (read as sRGB).
 */
async function fromHeic(bytes: Buffer) {
  const decode = heicDecoder();
  let image: { width: number; height: number; data: Uint8ClampedArray };
  try {
    image = await decode({ buffer: bytes });
  } catch (err) {
    throw new Refusal(422, `this HEIC photo cannot be read (${String((err as Error).message ?? err)}): export it as JPEG (Photos or Preview on a Mac: File > Export) and upload that`);
  }
  if (image.width * image.height > MAX_PIXELS) throw new Refusal(422, `the photo has more than ${MAX_PIXELS / 1e6} megapixels: export it smaller`);
  const { data, info } = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), { raw: { width: image.width, height: image.height, channels: 4 } })
    .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg(ORIGINAL_SETTINGS.jpeg)
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, format: 'jpeg' as const };
}

/** A place that names a picture: in a document (as validate names it), or in the site's code (file:line). */
export interface PictureUse extends Link {
  rel: string;
  at: (string | number)[];
  alt?: string;
}

export interface PictureEntry {
  /** Its path as documents name it: /images/home/slide-1.svg */
  path: string;
  bytes: number;
  width?: number;
  height?: number;
  /** With the alt text beside each place that has one (a hero's image.alt beside image.src). */
  uses: (Link & { alt?: string })[];
  /** Places in the site's code (not content) that name it: src/layout/Header.tsx:12. */
  code: string[];
}

const isPicture = (f: string) => PICTURE_EXTENSIONS.some((ext) => f.toLowerCase().endsWith(`.${ext}`));

/** Every picture file under public/, by its path there (dot files and folders, and links out of public/, left out). */
export function publicPictures(root: string): string[] {
  return listFolder(join(root, 'public'))
    .files.map((f) => `/${f}`)
    .filter((f) => isPicture(f) && !f.split('/').some((part) => part.startsWith('.')));
}

/** Every picture reference in the documents, by the picture it names. */
function usesIn(docs: ReadonlyMap<string, Doc>): Map<string, PictureUse[]> {
  const uses = new Map<string, PictureUse[]>();
  for (const [rel, { text, data }] of docs) {
    walkReferences(documentSchema(rel), data, [], (kind, ref, at) => {
      if (kind !== 'picture') return;
      const list = uses.get(ref) ?? [];
      const parent = at.slice(0, -1).reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], data) as { alt?: unknown } | undefined;
      const alt = at[at.length - 1] === 'src' && typeof parent?.alt === 'string' ? parent.alt : undefined;
      list.push({ rel, at, file: `pages-data/${rel}`, ...position(text, at), path: fieldPath(at), to: ref, ...(alt !== undefined && { alt }) });
      uses.set(ref, list);
    });
  }
  return uses;
}

/** The site's own code and page shell: pictures named there (the logo, the favicon) are not content. */
function codeUses(root: string, pictures: readonly string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const files = ['index.html', ...(existsSync(join(root, 'src')) ? readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' }).map((f) => join('src', f)) : [])]
    .filter((f) => /\.(tsx?|jsx?|css|html)$/.test(f) && existsSync(join(root, f)) && statSync(join(root, f)).isFile());
  for (const f of files) {
    const lines = readFileSync(join(root, f), 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const p of pictures) if (line.includes(`'${p}'`) || line.includes(`"${p}"`) || line.includes(`(${p})`)) found.set(p, [...(found.get(p) ?? []), `${f.split(sep).join('/')}:${i + 1}`]);
    });
  }
  return found;
}

const publicLink = ({ file, line, column, path, to, alt }: PictureUse): Link & { alt?: string } => ({ file, line, column, path, to, ...(alt !== undefined && { alt }) });

/** Every picture under public/: its size and every place that names it. */
export async function listPictures(root: string): Promise<PictureEntry[]> {
  const docs = readDocuments(root);
  const pictures = publicPictures(root);
  const uses = usesIn(docs);
  const code = codeUses(root, pictures);
  return Promise.all(
    pictures.map(async (path) => {
      const file = join(root, 'public', path);
      const meta = await sharp(file, { limitInputPixels: MAX_PIXELS }).metadata().catch(() => undefined);
      const upright = meta?.autoOrient ?? meta;
      return { path, bytes: statSync(file).size, ...(upright?.width && { width: upright.width, height: upright.height }), uses: (uses.get(path) ?? []).map(publicLink), code: code.get(path) ?? [] };
    }),
  );
}

/** A picture file under public/ the studio may replace or delete. */
function pictureFile(root: string, path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith('/') || picturePathProblem(path) !== undefined) throw new Refusal(400, `${String(path)} is not the path of a picture under public/`);
  const link = throughLink(join(root, 'public'), path.slice(1));
  if (link) throw new Refusal(400, `public${path} goes through a link (to ${link}): the studio neither reads nor changes it`);
  if (!existsSync(join(root, 'public', path))) throw new Refusal(404, `there is no public${path}`);
  return path;
}

const places = (n: number) => `${n} place${n === 1 ? '' : 's'}`;

/**
 * `from` replaced by `to` (a picture under public/) wherever a document names it, each document changed
 * only there; with the alt texts given (by the validate path of each alt beside a use) changed in the
 * same write. Every document is written or none, and none if the content would have a problem it has not now.
 */
export function replacePicture(root: string, from: unknown, to: unknown, alts: unknown = []): Promise<{ changed: string[]; code: string[] }> {
  return serialised(root, () => replaceIn(root, from, to, alts));
}

async function replaceIn(root: string, from: unknown, to: unknown, alts: unknown): Promise<{ changed: string[]; code: string[] }> {
  const old = pictureFile(root, from);
  const next = pictureFile(root, to);
  if (old === next) throw new Refusal(400, `${old} is the picture already`);
  const docs = readDocuments(root);
  const uses = usesIn(docs).get(old) ?? [];
  if (uses.length === 0) throw new Refusal(409, `nothing in pages-data/ uses ${old}: there is nothing to replace`);
  const edited = new Map<string, unknown>();
  const set = (rel: string, at: (string | number)[], value: string) => {
    const data = edited.get(rel) ?? structuredClone(docs.get(rel)!.data);
    edited.set(rel, data);
    let cur = data as Record<string | number, unknown>;
    for (const key of at.slice(0, -1)) cur = cur[key] as Record<string | number, unknown>;
    cur[at[at.length - 1]!] = value;
  };
  for (const use of uses) set(use.rel, use.at, next);
  for (const change of Array.isArray(alts) ? alts : []) {
    const { file, path, alt } = (change ?? {}) as { file?: unknown; path?: unknown; alt?: unknown };
    const use = uses.find((u) => u.file === file && `${u.path.replace(/\.src$/, '')}.alt` === path && u.at[u.at.length - 1] === 'src');
    if (!use || typeof alt !== 'string') throw new Refusal(400, `${String(file)} ${String(path)} is not the alt text of a place that shows ${old}`);
    set(use.rel, [...use.at.slice(0, -1), 'alt'], alt);
  }
  const changes = new Map<string, string | null>([...edited].map(([rel, data]) => [rel, applyValue(docs.get(rel)!.text, data)]));
  await commitChecked(root, docs, changes, `Replacing ${old} with ${next} in ${places(uses.length)}`);
  return { changed: [...changes.keys()].map((rel) => `pages-data/${rel}`).sort(), code: codeUses(root, [old]).get(old) ?? [] };
}

/** A picture under public/ deleted, if nothing names it: refused with every place that does. */
export function deletePicture(root: string, path: unknown): Promise<{ deleted: string }> {
  return serialised(root, () => deleteUnused(root, path));
}

function deleteUnused(root: string, path: unknown): { deleted: string } {
  const picture = pictureFile(root, path);
  const uses = usesIn(readDocuments(root)).get(picture) ?? [];
  const code = codeUses(root, [picture]).get(picture) ?? [];
  if (uses.length + code.length > 0) {
    const where = [uses.length > 0 && `${places(uses.length)} in pages-data/ (listed)`, code.length > 0 && `the site's code (${code.join(', ')})`].filter(Boolean).join(' and ');
    throw new Refusal(409, `${picture} is still used by ${where}: replace it there first, or replace it everywhere at once`, { links: uses.map(publicLink) });
  }
  unlinkSync(join(root, 'public', picture));
  // A folder the deletion leaves empty goes too (public/ itself stays).
  for (let dir = dirname(join(root, 'public', picture)); dir !== join(root, 'public') && readdirSync(dir).length === 0; dir = dirname(dir)) rmSync(dir, { recursive: true });
  return { deleted: picture };
}
