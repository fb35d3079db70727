// What the build makes of each picture the content names, decided from the content alone (no
// encoding): the widths of a raster picture from the widest slot any block draws it in, the names
// of its AVIF and WebP files, and the 1200×630 JPEG of each share image. The client build, the
// server build and the prerender each plan on their own and agree, since a plan is a pure function of
// the content; `encodePictures` (encode.ts) then writes the files it names.
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import sharp from 'sharp';
import { blockDefinitions } from '../../../schemas/blocks/index.ts';
import type { PictureUse } from '../../../schemas/blocks/define.ts';
import type { Image } from '../../../schemas/primitives.ts';
import type { Slot } from '../../../schemas/slots.ts';
import { SHARE_SIZE } from '../../lib/head.ts';
import type { RenderedBlock } from '../../page/types.ts';
import type { PictureFacts } from './facts.ts';
import { MAX_EDGE, ORIGINAL_SETTINGS } from './upright.ts';

/**
 * The widths a picture is encoded at, up to what its widest slot needs and no wider than its file.
 * 720 is for the commonest phones: a picture as wide as the screen needs 720 px on a 360 px screen at
 * twice the density (HD+ screens), and one beside a heading 656-716 px on screens of 360-412 px at 1.75-2.
 * A browser takes the narrowest width that covers its need, so without 720 each of them fetched 800.
 */
export const LADDER = [320, 480, 640, 720, 800, 1080, 1440, 1920, 2560] as const;

/**
 * Encoder settings: AVIF at effort 2 is 7-10x faster than sharp's default 4 for at most 8 % more bytes.
 * `overlaid`: for a picture drawn only under an overlay (Slot.overlaid), where the detail these qualities
 * lose is not seen (compared by eye on a phone's screen under the slides' gradient: small print on a
 * circuit board softens at AVIF 35 where the overlay is thinnest, not at 40); some 30-40 % fewer bytes.
 */
export const ENCODER = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75, effort: 4 },
  overlaid: { avif: { quality: 40, effort: 2 }, webp: { quality: 60, effort: 4 } },
  share: { quality: 82, mozjpeg: true },
} as const;
export const FORMATS = ['avif', 'webp'] as const;
export type Format = (typeof FORMATS)[number];

/** Link previews (og:image): one JPEG of this size, cropped around the picture's focal point. */
export const SHARE = SHARE_SIZE;

/** Where the encoded files are published: under /assets/, so every host caches them for a year. */
export const PICTURES_DIR = '/assets/pictures';

/**
 * Everything that changes the bytes of an output: the encoders' settings and the library versions.
 * Output names and cache entries are made from it with the source's bytes, so a change of settings
 * never serves or reuses a stale file.
 */
const SETTINGS = JSON.stringify({ v: 1, ENCODER, ORIGINAL_SETTINGS, MAX_EDGE, SHARE, sharp: sharp.versions.sharp, vips: sharp.versions.vips });

/** The width a slot needs of a picture: twice its widest drawn width (screens of twice the pixel density), at most MAX_EDGE. */
export const neededWidth = (slot: Slot) => Math.min(2 * slot.width, MAX_EDGE);

/** The ladder's widths below what is needed (skipping one within 10 % of the top), and the top: what is needed, or the file's own width. */
export function ladderWidths(sourceWidth: number, needed: number): number[] {
  const top = Math.min(sourceWidth, needed);
  return [...LADDER.filter((w) => w * 1.1 < top), top];
}

/** A picture a block shows, and where: its block's index on the page and the slot it is drawn in. */
export interface PictureUseAt extends PictureUse {
  block: number;
}

/** The pictures a page's blocks show (each block definition's `pictures`), in the order of the page. */
export const pictureUses = (blocks: readonly RenderedBlock[]): PictureUseAt[] =>
  blocks.flatMap(({ block, props }, i) => blockDefinitions[block.type].pictures(block as never, props as never).map((u) => ({ block: i, ...u })));

export interface PlannedPicture {
  src: string;
  facts: PictureFacts;
  /** Names its files, from its bytes and the settings: `${base}-${width}.avif` and `.webp`; the cache keeps them as `${id}-${width}.avif`. */
  id: string;
  base: string;
  widths: number[];
  /** Its AVIF and WebP settings: ENCODER's, or ENCODER.overlaid when every slot it is drawn in is overlaid. */
  encoder: { avif: { quality: number; effort: number }; webp: { quality: number; effort: number } };
  /** Drawn in a slot with a `narrow` part (the first such use's): that crop, as `${base}-narrow.avif` and `.webp`. */
  narrow?: NonNullable<Slot['narrow']> & { focal: Image['focal'] };
}

export interface PlannedShare {
  src: string;
  focal: Image['focal'];
  facts: PictureFacts;
  id: string;
  /** Where the 1200×630 JPEG is published. */
  path: string;
}

export interface PicturePlan {
  /** Every raster picture under public/ a block shows, by src. SVGs are published as they are. */
  pictures: Map<string, PlannedPicture>;
  /** Every share image under public/ (the site's and the pages' own), by `shareKey`. */
  shares: Map<string, PlannedShare>;
}

/** The id of an output of a source: its bytes (SHA-256) and the settings, and what else sets it apart (a crop). */
export const outputId = (hash: string, extra = '') => createHash('sha256').update(`${hash}\n${SETTINGS}\n${extra}`).digest('hex').slice(0, 12);

/** A readable part of a file name from its src: /images/Lab Bench_2.jpg gives lab-bench-2. */
const stemOf = (src: string) =>
  basename(src).replace(/\.[^.]+$/, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'picture';

export const shareKey = (image: Pick<Image, 'src' | 'focal'>) => (image.focal ? `${image.src}@${image.focal.x},${image.focal.y}` : image.src);

/**
 * The plan for a content: `pictures` gives every raster picture the widths its widest use needs,
 * `shares` every local share image. `uses` are the pictures the pages show, `shareImages` the share
 * images they name; `facts` is what the validator read of each file.
 */
export function planPictures(uses: Iterable<{ src: string; slot: Slot; focal?: Image['focal'] }>, shareImages: Iterable<Image>, facts: ReadonlyMap<string, PictureFacts>): PicturePlan {
  const widest = new Map<string, number>();
  const overlaid = new Map<string, boolean>();
  const narrow = new Map<string, PlannedPicture['narrow']>();
  for (const { src, slot, focal } of uses) {
    const f = facts.get(src);
    if (!f || f.type === 'svg') continue;
    widest.set(src, Math.max(widest.get(src) ?? 0, neededWidth(slot)));
    overlaid.set(src, (overlaid.get(src) ?? true) && slot.overlaid === true);
    if (slot.narrow && !narrow.has(src)) narrow.set(src, { ...slot.narrow, focal });
  }
  const pictures = new Map<string, PlannedPicture>();
  for (const [src, needed] of [...widest].sort(([a], [b]) => a.localeCompare(b))) {
    const f = facts.get(src)!;
    const coarser = overlaid.get(src)!;
    const crop = narrow.get(src);
    const id = outputId(f.hash, [coarser ? 'overlaid' : '', crop ? `narrow ${JSON.stringify(crop)}` : ''].filter(Boolean).join(' '));
    const encoder = coarser ? ENCODER.overlaid : ENCODER;
    pictures.set(src, { src, facts: f, id, base: `${PICTURES_DIR}/${stemOf(src)}-${id}`, widths: ladderWidths(f.width, needed), encoder, ...(crop ? { narrow: crop } : {}) });
  }
  const shares = new Map<string, PlannedShare>();
  for (const image of shareImages) {
    const f = facts.get(image.src);
    const key = shareKey(image);
    if (!f || shares.has(key)) continue;
    const id = outputId(f.hash, `share ${image.focal ? `${image.focal.x},${image.focal.y}` : 'centre'}`);
    shares.set(key, { src: image.src, focal: image.focal, facts: f, id, path: `${PICTURES_DIR}/${stemOf(image.src)}-${id}-${SHARE.width}x${SHARE.height}.jpg` });
  }
  return { pictures, shares };
}
