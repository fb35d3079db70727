import { z } from 'zod';
import { SLUG } from './routes.ts';

/**
 * The most characters each kind of text may have: room for what the layout shows, and a bound on
 * what a document can hold (a heading of megabytes is a mistake). docs/authors.md lists them.
 */
export const MAX_LENGTH = {
  /** A button, a menu entry, a badge, a tab, a caption, a keyword. */
  label: 80,
  /** A heading or a name. */
  title: 150,
  /** One or two sentences: a lead, an intro, a card's text, a list item. */
  lead: 600,
  /** A paragraph of running text (a text or policy block). */
  paragraph: 3000,
  /** A picture's alt text. */
  alt: 250,
} as const;
export type TextKind = keyof typeof MAX_LENGTH;

/** Plain text an author writes; never empty; as long as its kind allows. */
export const text = (description: string, kind: TextKind = 'lead') => z.string().trim().min(1).max(MAX_LENGTH[kind]).meta({ description });

/**
 * What a value points at, outside its own document. The validator follows these through the schema
 * (a page that exists, a record with that id, a file or a picture under public/), so a new block that uses them is
 * checked without any change to the validator; the studio offers the matching choices.
 */
export type ReferenceKind = 'page' | 'partner' | 'supplier' | 'brand' | 'product' | 'category' | 'file' | 'picture';
export const REFERENCE = 'x-reference';
export const reference = (kind: ReferenceKind) => ({ [REFERENCE]: kind });

/** The reference kind a schema carries, if any (read by the validator and the studio). */
export function referenceOf(schema: z.ZodType): ReferenceKind | undefined {
  // Asked for every value of every document: remembered per schema (the registry's lookup is not cheap).
  if (!references.has(schema)) references.set(schema, z.globalRegistry.get(schema)?.[REFERENCE] as ReferenceKind | undefined);
  return references.get(schema);
}
const references = new WeakMap<z.ZodType, ReferenceKind | undefined>();

const word = SLUG;

/** A path inside this site, optionally with an anchor: '/services/water-testing', '/#contact'. */
export const pageLink = z
  .string()
  .regex(new RegExp(`^/(?:${word}(?:/${word})*)?(?:#${word})?$`), 'an internal path like /services/water-testing or /#contact')
  .meta({ description: 'A page of this site, e.g. /services/water-testing or /#contact. Must exist, and so must its section.', ...reference('page') });

/** Record ids and anchors: lowercase words joined by hyphens. */
export const slug = z.string().regex(new RegExp(`^${word}$`), 'lowercase words joined by hyphens, e.g. water-testing');

export const partnerId = slug.meta({ description: 'A partner id from pages-data/records/partners.json.', ...reference('partner') });
export const supplierId = slug.meta({ description: 'A supplier id from pages-data/records/suppliers.json.', ...reference('supplier') });
/** The maker a product is sold under: a partner or a supplier. */
export const brandId = slug.meta({ description: 'The brand: a partner id (pages-data/records/partners.json) or a supplier id (pages-data/records/suppliers.json).', ...reference('brand') });
export const productId = slug.meta({ description: 'A product id: the name of its file in pages-data/records/products/ (without .json).', ...reference('product') });
export const categoryId = slug.meta({ description: 'A product category id from pages-data/records/product-categories.json.', ...reference('category') });

const unsafeScheme = /^\s*(javascript|data|vbscript|file):/i;

/**
 * An absolute web address without user info or backslashes: browsers read `https://user@evil.example`
 * and `https://a.example\@b.example` differently from people.
 */
const webUrl = (protocols: RegExp, what: string) =>
  z
    .string()
    .refine((v) => !unsafeScheme.test(v), { error: `${what} (javascript:, data: and file: are never allowed)`, params: { code: 'unsafe-url' } })
    .refine((v) => !v.includes('\\'), { error: `${what} without backslashes`, params: { code: 'unsafe-url' } })
    .pipe(z.url({ protocol: protocols, hostname: z.regexes.domain, error: `an absolute ${what}` }))
    .refine((v) => !/^[a-z]+:\/\/[^/?#]*@/i.test(v), { error: `${what} without a user name or password before the host`, params: { code: 'unsafe-url' } })
    // So that editors check it is an address, as validate does.
    .meta({ format: 'uri' });

/** An address on another site: http or https only. */
export const externalUrl = webUrl(/^https?$/, 'http:// or https:// address').meta({
  description: 'An absolute http:// or https:// address on another site. Opens in a new tab.',
});

/** An https address the site's own pages load from (a form endpoint, a map frame). */
export const httpsUrl = webUrl(/^https$/, 'https:// address');

/** The site's own origin: https://www.example.com, no path and no trailing slash. */
export const siteOrigin = httpsUrl.refine((v) => !URL.canParse(v) || new URL(v).origin === v, {
  error: 'an origin without a path or trailing slash, e.g. https://www.example.com',
  params: { code: 'bad-format' },
});

/** A file under public/: path segments never start with a dot, so no `..` can leave the folder. */
const publicPath = (extensions: string) => new RegExp(`^(?:/[A-Za-z0-9_-][A-Za-z0-9._-]*)+\\.(?:${extensions})$`);

/** The picture formats a picture field takes (by extension; the validator reads the file itself too). */
export const PICTURE_EXTENSIONS = ['svg', 'png', 'jpg', 'jpeg', 'webp', 'avif'] as const;

/** A file name as a picture path takes it: letters, digits, - _ and . (what an upload's name is made of too). */
export const safeFileName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+|-+$/g, '')
    .replace(/-+(\.)/g, '$1');

/**
 * What is wrong with a picture path (a file under public/ or an https address), said of the path ("has
 * spaces…") in words an author can act on; undefined when its form is right. The studio's picture
 * field says the same as validate.
 */
export function picturePathProblem(v: string): string | undefined {
  if (/^https?:\/\//i.test(v)) {
    if (/^http:/i.test(v)) return 'is a plain http:// address: a picture must come over https:// on an https site';
    return httpsUrl.safeParse(v).success ? undefined : 'is not a well-formed https:// address (a host name, no spaces, no user name or password)';
  }
  if (v === '') return 'is empty: give a path under public/ such as /images/hero.jpg, or an https:// address';
  const last = v.split('/').pop()!;
  if (/^public\//.test(v)) return `starts with "public": paths start at the root of public/, so write ${v.slice('public'.length)}`;
  if (!v.startsWith('/')) return `does not start with /: paths start at the root of public/, e.g. /images/${last}`;
  const rename = `rename the file (${safeFileName(last)}) and write its new path here`;
  const spaces = (v.match(/\s/g) ?? []).length;
  if (spaces > 0) return `has ${spaces === 1 ? 'a space' : 'spaces'}, which a picture's path cannot have (letters, digits, - _ . and / only): ${rename}`;
  const bad = [...new Set(v.replace(/[A-Za-z0-9._/-]/g, ''))];
  if (bad.length > 0) return `has ${bad.map((c) => `"${c}"`).join(', ')}, which a picture's path cannot have (letters, digits, - _ . and / only): ${rename}`;
  if (v.split('/').slice(1).some((part) => part === '' || part.startsWith('.'))) return 'has an empty folder name or a name starting with a dot (.. or a hidden file)';
  const ext = /\.([A-Za-z0-9]+)$/.exec(last)?.[1]?.toLowerCase();
  if (ext === 'heic' || ext === 'heif') return 'is a HEIC photo, which browsers cannot show: export it as JPEG (or upload it in the studio, which converts it)';
  if (!ext || !(PICTURE_EXTENSIONS as readonly string[]).includes(ext)) {
    return `is not a picture file: ${ext ? `.${ext} is not` : 'its name has no extension, which should be'} one of ${PICTURE_EXTENSIONS.map((e) => `.${e}`).join(', ')}`;
  }
  return publicPath(PICTURE_EXTENSIONS.join('|')).test(v) ? undefined : 'is not a path under public/ such as /images/hero.jpg, nor an https:// address';
}

/**
 * A picture: a file under public/ (checked to exist and read for its size) or a remote https address
 * (shown as it is: neither measured nor processed).
 */
export const imageSrc = z
  .string()
  .refine((v) => !unsafeScheme.test(v), { error: 'a file under public/ or an https:// address (javascript:, data: and file: are never allowed)', params: { code: 'unsafe-url' } })
  .check((ctx) => {
    if (unsafeScheme.test(ctx.value)) return;
    const problem = picturePathProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value, params: { code: 'picture-path' } });
  })
  .meta({ description: 'A picture under public/ (e.g. /images/services/water-testing.svg) or an https:// address.', ...reference('picture') });

/** A PDF under public/. */
export const pdfFile = z
  .string()
  .regex(publicPath('pdf'), 'a PDF under public/, e.g. /datasheets/photometer.pdf')
  .meta({ description: 'A PDF under public/, e.g. /datasheets/photometer.pdf.', ...reference('file') });

const fileName = /\.(svg|png|jpe?g|gif|webp|avif)$/i;
const bareWord = /^(image|picture|photo|photograph|graphic|icon|img|logo|banner|placeholder|untitled)[\s\d_-]*$/i;
const announced = /^(an? |the )?(image|picture|photo|graphic) (of|showing) /i;

/** Alt text as a screen reader reads it out: what the picture shows, or empty for decoration. */
export const altText = z
  .string()
  .max(MAX_LENGTH.alt)
  .refine((v) => v === v.trim(), { error: 'alt text without leading or trailing spaces', params: { code: 'alt-text' } })
  .refine((v) => !fileName.test(v) && !bareWord.test(v), { error: 'alt text that says what the picture shows, not a file name or a bare word like "image"', params: { code: 'alt-text' } })
  .refine((v) => !announced.test(v), { error: 'alt text without "image of" (screen readers announce the picture already)', params: { code: 'alt-text' } })
  .meta({ description: 'What the picture shows, for screen readers ("A pH meter in a beaker"). Empty only for pure decoration.' });

const percent = z.number().min(0).max(100);

/**
 * A picture and its alt text: nothing else. Its size is read from the file; the build makes the
 * widths and formats each visitor needs, and `sizes` comes from where the block puts it (slots.ts).
 */
export const image = z
  .strictObject({
    src: imageSrc,
    alt: altText,
    focal: z
      .strictObject({ x: percent, y: percent })
      .optional()
      .meta({ description: 'Where the subject is, in % from the left (x) and the top (y): a slot that crops the picture keeps this point in view. The centre when absent.' }),
  })
  .meta({ description: 'A picture and what it shows (its alt text). Its size is read from the file.' });
export type Image = z.infer<typeof image>;

export const email = z.email().meta({ description: 'An e-mail address.' });

/** A phone number as written for people: +254 700 000 101. */
export const phone = z
  .string()
  .regex(/^\+\d[\d ]{6,18}\d$/, 'an international number such as +254 700 000 101')
  .meta({ description: 'International format with spaces, e.g. +254 700 000 101.' });

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
