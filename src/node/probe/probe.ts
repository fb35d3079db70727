// Partner image probing (specification section 4, D14 revised): look on the partner's own website for
// a better logo and hero picture than the stored ones. Section 4 had every partner page do this in the
// visitor's browser; now only the maintainer's `npm run probe-partners` does, in Node, with the same
// candidates, limits and order. Candidates and scheduling are pure (tested with an injected clock and
// loader); fetchImage is the Node loader, which downloads a candidate and checks it is a picture.

export type ProbeKind = 'logo' | 'hero';

export const PROBE_LIMITS = { logo: 40, hero: 80, concurrency: 6, timeoutMs: 1500 } as const;

const NAMES: Record<ProbeKind, readonly string[]> = {
  logo: ['logo.svg', 'logo.png'],
  hero: ['hero.jpg', 'hero.webp', 'banner.jpg', 'header.jpg'],
};
const UPLOAD_MONTHS = ['11', '09', '07', '05', '03', '01'];

/**
 * Folders to look in, most likely first: the site root, /images, /img, /wp-content/uploads, then the
 * dated upload folders (YYYY/MM, odd months) of this year and the two before, newest first. Months
 * still in the future cannot hold uploads yet and are left out.
 */
export function probeFolders(now: Date): string[] {
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  const dated: string[] = [];
  for (let y = year; y >= year - 2; y--) {
    for (const m of UPLOAD_MONTHS) if (y < year || Number(m) <= month) dated.push(`/wp-content/uploads/${y}/${m}`);
  }
  return ['', '/images', '/img', '/wp-content/uploads', ...dated];
}

/** The candidate URLs at the origin of the partner's website, in the order they are tried. */
export function probeCandidates(websiteUrl: string, kind: ProbeKind, now: Date): string[] {
  const origin = new URL(websiteUrl).origin;
  return probeFolders(now)
    .flatMap((folder) => NAMES[kind].map((name) => `${origin}${folder}/${name}`))
    .slice(0, PROBE_LIMITS[kind]);
}

/** Loads one image; true when it loaded. Must give up (resolve false) when the signal aborts. */
export type ImageLoader = (url: string, signal: AbortSignal) => Promise<boolean>;

/**
 * Tries the candidates `concurrency` at a time, each for at most `timeoutMs`; the first to load wins
 * and everything still in flight is cancelled. Failures are skipped. Resolves null when none loads or
 * when `signal` aborts (the run was cancelled).
 */
export function probeFirst(
  urls: readonly string[],
  load: ImageLoader,
  { signal, concurrency = PROBE_LIMITS.concurrency, timeoutMs = PROBE_LIMITS.timeoutMs }: { signal: AbortSignal; concurrency?: number; timeoutMs?: number },
): Promise<string | null> {
  return new Promise((resolve) => {
    const inFlight = new Set<AbortController>();
    let next = 0;
    let done = false;

    const finish = (winner: string | null) => {
      if (done) return;
      done = true;
      signal.removeEventListener('abort', stop);
      for (const c of inFlight) c.abort();
      resolve(winner);
    };
    const stop = () => finish(null);

    const attempt = (url: string) => {
      const c = new AbortController();
      inFlight.add(c);
      let settled = false;
      const settle = (loaded: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        inFlight.delete(c);
        if (loaded) finish(url);
        else launch();
      };
      const timer = setTimeout(() => {
        c.abort();
        settle(false);
      }, timeoutMs);
      load(url, c.signal).then(
        (ok) => settle(ok && !c.signal.aborted),
        () => settle(false),
      );
    };

    const launch = () => {
      while (!done && inFlight.size < concurrency && next < urls.length) attempt(urls[next++]!);
      if (!done && inFlight.size === 0) finish(null);
    };

    if (signal.aborted) return resolve(null);
    signal.addEventListener('abort', stop);
    launch();
  });
}

/** Probes for the logo, then the hero picture (so never more than `concurrency` requests at once). */
export async function probePartnerImages(
  websiteUrl: string,
  { now, load, signal, onFound }: { now: Date; load: ImageLoader; signal: AbortSignal; onFound: (kind: ProbeKind, url: string) => void },
): Promise<void> {
  for (const kind of ['logo', 'hero'] as const) {
    const url = await probeFirst(probeCandidates(websiteUrl, kind, now), load, { signal });
    if (signal.aborted) return;
    if (url) onFound(kind, url);
  }
}


/** The picture types accepted from a partner's website, by Content-Type, and the extension each is saved with. */
export const IMAGE_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/svg+xml': 'svg' } as const;
export type ImageExt = (typeof IMAGE_TYPES)[keyof typeof IMAGE_TYPES];

/** Below the minimum a file is a tracking pixel or an empty placeholder, not a logo or a photograph. */
export const IMAGE_BYTES = { min: 200, max: 1024 * 1024 } as const;
export const MAX_REDIRECTS = 3;

/**
 * What fetching one candidate gave: an accepted picture, or why not. `missing`: the server has no such
 * file (not 2xx); `failed`: no answer in time or a network error; `refused`: the server answered with
 * something that is not an acceptable picture.
 */
export type Fetched =
  | { ok: true; bytes: Buffer; ext: ImageExt; from: string }
  | { ok: false; outcome: 'missing' | 'failed' | 'refused'; reason: string };

const refuse = (reason: string): Fetched => ({ ok: false, outcome: 'refused', reason });

/**
 * The Node loader: GETs one candidate (https only, following at most MAX_REDIRECTS redirects, each
 * to https), reads at most IMAGE_BYTES.max and checks that it is a picture of an accepted type.
 * `signal` is probeFirst's timeout or cancellation.
 */
export async function fetchImage(url: string, signal: AbortSignal, fetchImpl: typeof fetch = fetch): Promise<Fetched> {
  let address = url;
  try {
    for (let redirects = 0; ; redirects++) {
      if (new URL(address).protocol !== 'https:') return refuse(redirects ? `redirects to ${address}, which is not https` : 'not an https address');
      const res = await fetchImpl(address, { signal, redirect: 'manual', headers: { accept: Object.keys(IMAGE_TYPES).join(', ') } });
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel();
        if (redirects === MAX_REDIRECTS) return refuse(`more than ${MAX_REDIRECTS} redirects`);
        address = new URL(location, address).href;
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        return { ok: false, outcome: 'missing', reason: `HTTP ${res.status}` };
      }
      const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const ext = IMAGE_TYPES[type as keyof typeof IMAGE_TYPES];
      const length = Number(res.headers.get('content-length') ?? NaN);
      if (!ext || length > IMAGE_BYTES.max) await res.body?.cancel();
      if (!ext) return refuse(type === 'image/gif' ? 'a GIF (only PNG, JPEG, WebP and SVG are accepted)' : `Content-Type ${type || 'missing'}, not PNG, JPEG, WebP or SVG`);
      if (length > IMAGE_BYTES.max) return refuse(`${length} bytes, more than ${IMAGE_BYTES.max}`);
      const bytes = await readAtMost(res, IMAGE_BYTES.max);
      if (!bytes) return refuse(`more than ${IMAGE_BYTES.max} bytes`);
      const problem = imageProblem(bytes, ext);
      return problem ? refuse(problem) : { ok: true, bytes, ext, from: address };
    }
  } catch (e) {
    return { ok: false, outcome: 'failed', reason: signal.aborted ? 'timed out' : String((e as Error).cause ?? (e as Error).message) };
  }
}

async function readAtMost(res: Response, max: number): Promise<Buffer | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
}

const MAGIC: Record<Exclude<ImageExt, 'svg'>, [string, (b: Buffer) => boolean]> = {
  png: ['PNG', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  jpg: ['JPEG', (b) => b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))],
  webp: ['WebP', (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP'],
};

/** Why these bytes are not an acceptable picture of the type the server named, or undefined when they are. */
export function imageProblem(bytes: Buffer, ext: ImageExt): string | undefined {
  const problem = ext === 'svg' ? svgProblem(bytes) : MAGIC[ext][1](bytes) ? undefined : `Content-Type says ${MAGIC[ext][0]} but the file is not a ${MAGIC[ext][0]}`;
  if (problem) return problem;
  if (bytes.length < IMAGE_BYTES.min) return `${bytes.length} bytes, too small for a logo or a picture (at least ${IMAGE_BYTES.min})`;
}

/**
 * The site serves the file from its own origin, where an SVG opened on its own could run script or
 * load other files: anything beyond plain drawing is refused, erring on the side of refusing.
 */
export function svgProblem(bytes: Buffer): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'an SVG that is not UTF-8 text';
  }
  if (/<!ENTITY|<!DOCTYPE[^>]*\[/i.test(text)) return 'an SVG with entity declarations';
  // Editors write an XML declaration, comments and a DOCTYPE naming SVG 1.1 before the <svg> element.
  if (!/^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>[]*>)\s*)*<svg[\s>]/i.test(text)) return 'Content-Type says SVG but the file is not an SVG';
  const rules: [RegExp, string][] = [
    [/<script/i, 'a <script>'],
    [/<foreignObject/i, 'a <foreignObject>'],
    [/\son[a-z]+\s*=/i, 'an on* event attribute'],
    [/javascript:/i, 'a javascript: address'],
    [/\bhref\s*=\s*["']\s*(?!#)/i, 'a reference to another file (href)'],
    [/url\(\s*["']?\s*(?!#)/i, 'a reference to another file (url())'],
    [/@import/i, 'a reference to another file (@import)'],
  ];
  const hit = rules.find(([re]) => re.test(text));
  return hit ? `an SVG with ${hit[1]}` : undefined;
}

/** An ImageLoader for probeFirst that fetches with fetchImage and keeps what each candidate gave. */
export function fetchingLoader(fetchImpl: typeof fetch = fetch): { load: ImageLoader; results: Map<string, Fetched> } {
  const results = new Map<string, Fetched>();
  const load: ImageLoader = async (url, signal) => {
    const result = await fetchImage(url, signal, fetchImpl);
    results.set(url, result);
    return result.ok;
  };
  return { load, results };
}
