// Pictures as a phone writes them, made here (no photo is committed): a JPEG with an EXIF orientation,
// the phone's maker and model, a GPS position (in EXIF and in XMP) and a Display P3 colour profile.
// Its pixels are smooth shapes with grain (or, with `camera`, detail at every scale), and a red block marks the stored
// top-left corner, so a test can tell which way up an output is.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

export interface PhotoOptions {
  /** The stored size (before the orientation turns it). */
  width?: number;
  height?: number;
  /** EXIF orientation: 6 is a phone held upright, its pixels stored sideways (turn 90° clockwise to show). */
  orientation?: number;
  /** Makes each photo different. */
  seed?: number;
  quality?: number;
  /** How strong the grain is: a real 12-megapixel phone photo is some 3.7 MB at quality 90. */
  grain?: number;
  /** One colour (and the red corner) instead of shapes: quick to encode, for tests that check what the pipeline does rather than what it costs. */
  plain?: boolean;
  /**
   * Detail at every scale, as a camera's photo of a lab has (shapes with hard edges, texture, fine lines),
   * instead of smooth shapes: grain of one pixel averages out when a picture is scaled down for a page,
   * so smooth shapes with grain encode far smaller at a phone's width than a real photo does.
   */
  camera?: boolean;
}

/** Nairobi, about where the company is: what a published picture must not tell. */
export const PHOTO_GPS = { latitude: '1/1 17/1 0/1', longitude: '36/1 49/1 0/1' };
export const PHOTO_MAKER = 'Phonemaker';

export async function phonePhoto({ width = 4000, height = 3000, orientation = 1, seed = 1, quality = 90, grain = 28, plain = false, camera = false }: PhotoOptions = {}): Promise<Buffer> {
  let state = seed * 2654435761;
  const random = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  if (plain) grain = 0;
  const cells = Buffer.alloc(plain ? 3 : 16 * 12 * 3);
  for (let i = 0; i < cells.length; i++) cells[i] = 40 + Math.floor(random() * 175);
  const smooth = await sharp(cells, { raw: { width: plain ? 1 : 16, height: plain ? 1 : 12, channels: 3 } }).resize(width, height, { kernel: plain ? 'nearest' : 'cubic' }).raw().toBuffer();
  if (camera && !plain) await addDetail(smooth, width, height, random);
  const block = Math.floor(Math.min(width, height) / 8);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (x < block && y < block) {
        smooth[i] = 230, smooth[i + 1] = 20, smooth[i + 2] = 20;
        continue;
      }
      const n = grain ? Math.floor((random() - 0.5) * grain) : 0;
      for (let c = 0; c < 3; c++) smooth[i + c] = Math.max(0, Math.min(255, smooth[i + c]! + n));
    }
  }
  const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="1,17.0S" exif:GPSLongitude="36,49.0E"/></rdf:RDF></x:xmpmeta>`;
  return sharp(smooth, { raw: { width, height, channels: 3 } })
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: PHOTO_MAKER, Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: PHOTO_GPS.latitude, GPSLongitudeRef: 'E', GPSLongitude: PHOTO_GPS.longitude },
    })
    .withXmp(xmp)
    .withMetadata({ orientation })
    .jpeg({ quality })
    .toBuffer();
}

/**
 * Adds to `pixels` layers of random detail, each a grid of random values scaled up to the photo: coarse to
 * fine, the hard-edged ones (nearest neighbour) as objects' outlines, the smooth ones (cubic) as shading.
 */
async function addDetail(pixels: Buffer, width: number, height: number, random: () => number) {
  const layers: [cellsAcross: number, kernel: 'nearest' | 'cubic', strength: number][] = [
    [12, 'nearest', 70],
    [60, 'nearest', 45],
    [250, 'cubic', 40],
    [700, 'nearest', 22],
    [Math.round(width / 3), 'cubic', 26],
  ];
  for (const [across, kernel, strength] of layers) {
    const w = Math.max(1, Math.min(width, across));
    const h = Math.max(1, Math.round((w * height) / width));
    const grid = Buffer.alloc(w * h);
    for (let i = 0; i < grid.length; i++) grid[i] = Math.floor(random() * 256);
    // Light and shade, the same in each colour: a photo's detail is mostly in its brightness.
    const layer = await sharp(grid, { raw: { width: w, height: h, channels: 1 } }).resize(width, height, { kernel }).raw().toBuffer();
    for (let i = 0; i < pixels.length; i++) pixels[i] = Math.max(0, Math.min(255, pixels[i]! + ((layer[Math.floor(i / 3)]! - 128) * strength) / 128));
  }
}

/** What of a phone's metadata a file still carries: EXIF, XMP, IPTC, an ICC profile, a GPS position or the maker in its bytes. */
export async function metadataLeft(file: Buffer): Promise<string[]> {
  const m = await sharp(file).metadata();
  const left: string[] = [];
  if (m.exif) left.push('EXIF');
  if (m.xmp) left.push('XMP');
  if (m.iptc) left.push('IPTC');
  if (m.icc) left.push('ICC profile');
  if (m.orientation && m.orientation !== 1) left.push(`orientation ${m.orientation}`);
  const text = file.toString('latin1');
  if (text.includes('GPSLatitude')) left.push('GPS');
  if (text.includes(PHOTO_MAKER)) left.push('maker');
  return left;
}

/**
 * A PNG written byte by byte, 8-bit RGB: its rows (filter byte first) deflated into it, or, without
 * rows, a header declaring `width` × `height` over almost nothing (a decompression bomb).
 */
export function rawPng(width: number, height: number, rows?: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const size = Buffer.alloc(4);
    size.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([size, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', rows ? deflateSync(rows) : Buffer.alloc(8)), chunk('IEND', Buffer.alloc(0))]);
}
