// Response headers shared by the production server and every host configuration (D12), derived from
// the site document, so the policy allows exactly what the site loads: the form endpoint it posts to,
// the map it frames, the hosts of any remote picture in the content. src/node/build/host-files.ts writes
// them into dist/ for each host.
import { createHash } from 'node:crypto';
import type { SiteDocument } from '../../../schemas/site.ts';
import { INLINE_SCRIPTS } from '../../page/inline-scripts.ts';

const origin = (url: string) => new URL(url).origin;
/** A CSP source that allows one inline script, by the hash of its text (the pages' own: src/page/inline-scripts.ts). */
const scriptHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export function securityHeaders(site: SiteDocument, imageOrigins: readonly string[] = []): Record<string, string> {
  const endpoint = site.features.formEndpoint ? [origin(site.features.formEndpoint)] : [];
  const csp = [
    "default-src 'self'",
    ['script-src', "'self'", ...INLINE_SCRIPTS.map(scriptHash)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self'", ...new Set(imageOrigins)].join(' '),
    "font-src 'self'",
    ["connect-src 'self'", ...endpoint].join(' '),
    `frame-src ${origin(site.map.embedUrl)}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    // A form without the app's scripts posts to the endpoint, or to the mail program (src/lib/plain-form.tsx).
    ["form-action 'self' mailto:", ...endpoint].join(' '),
    "object-src 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    // The map frame names no policy of its own, so it follows this one: the map host never sees a page's full address.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}

/** Hashed build output under /assets/ never changes; everything else (HTML first) is revalidated on every use. */
export const cacheControl = {
  assets: 'public, max-age=31536000, immutable',
  other: 'no-cache',
} as const;
