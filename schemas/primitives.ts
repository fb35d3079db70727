import { z } from 'zod';

/** Plain text an author writes; never empty. */
export const text = (description: string) => z.string().trim().min(1).meta({ description });

const unsafeScheme = /^\s*(javascript|data|vbscript|file):/i;

/** A path inside this site, optionally with an anchor: '/services/water-testing', '/#contact'. */
export const internalPath = z
  .string()
  .regex(/^\/[a-z0-9\-/]*(#[a-z0-9-]+)?$/, 'an internal path like /services/water-testing or /#contact')
  .meta({ description: 'A path inside this site, e.g. /services/water-testing or /#contact. Must resolve to a page (and anchor).' });

/** An address on another site: http or https only. */
export const externalUrl = z
  .string()
  .refine((v) => !unsafeScheme.test(v), 'a http(s) address (javascript:, data: and file: are never allowed)')
  .pipe(z.url({ protocol: /^https?$/, error: 'an absolute http:// or https:// address' }))
  .meta({ description: 'An absolute http:// or https:// address on another site. Opens in a new tab.' });

/** An image: a file under public/ (checked to exist) or a remote https address. */
export const imageSrc = z
  .string()
  .refine((v) => !unsafeScheme.test(v), 'a file under public/ or an https:// address (javascript:, data: and file: are never allowed)')
  .refine((v) => /^\/[A-Za-z0-9._\-/]+\.(svg|png|jpe?g|webp|avif)$/.test(v) || /^https:\/\/\S+$/.test(v), 'a path under public/ such as /images/hero.svg, or an https:// address')
  .meta({ description: 'A file under public/ (e.g. /images/services/water-testing.svg) or an https:// address.' });

const fileName = /\.(svg|png|jpe?g|gif|webp|avif)$/i;
const bareWord = /^(image|picture|photo|photograph|graphic|icon|img|logo|banner|placeholder|untitled)[\s\d_-]*$/i;
const announced = /^(an? |the )?(image|picture|photo|graphic) (of|showing) /i;

/** Alt text as a screen reader reads it out: what the picture shows, or empty for decoration. */
export const altText = z
  .string()
  .refine((v) => v === v.trim(), 'alt text without leading or trailing spaces')
  .refine((v) => !fileName.test(v) && !bareWord.test(v), 'alt text that says what the picture shows, not a file name or a bare word like "image"')
  .refine((v) => !announced.test(v), 'alt text without "image of" (screen readers announce the picture already)')
  .meta({ description: 'What the picture shows, for screen readers ("A pH meter in a beaker"). Empty only for pure decoration.' });

export const image = z
  .strictObject({
    src: imageSrc,
    alt: altText,
    width: z.int().positive().meta({ description: 'Intrinsic width in pixels, so nothing shifts while it loads.' }),
    height: z.int().positive().meta({ description: 'Intrinsic height in pixels.' }),
  })
  .meta({ description: 'A picture with its alt text and intrinsic size.' });
export type Image = z.infer<typeof image>;

export const email = z.email().meta({ description: 'An e-mail address.' });

/** A phone number as written for people: +254 700 000 101. */
export const phone = z
  .string()
  .regex(/^\+\d[\d ]{6,18}\d$/, 'an international number such as +254 700 000 101')
  .meta({ description: 'International format with spaces, e.g. +254 700 000 101.' });

/** Record ids and anchors: lowercase words joined by hyphens. */
export const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase words joined by hyphens, e.g. water-testing');

/** Icons authors may name; src/ui/icons.tsx maps each to a Tabler icon (a missing one fails typecheck). */
export const iconNames = [
  'flask', 'microscope', 'droplet', 'scale', 'temperature', 'filter', 'stethoscope', 'shield', 'leaf',
  'milk', 'plant', 'test-pipe', 'atom', 'dna', 'building', 'school', 'heart', 'pill', 'tools', 'truck',
  'certificate', 'award', 'users', 'clock', 'phone', 'mail', 'map-pin', 'world', 'check', 'target',
  'eye', 'bulb', 'chart', 'file', 'lock', 'recycle', 'alert', 'headset', 'package', 'settings', 'star',
  'handshake', 'scales', 'flame', 'wind', 'snowflake', 'search', 'book', 'briefcase', 'factory',
] as const;
export const icon = z.enum(iconNames).meta({ description: 'An icon from the site icon set.' });
export type IconName = (typeof iconNames)[number];
