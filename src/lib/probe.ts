// Partner image probing (specification section 4, D14): after a partner page is shown, look on the
// partner's own website for a better logo and hero picture than the stored ones. Pure apart from
// loadImage, so candidates and scheduling are unit-tested with an injected clock and loader.

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
 * when `signal` aborts (the visitor left the page).
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

/** The browser's loader: a detached image, sent without a referrer, cancelled on abort. */
export const loadImage: ImageLoader = (url, signal) =>
  new Promise((resolve) => {
    const img = new Image();
    const done = (ok: boolean) => {
      img.onload = img.onerror = null;
      signal.removeEventListener('abort', cancel);
      resolve(ok);
    };
    const cancel = () => {
      done(false);
      img.removeAttribute('src');
    };
    img.referrerPolicy = 'no-referrer';
    img.decoding = 'async';
    img.onload = () => done(true);
    img.onerror = () => done(false);
    signal.addEventListener('abort', cancel, { once: true });
    img.src = url;
  });
