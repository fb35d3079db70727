// The build's picture pipeline (`npm run build`, after the client build has copied public/ into
// dist/): writes every file a PicturePlan names (AVIF and WebP at each width, the 1200×630 share
// JPEGs) and replaces each raster file copied from public/ by its published form (upright, sRGB, no
// metadata, at most 2560 px: upright.ts). Every output is kept in the picture cache, named by the
// source's bytes and the encoder settings, so a build encodes only what it has not made before, and a
// text-only change encodes nothing. Encoding runs on every core.
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { listFolder } from '../content/files.ts';
import sharp, { type Sharp } from 'sharp';
import { pictureCacheDir } from './facts.ts';
import { ENCODER, FORMATS, outputId, type PicturePlan, type PlannedPicture, type PlannedShare, SHARE } from './plan.ts';
import { sniffType } from './sniff.ts';
import { type RasterFormat, readPicture, uprightPicture } from './upright.ts';

export interface EncodeReport {
  /** Source pictures with at least one file encoded by this build, and those whose every file came from the cache. */
  encoded: number;
  cached: number;
  /** Files written into dist/. */
  files: number;
  seconds: number;
  /** Raster files under public/ left out of dist/: they could not be read, so their metadata could not be removed. */
  withheld: { path: string; reason: string }[];
}

/** Extensions of the raster files the build publishes only without their metadata. */
const RASTER = /\.(jpe?g|png|webp|avif|heic|heif|tiff?)$/i;

interface Output {
  /** Its name in the cache (`${id}-...`), and where it goes under dist/. */
  cache: string;
  dist: string;
}

/** Runs at most `n` tasks at a time. */
function limiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

export async function encodePictures(root: string, dist: string, plan: PicturePlan): Promise<EncodeReport> {
  const start = performance.now();
  const cacheDir = pictureCacheDir(root);
  mkdirSync(cacheDir, { recursive: true });
  // sharp runs one libvips thread per image by default: as many images at once as there are cores
  // (libuv runs four at a time; past four cores each image gets more threads).
  const cores = availableParallelism();
  const parallel = Math.min(cores, 4);
  sharp.concurrency(Math.max(1, Math.floor(cores / parallel)));
  const work = limiter(parallel);
  const decoded = limiter(parallel);

  let files = 0;
  const encodedSources = new Set<string>();
  const allSources = new Set<string>();
  const publish = (out: Output) => {
    const to = join(dist, out.dist);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(join(cacheDir, out.cache), to);
    files++;
  };
  const cached = (out: Output) => existsSync(join(cacheDir, out.cache));
  const store = (out: Output, data: Buffer) => {
    const file = join(cacheDir, out.cache);
    writeFileSync(`${file}.${process.pid}.tmp`, data);
    renameSync(`${file}.${process.pid}.tmp`, file);
  };
  /** Publishes `out`, from the cache or made by `make` (and cached), counting the source as encoded when it is made. */
  const produce = async (source: string, out: Output, make: () => Promise<Buffer>) => {
    allSources.add(source);
    if (!cached(out)) {
      store(out, await work(make));
      encodedSources.add(source);
    }
    publish(out);
  };
  const fileOf = (src: string) => join(root, 'public', ...src.split('/').filter(Boolean));

  // AVIF and WebP at each width, and the crop for narrow screens, from one decoding of the source at the widest.
  const variants = [...plan.pictures.values()].map(async (p) => {
    const sizes = p.widths.map((w) => ({ w, name: `${w}` }));
    if (p.narrow) sizes.push({ w: p.narrow.width, name: 'narrow' });
    const outputs = sizes.flatMap(({ w, name }) => FORMATS.map((format) => ({ w, name, format, cache: `${p.id}-${name}.${format}`, dist: `${p.base}-${name}.${format}` })));
    const missing = outputs.filter((o) => !cached(o));
    if (missing.length === 0) {
      allSources.add(p.src);
      return outputs.forEach(publish);
    }
    await decoded(async () => {
      const top = Math.max(...p.widths);
      const { data, info } = await work(() =>
        readPicture(fileOf(p.src)).resize({ width: top, withoutEnlargement: true }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true }),
      );
      const raw = { width: info.width, height: info.height, channels: info.channels };
      await Promise.all(
        outputs.map((o) =>
          produce(p.src, o, () => {
            const resized = (o.name === 'narrow' ? narrowPart(sharp(data, { raw }), info, p.narrow!) : sharp(data, { raw })).resize({ width: o.w, withoutEnlargement: true });
            return (o.format === 'avif' ? resized.avif(p.encoder.avif) : resized.webp(p.encoder.webp)).toBuffer();
          }),
        ),
      );
    });
  });

  const shares = [...plan.shares.values()].map((s) => produce(s.src, { cache: `${s.id}-share.jpg`, dist: s.path }, () => shareJpeg(fileOf(s.src), s)));

  // Every raster file public/ holds, referenced or not, is published only without its metadata.
  const withheld: EncodeReport['withheld'] = [];
  const publicDir = join(root, 'public');
  const rasters = listFolder(publicDir).files.filter((f) => RASTER.test(f)); // (links left out: validate refuses them)
  const originals = rasters.map(async (rel) => {
    const src = `/${rel.split(sep).join('/')}`;
    const data = readFileSync(join(publicDir, rel));
    const type = sniffType(data);
    const format: RasterFormat | undefined = type === 'jpeg' || type === 'png' || type === 'webp' || type === 'avif' ? type : undefined;
    if (!format) {
      rmSync(join(dist, rel), { force: true });
      withheld.push({ path: `public${src}`, reason: type === 'heic' ? 'a HEIC photo, which the build cannot decode: save it as JPEG' : 'not a JPEG, PNG, WebP or AVIF picture' });
      return;
    }
    const id = outputId(createHash('sha256').update(data).digest('hex'));
    try {
      await produce(src, { cache: `${id}-original.${format}`, dist: src }, async () => (await uprightPicture(data, { format })).data);
    } catch (err) {
      rmSync(join(dist, rel), { force: true });
      withheld.push({ path: `public${src}`, reason: (err as Error).message });
    }
  });

  await Promise.all([...variants, ...shares, ...originals]);
  return {
    encoded: encodedSources.size,
    cached: allSources.size - encodedSources.size,
    files,
    seconds: (performance.now() - start) / 1000,
    withheld: withheld.sort((a, b) => a.path.localeCompare(b.path)),
  };
}

/**
 * The part of a picture (`size` its pixels) that a place of the crop's shape shows of it with object-fit:
 * cover and object-position at the focal point (the centre without one), as the browser places it.
 */
function narrowPart(picture: Sharp, size: { width: number; height: number }, crop: NonNullable<PlannedPicture['narrow']>): Sharp {
  const [width, height] = size.width / size.height > crop.shape ? [Math.round(size.height * crop.shape), size.height] : [size.width, Math.round(size.width / crop.shape)];
  const left = Math.round((size.width - width) * ((crop.focal?.x ?? 50) / 100));
  const top = Math.round((size.height - height) * ((crop.focal?.y ?? 50) / 100));
  return picture.extract({ left, top, width, height });
}

/** The link preview: SHARE's size, covering it and cropped around the focal point (the centre without one). */
async function shareJpeg(file: string, share: PlannedShare): Promise<Buffer> {
  const { width: w, height: h } = share.facts;
  const scale = Math.max(SHARE.width / w, SHARE.height / h);
  const [sw, sh] = [Math.max(SHARE.width, Math.round(w * scale)), Math.max(SHARE.height, Math.round(h * scale))];
  const fx = (share.focal?.x ?? 50) / 100;
  const fy = (share.focal?.y ?? 50) / 100;
  const clamp = (v: number, max: number) => Math.min(Math.max(0, Math.round(v)), max);
  // An SVG is drawn at the density that gives it the size it is scaled to.
  const input: Sharp =
    share.facts.type === 'svg' ? sharp(file, { density: Math.min(2400, Math.ceil(72 * scale)) }) : readPicture(file);
  return input
    .resize(sw, sh, { fit: 'fill' })
    .extract({ left: clamp(fx * sw - SHARE.width / 2, sw - SHARE.width), top: clamp(fy * sh - SHARE.height / 2, sh - SHARE.height), width: SHARE.width, height: SHARE.height })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg(ENCODER.share)
    .toBuffer();
}
