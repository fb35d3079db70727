// What a file is by its first bytes, whatever its name says: the validator compares it with the
// extension, and an upload (the studio) is judged by it, never by the name or the type a browser sends.

export type SniffedType = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic' | 'svg' | 'other';

/** How many bytes of a file `sniffType` reads at most. */
export const SNIFF_BYTES = 1024;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** HEIF brands (ISO/IEC 23008-12): an HEVC picture, as an iPhone saves it; `mif1`/`msf1` are any HEIF. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** The type of a file from its first bytes (give it at least SNIFF_BYTES where the file has them). */
export function sniffType(bytes: Uint8Array): SniffedType {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    // The major brand, then the compatible brands up to the end of the ftyp box.
    const size = Math.min(bytes.length, ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((b) => AVIF_BRANDS.has(b))) return 'avif';
    if (brands.some((b) => HEIC_BRANDS.has(b))) return 'heic';
    return 'other';
  }
  return isSvg(bytes) ? 'svg' : 'other';
}

/** Text that opens (after a byte order mark, an XML declaration, comments or a doctype) with an <svg> element. */
function isSvg(bytes: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, SNIFF_BYTES)).replace(/^\uFEFF/, '');
  const rest = text.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, '');
  return /^<svg[\s>]/i.test(rest);
}

/** The type a picture's file extension promises. */
export function typeOfExtension(path: string): SniffedType {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  switch (ext) {
    case 'jpg':
    case 'jpeg':
      return 'jpeg';
    case 'png':
    case 'webp':
    case 'avif':
    case 'svg':
      return ext;
    case 'heic':
    case 'heif':
      return 'heic';
    default:
      return 'other';
  }
}

/** The name of a type as an author knows it. */
export const typeName: Record<SniffedType, string> = {
  jpeg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF', heic: 'HEIC', svg: 'SVG', other: 'not a picture',
};
