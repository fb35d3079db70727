// Response headers shared by the production server, the nginx and the _headers configurations (D12).
const csp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self' https:",
  'frame-src https://www.google.com https://maps.google.com',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self' mailto:",
  "object-src 'none'",
].join('; ');

export const securityHeaders: Record<string, string> = {
  'Content-Security-Policy': csp,
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/** Hashed build output under /assets/ never changes; everything else (HTML first) is revalidated on every use. */
export const cacheControl = {
  assets: 'public, max-age=31536000, immutable',
  other: 'no-cache',
} as const;
