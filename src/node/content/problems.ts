// Every problem `npm run validate` can report: a stable code (what tests, the studio and CI match on),
// the message (with the details of this case) and a hint on how to fix it. One catalogue, so the
// wording is written once and the codes never drift.

const list = (xs: readonly string[]) => xs.join(', ');
/** The search description of a page or of the site, which has a length of its own (50 to 160). */
const isDescription = (path: string) => /^(meta|seo)\.description$/.test(path);
const DESCRIPTION_HINT = 'Descriptions are 50 to 160 characters: what search engines and link previews show.';
/** A shape as words: 1 is "square", 3 "3 times as wide as tall", 0.5 "2 times as tall as wide". */
const shapeOf = (ratio: number) => (ratio === 1 ? 'square' : ratio > 1 ? `${+ratio.toFixed(2)} times as wide as tall` : `${+(1 / ratio).toFixed(2)} times as tall as wide`);
const didYouMean = (guess: string | undefined) => (guess ? `; did you mean "${guess}"?` : '');

export const catalogue = {
  'malformed-json': {
    message: (p: { detail: string }) => `malformed JSON: ${p.detail}`,
    hint: 'Look just before this position for a missing comma, quote or bracket. Comments and trailing commas are not allowed.',
  },
  'missing-document': {
    message: (p: { what: string }) => `${p.what} is missing`,
    hint: 'The site needs pages-data/site.json, pages-data/records/partners.json, pages-data/records/suppliers.json, pages-data/records/product-categories.json and pages-data/404.json, and a template page for the products (pages-data/products/[id].json) once there are any (pages-data/redirects.json is optional).',
  },
  'schema-link': {
    message: (p: { expected: string; received: string }) => `must name its JSON Schema so editors can check it: expected "${p.expected}", received ${p.received}`,
    hint: 'Start the document with "$schema" pointing at the schema file by a relative path; your editor then completes and checks fields.',
  },
  'missing-field': {
    message: (p: { key: string; expected: string }) => `required field "${p.key}" is missing: expected ${p.expected}`,
    hint: 'Add the field; hover over the object in your editor to see the fields it takes.',
  },
  'wrong-type': {
    message: (p: { expected: string; type: string; received: string }) => `wrong type: expected ${p.expected}, received ${p.type} ${p.received}`,
    hint: 'Quote text, leave numbers and true/false bare, and use [ ] for lists.',
  },
  'unknown-key': {
    message: (p: { key: string; guess?: string | undefined; allowed: readonly string[] }) =>
      `unknown key "${p.key}": ${p.guess ? `did you mean "${p.guess}"?` : `allowed keys: ${list(p.allowed)}`}`,
    hint: 'Keys are checked exactly, so a misspelt one is never silently dropped.',
  },
  'unknown-block-type': {
    message: (p: { received: string; expected: readonly string[]; guess?: string | undefined }) =>
      `unknown block type ${p.received}: expected one of ${list(p.expected)}${didYouMean(p.guess)}`,
    hint: (p: { message: string }) =>
      / did you mean /.test(p.message)
        ? 'A block\'s "type" is one of the types listed: your editor offers them as you type (see docs/authors.md).'
        : 'None of the block types is near what was written: see what each is in your editor (docs/authors.md), or add a new block type with `npm run new-block -- <name>` (docs/developers.md).',
  },
  'unknown-option': {
    message: (p: { field: string; received: string; expected: readonly string[]; guess?: string | undefined }) =>
      `unknown ${p.field} ${p.received}: expected one of ${list(p.expected)}${didYouMean(p.guess)}`,
    hint: 'This field picks one of a fixed set of variants; each variant takes its own fields.',
  },
  'not-allowed': {
    message: (p: { received: string; expected: readonly string[]; guess?: string | undefined }) =>
      `${p.received} is not allowed: expected one of ${list(p.expected)}${didYouMean(p.guess)}`,
    hint: 'This field takes one of a fixed list of values.',
  },
  'too-short': {
    message: (p: { minimum: number; length: number }) => `too short: at least ${p.minimum} characters (this has ${p.length})`,
    hint: (p: { path: string }) =>
      isDescription(p.path) ? DESCRIPTION_HINT : 'This text cannot be left empty: write it, or remove the field where it is optional.',
  },
  'too-long': {
    message: (p: { maximum: number; length: number }) => `too long: at most ${p.maximum} characters (this has ${p.length})`,
    hint: (p: { path: string }) =>
      isDescription(p.path)
        ? DESCRIPTION_HINT
        : 'Say it in fewer words: the layout has room for this much. A label (a button, a menu entry, a badge) takes 80 characters, a heading or a name 150, a sentence or two 600, a paragraph 3,000, an alt text 250.',
  },
  'too-few': {
    message: (p: { minimum: number; count: number }) => `too few: at least ${p.minimum} (this has ${p.count})`,
    hint: 'The list needs more entries (or the field removed, where it is optional).',
  },
  'too-many': {
    message: (p: { maximum: number; count: number }) => `too many: at most ${p.maximum} (this has ${p.count})`,
    hint: 'The layout has room for this many; split the content or use another block.',
  },
  'out-of-range': {
    message: (p: { detail: string }) => p.detail,
    hint: 'Numbers have a range: see the field description.',
  },
  'bad-format': {
    message: (p: { expected: string; received: string }) => `expected ${p.expected} (received ${p.received})`,
    hint: 'See the field description for the expected form.',
  },
  'unsafe-url': {
    message: (p: { expected: string; received: string }) => `expected ${p.expected} (received ${p.received})`,
    hint: 'Links may only be http(s) addresses, written plainly: no javascript:, data: or file: URL, user info or backslash.',
  },
  'picture-path': {
    message: (p: { expected: string; received: string }) => `${p.received} ${p.expected}`,
    hint: 'A picture is a file under public/ named by its path from there (/images/photos/lab-bench.jpg: letters, digits, - _ and . only), or an https:// address. The studio\'s upload names files safely by itself.',
  },
  'alt-text': {
    message: (p: { expected: string; received: string }) => `expected ${p.expected} (received ${p.received})`,
    hint: 'Alt text is read out by screen readers in place of the picture: say what it shows, in a few words.',
  },
  'opening-hours': {
    message: (p: { expected: string; received: string }) => `expected ${p.expected} (received ${p.received})`,
    hint: 'Search engines read the business hours as opening hours: name days in English, one or a range ("Monday – Friday") or several separated by commas, and give times as "8:00 AM – 6:00 PM" or "08:00 – 18:00", or "Closed". A day not listed counts as closed.',
  },
  'invalid-value': {
    message: (p: { detail: string }) => p.detail,
    hint: 'See the field description in your editor.',
  },
  'unknown-page': {
    message: (p: { to: string; guess?: string | undefined }) => `link to ${p.to}: no such page${p.guess ? `; did you mean ${p.guess}?` : ''}`,
    hint: 'A link names a page by its URL, which is its file under pages-data/ (services/x.json is /services/x).',
  },
  'unknown-anchor': {
    message: (p: { to: string; anchor: string; anchors: readonly string[] }) =>
      `link to ${p.to}: the page has no section with id "${p.anchor}" (it has: ${list(p.anchors) || 'none'})`,
    hint: 'An anchor (#id) names a block of that page by its "id".',
  },
  'unknown-partner': {
    message: (p: { id: string; guess?: string | undefined }) => `unknown partner id "${p.id}"${didYouMean(p.guess)}`,
    hint: 'Partner ids are the "id" fields of pages-data/records/partners.json.',
  },
  'unknown-supplier': {
    message: (p: { id: string; guess?: string | undefined }) => `unknown supplier id "${p.id}"${didYouMean(p.guess)}`,
    hint: 'Supplier ids are the "id" fields of pages-data/records/suppliers.json.',
  },
  'missing-file': {
    message: (p: { path: string }) => `${p.path} is not in public/ (expected public${p.path})`,
    hint: 'Files the site serves live under public/; the path starts at its root (/images/x.svg is public/images/x.svg).',
  },
  'unreadable-picture': {
    message: (p: { path: string; detail: string }) => `${p.path} is not a picture that can be read: ${p.detail}`,
    hint: 'Save the picture again as JPEG, PNG, WebP, AVIF or SVG, with the extension of its format; a file cut short needs copying again from where it came.',
  },
  'picture-type-mismatch': {
    message: (p: { path: string; actual: string; expected: string }) => `${p.path} is a ${p.actual} file, not the ${p.expected} its extension says`,
    hint: 'Rename the file to the extension of what it is (.jpg, .png, .webp, .avif, .svg) and change the path here, or save it again in the format its name says.',
  },
  'heic-picture': {
    message: (p: { path: string }) => `${p.path} is a HEIC photo (as iPhones save them), which most browsers cannot show`,
    hint: 'Save it as JPEG: open it in Photos (macOS) or Preview and export as JPEG, or set the iPhone to Settings > Camera > Formats > Most Compatible. Then name it .jpg.',
  },
  'picture-too-large': {
    message: (p: { path: string; detail: string }) => `${p.path} is too large to publish: ${p.detail}`,
    hint: 'Export it smaller: 2560 px on its long edge serves every place the site draws a picture. Pictures of more than 40 megapixels or 25 MB are refused, and never decoded.',
  },
  'picture-too-small': {
    message: (p: { path: string; width: number; drawn: number; needed: number }) =>
      `${p.path} is ${p.width} px wide: here it is drawn up to ${p.drawn} px wide, so it needs at least ${p.drawn} px (${p.needed} px to look sharp on screens of twice the pixel density)`,
    hint: 'Use a larger original of the picture (a maker\'s product photo of 1000 px or more, or a phone photo, is wide enough), or put it in a smaller place: in a card rather than across the page.',
  },
  'picture-small': {
    message: (p: { path: string; width: number; drawn: number; needed: number }) =>
      `${p.path} is ${p.width} px wide: here it is drawn up to ${p.drawn} px wide, sharp on plain screens and served at the sizes it has; ${p.needed} px would be sharp on screens of twice the pixel density too`,
    hint: 'A warning, not an error: the page is built. Where the maker has a larger original of the picture, use it.',
  },
  'picture-shape': {
    message: (p: { path: string; width: number; height: number; place: string; min: number; max: number }) =>
      `${p.path} is ${p.width} × ${p.height} px: ${p.place} takes pictures from ${shapeOf(p.min)} to ${shapeOf(p.max)}`,
    hint: 'A picture far from the shape of its place is cropped to a sliver or squeezed to a line. Crop it to about the shape of the place (a hero slide is wider than tall; a card photo from portrait to wide), or use another picture.',
  },
  'share-picture-too-small': {
    message: (p: { path: string; width: number; height: number; minWidth: number; minHeight: number }) =>
      `${p.path} is ${p.width} × ${p.height} px: a link preview needs ${p.minWidth} × ${p.minHeight} px`,
    hint: 'The share image is cropped to 1200 × 630 px for link previews (og:image): use a picture at least that size.',
  },
  'duplicate-id': {
    message: (p: { what: string; id: string }) => `duplicate ${p.what} id "${p.id}"`,
    hint: 'Each record needs its own id: pages refer to records by it.',
  },
  'route-collision': {
    message: (p: { url: string; other: string }) => `two documents answer at ${p.url}: this one and ${p.other}`,
    hint: 'Every URL has one document. A partner page also answers at /{id}, so a partner id cannot be the name of a page or folder.',
  },
  link: {
    message: (p: { folder: string; target: string }) => `a link (symlink) to ${p.target}: the site never reads through a link in ${p.folder}/`,
    hint: 'Git keeps a link as the path it names, which holds something else on every computer (on Windows, a text file): a link to a file outside the folder would publish that file, and one inside it gives the site two names for one file. Put the file itself here (a copy), and refer to it by its own path.',
  },
  'unknown-record-file': {
    message: () => 'not a record file: pages-data/records/ holds partners.json, suppliers.json, product-categories.json and the products/ folder only',
    hint: 'Pages go anywhere else under pages-data/, at the path of their URL. A product is a file of its own in pages-data/records/products/, named by its id (lowercase words joined by hyphens).',
  },
  // The catalogue: products, their brands and categories, and the pages templates make of them.
  'unknown-brand': {
    message: (p: { id: string; guess?: string | undefined }) => `unknown brand "${p.id}": not a partner or supplier id${didYouMean(p.guess)}`,
    hint: 'A product\'s brand is the id of a partner (pages-data/records/partners.json) or a supplier (pages-data/records/suppliers.json).',
  },
  'unknown-category': {
    message: (p: { id: string; guess?: string | undefined; known: readonly string[] }) => `unknown product category "${p.id}"${p.guess ? didYouMean(p.guess) : `: known categories are ${list(p.known)}`}`,
    hint: 'Categories are the ids in pages-data/records/product-categories.json; add a new category there first.',
  },
  'unknown-product': {
    message: (p: { id: string; guess?: string | undefined }) => `unknown product "${p.id}"${didYouMean(p.guess)}`,
    hint: 'A product id is the name of its file in pages-data/records/products/, without .json.',
  },
  'featured-elsewhere': {
    message: (p: { id: string; brand: string; supplier: string }) => `the product "${p.id}" is a ${p.brand} product, not one of ${p.supplier}'s`,
    hint: 'A supplier features its own products: those whose "brand" is its id.',
  },
  'supplier-without-products': {
    message: (p: { id: string }) => `the supplier "${p.id}" has no products to show: no file in pages-data/records/products/ names it as its brand`,
    hint: 'The supplier view shows 1 to 3 of each supplier\'s products: add a product with "brand": the supplier\'s id, or take the supplier out of the grid.',
  },
  'template-file': {
    message: (p: { file: string; template: boolean }) =>
      p.template ? `${p.file} is named as a template ([id].json) but names no "collection"` : `a page that names a "collection" is a template: its file is named by the parameter, e.g. products/[id].json, not ${p.file}`,
    hint: 'A template page makes a page for every entry of its collection: pages-data/products/[id].json with "collection": "products" serves /products/{id}.',
  },
  'duplicate-template': {
    message: (p: { collection: string; other: string }) => `a second template page for the collection "${p.collection}": ${p.other} is one already`,
    hint: 'Each collection has one template page, which gives each of its entries its one address.',
  },
  'block-needs-entry': {
    message: (p: { type: string; needs: string }) => `a ${p.type} block shows the page's ${p.needs}: it stands only on a template page of that collection`,
    hint: 'product-detail and product-related go on the products template (pages-data/products/[id].json); product-list on a category or brand template.',
  },
  'unknown-token': {
    message: (p: { token: string; allowed: readonly string[] }) => `{${p.token}} names nothing this text can show: it may use ${p.allowed.map((t) => `{${t}}`).join(', ')}`,
    hint: "Any text may name the company's identity, filled in from pages-data/site.json: {company}, {shortName}, {email}, {phone}... (schemas/identity.ts lists them). In a template page, {name}-style words are the entry's fields on each of its pages.",
  },
  'unknown-attribute': {
    message: (p: { name: string; category: string; guess?: string | undefined; known: readonly string[] }) =>
      `"${p.name}" is not an attribute of the category "${p.category}"${p.guess ? didYouMean(p.guess) : p.known.length ? `: its attributes are ${list(p.known)}` : ': it has no attributes'}`,
    hint: 'A specification value names an attribute of the product\'s category (pages-data/records/product-categories.json, its "attributes"); add the attribute there first, or write the specification as a line of text.',
  },
  'attribute-type': {
    message: (p: { name: string; expected: string; received: string }) => `${p.name}: expected ${p.expected}, received ${p.received}`,
    hint: 'A number attribute takes a plain number, in the attribute\'s unit (0.1, not "0.1 mg"); a choice one of its choices; a text attribute words.',
  },
  'attribute-unit': {
    message: (p: { name: string; expected: string; received: string }) => `${p.name}: the unit is ${p.expected}, not ${p.received}`,
    hint: 'Every value of an attribute is in the unit its category gives it, so that products can be filtered and compared: convert the value, or leave the unit out where the attribute has none.',
  },
  'duplicate-attribute': {
    message: (p: { name: string }) => `"${p.name}" is given twice`,
    hint: 'A product gives each attribute of its category once; an attribute of a category is listed once.',
  },
  'attribute-definition': {
    message: (p: { name: string; detail: string }) => `attribute "${p.name}": ${p.detail}`,
    hint: 'A "choice" attribute lists its "choices"; only a "number" attribute has a "unit".',
  },
  'duplicate-code': {
    message: (p: { code: string; other: string }) => `the order code "${p.code}" is another pack's already: ${p.other}`,
    hint: 'An order code names one pack of one product, whatever its case (D22): buyers quote it and sales look the pack up by it. Give this pack its own code, or remove the pack that repeats the other.',
  },
  'category-loop': {
    message: (p: { loop: readonly string[] }) => `the category is its own parent through ${p.loop.map((c) => `"${c}"`).join(' → ')}`,
    hint: 'Categories form a tree (D23): follow the "parent" of each from the bottom up and the top one has none. Name a category that is not under this one as its parent, or remove "parent".',
  },
  'products-without-picture': {
    message: (p: { count: number; first: readonly string[] }) =>
      `${p.count === 1 ? '1 product has' : `${p.count} products have`} no picture yet: ${p.first.join(', ')}${p.count > p.first.length ? ` and ${p.count - p.first.length} more` : ''}`,
    hint: 'They are shown with a neutral tile (their category\'s picture where it has one) until their photo comes (D24): give each an "image" with its alt text when it does. A warning only.',
  },
  'replaced-not-discontinued': {
    message: (p: { id: string }) => `"replacedBy": "${p.id}" is for a product that is discontinued, and this one is not`,
    hint: 'Set "status": "discontinued" on a product another replaces, or remove "replacedBy".',
  },
  'replaced-by-itself': {
    message: () => 'a product cannot replace itself',
    hint: '"replacedBy" names the product a buyer should look at instead.',
  },
  // Importing the catalogue from a spreadsheet (npm run catalogue -- import): problems of the sheet itself.
  'unreadable-sheet': {
    message: (p: { detail: string }) => p.detail,
    hint: 'Import an .xlsx workbook or a .csv file (UTF-8, comma or semicolon between fields), its first row the column headers. `npm run catalogue -- template products.xlsx` writes an empty one.',
  },
  'unknown-column': {
    message: (p: { header: string; guess?: string | undefined }) => `unknown column "${p.header}"${didYouMean(p.guess)}`,
    hint: 'The columns are id, name, brand, category, model, description, image, image alt, specifications, applications, datasheet, price, status, replaced by, and "spec: <Name> [<unit>]" for a specification value; a column left out leaves its field as it is.',
  },
  'duplicate-column': {
    message: (p: { header: string }) => `the column "${p.header}" is there twice`,
    hint: 'Each column once: delete or rename the second.',
  },
  'missing-column': {
    message: (p: { header: string }) => `the sheet has no "${p.header}" column`,
    hint: 'The id column matches each row with its product (or names a new one); without it no row can be imported.',
  },
  'empty-cell': {
    message: (p: { header: string }) => `the ${p.header} is required: this cell cannot be empty`,
    hint: 'Fill the cell, or leave the whole column out of the sheet to keep every product\'s value as it is.',
  },
  'bad-id': {
    message: (p: { id: string; safe: string }) => `"${p.id}" cannot be a product id: ids are lowercase words joined by hyphens${p.safe ? `, e.g. "${p.safe}"` : ''}`,
    hint: 'A product\'s id names its file and its page (/products/<id>): letters, digits and hyphens. Ids match existing products whatever their case.',
  },
  'duplicate-row': {
    message: (p: { id: string; row: number }) => `the product "${p.id}" is on row ${p.row} already`,
    hint: 'One row per product: merge the two rows.',
  },
  'date-cell': {
    message: (p: { day: string }) => `this cell is a date in the spreadsheet (${p.day}), not text: a model number or a value typed like a date is turned into one`,
    hint: 'Format the column as Text in the spreadsheet, then type the value again (or start it with an apostrophe).',
  },
  'formula-cell': {
    message: (p: { formula: string; value: string }) => `this cell is a formula (${p.formula}): its value "${p.value}", as the spreadsheet last calculated it, is imported`,
    hint: 'A warning: the value is imported, not the formula. Paste the values only (Paste Special > Values) to keep the sheet plain.',
  },
  'formula-without-value': {
    message: (p: { formula: string }) => `this cell is a formula (${p.formula}) with no value saved with it`,
    hint: 'Open the file in the spreadsheet and save it again, so that the values are calculated and saved, or paste the values only.',
  },
  'file-not-found': {
    message: (p: { name: string; folder: string }) => `no file "${p.name}" in ${p.folder}`,
    hint: 'A picture or datasheet cell names a file in the folder beside the sheet (or --files <folder>), a file already under public/ by its path (/images/...), or an https:// address.',
  },
  'bad-file': {
    message: (p: { name: string; detail: string }) => `${p.name}: ${p.detail}`,
    hint: 'Pictures are JPEG, PNG, WebP or AVIF photos of at most 25 MB and 40 megapixels; datasheets are PDF files of at most 25 MB.',
  },
  'partner-page-mismatch': {
    message: (p: { id: string }) => `a partner page opens with the partner-profile block of its own partner, "${p.id}"`,
    hint: 'pages-data/partner/{id}.json is the page of the partner with that id.',
  },
  'page-opening': {
    message: (p: { opening: readonly string[]; received: string }) => `a page opens with a block that carries its h1 (${list(p.opening)}), not ${p.received}`,
    hint: 'The first block is the page\'s heading: usually a hero.',
  },
  'second-heading': {
    message: (p: { type: string }) => `a second ${p.type} would give the page a second h1`,
    hint: 'A page has one h1: only its first block carries it.',
  },
  'page-closing': {
    message: (p: { closing: readonly string[] }) => `a page ends with a call to action (${list(p.closing)})`,
    hint: 'Every page but the not-found page closes with a cta-banner that invites the visitor to ask for a quote.',
  },
  'misplaced-closing': {
    message: (p: { type: string }) => `a ${p.type} closes the page: it can only be the last block`,
    hint: 'Move it to the end of "blocks", or use a text or card-grid block here.',
  },
  'duplicate-anchor': {
    message: (p: { anchor: string }) => `two sections of this page have the id "${p.anchor}"`,
    hint: 'Ids are anchors (/page#id): each must be unique on its page.',
  },
  'long-title': {
    message: (p: { title: string; length: number; maximum: number }) => `the page's title "${p.title}" is ${p.length} characters: at most ${p.maximum}`,
    hint: "The title in the browser tab and search results is this text and the site's titleSuffix (site.json); search results cut it past 70 characters. Say what the page offers in fewer words.",
  },
  'not-found-indexed': {
    message: () => 'the not-found page must say "noindex": true',
    hint: 'Search engines should never list the not-found page.',
  },
  'redirect-from-page': {
    message: (p: { from: string; by: string }) => `a redirect from ${p.from}, which ${p.by} answers: it would never be followed`,
    hint: 'A redirect is for an address no page answers any more (a moved or deleted page, an address of the old site). Remove it, or move the page that answers there.',
  },
  'redirect-from-build-file': {
    message: (p: { from: string }) => `a redirect from ${p.from}, a file the build writes: every server would answer it with the redirect, hiding the file`,
    hint: 'The build writes /robots.txt, /sitemap.xml, the hosts\' _headers and _redirects, /404.html and the files under /_data/ and /assets/: a redirect cannot leave from any of them. Remove it.',
  },
  'redirect-from-html-address': {
    message: (p: { from: string; page: string }) => `a redirect from ${p.from}, the old .html address of the page ${p.page}, which leads to that page already`,
    hint: 'Every page answers its old .html addresses (/x.html, /x/index.html) with a redirect to itself, on every server (D11). Remove this redirect, or move the page first if its .html address should lead elsewhere.',
  },
  'redirect-to-not-found': {
    message: (p: { to: string }) => `a redirect to ${p.to}, the not-found page: a visitor would be sent on to a page that says it is not there`,
    hint: 'An address no page answers is not found without a redirect (404). Lead it to the page that replaced what was there, or remove the redirect.',
  },
  'redirect-to-nowhere': {
    message: (p: { to: string; guess?: string | undefined }) => `a redirect to ${p.to}: no such page${p.guess ? `; did you mean ${p.guess}?` : ''}`,
    hint: 'A redirect leads to a page of the site, by its URL (its file under pages-data/: services/x.json is /services/x).',
  },
  'redirect-chain': {
    message: (p: { to: string; next: string }) => `a redirect to ${p.to}, which redirects again to ${p.next}: lead straight to ${p.next}`,
    hint: 'Every old address reaches its page in one step (the studio rewrites earlier redirects when it moves a page).',
  },
  'duplicate-redirect': {
    message: (p: { from: string }) => `a second redirect from ${p.from}`,
    hint: 'An address redirects to one page: keep one of the two entries.',
  },
  placeholder: {
    message: (p: { text: string }) => `placeholder ${p.text.includes('TODO:') ? 'text' : 'picture'} to replace: ${p.text}`,
    hint: "A new page (npm run new-page, the studio's New page) and a new product (npm run new-product) start with TODO placeholders, and a product with the stand-in picture /images/placeholder.svg: write the real text in their place, and put the real picture under public/ with its path in src.",
  },
  'example-identity': {
    message: (p: { value: string }) => `${p.value} is the example company's: replace it before publishing`,
    hint: "The project ships with a made-up company (Acacia Scientific Ltd, *.example addresses, +254 700 000 10x numbers). A production build would publish them as yours: put the real company's name, site address, mailboxes, phones, WhatsApp number and social profiles in pages-data/site.json, and every page and record takes them from there. A warning only: validate and build still pass.",
  },
  'stale-json-schema': {
    message: () => 'out of date with the zod schemas: run `npm run schemas`',
    hint: 'The JSON Schema files editors read are generated from schemas/*.ts.',
  },
} as const;

export type Code = keyof typeof catalogue;
type MessageParams<C extends Code> = Parameters<(typeof catalogue)[C]['message']>;
export type Params<C extends Code> = MessageParams<C> extends [infer P] ? P : Record<string, never>;

/** Problems that are warnings: reported, but the content is valid and builds. */
export const WARNINGS: ReadonlySet<Code> = new Set(['picture-small', 'formula-cell', 'products-without-picture']);

export interface Problem {
  /** Path from the project root, e.g. pages-data/services/water-testing.json */
  file: string;
  line: number;
  column: number;
  /** Field path inside the document, e.g. blocks[2].cards[0].title ('' for the whole file) */
  path: string;
  code: Code;
  message: string;
}

export const message = <C extends Code>(code: C, params: Params<C>): string =>
  (catalogue[code].message as (p: Params<C>) => string)(params);

/** How to fix a problem; some codes word it for the field (a page description is not a title). */
export function hintOf(p: Pick<Problem, 'code' | 'path' | 'message'>): string {
  const hint: string | ((p: { path: string; message: string }) => string) = catalogue[p.code].hint;
  return typeof hint === 'string' ? hint : hint(p);
}

export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}:${p.column}  ${p.path || '(document)'}  ${p.message}`;
}

/** A problem as validate and build print it for a person: where, what, and under it how to fix it. */
export const describeProblem = (p: Problem): string => `${formatProblem(p)}\n    ${p.code}: ${hintOf(p)}`;

/** Warnings as validate and build print them: one line each, and each code's hint once, after its last. */
export const describeWarnings = (warnings: readonly Problem[]): string =>
  warnings.map((p, i) => `warning: ${formatProblem(p)}${warnings.slice(i + 1).some((q) => q.code === p.code) ? '' : `\n    ${p.code}: ${hintOf(p)}`}`).join('\n');

/** The count of problems and the folders they are in: "2 problems in pages-data/ and schemas/". */
export function problemCount(problems: readonly Problem[], noun = 'problem'): string {
  const folders = [...new Set(problems.map((p) => `${p.file.split('/')[0]}/`))];
  return `${problems.length} ${noun}${problems.length === 1 ? '' : 's'} in ${folders.join(' and ')}`;
}
