import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { imageSrc, pageLink, partnerId, pdfFile, supplierId } from '../../schemas/primitives';
import { builtSite, loadContent, nearest, walkReferences } from '../../src/node/content/load';
import { hintOf, type Problem } from '../../src/node/content/problems';

// Tests name problems by code and position (file:line:column and field path): the words of a
// message may change, and a new block type must not break them.
const project = resolve(__dirname, '../..');
let roots: string[] = [];

/**
 * A copy of the real content with some files replaced (null removes one); the root it lives in. With
 * `publicFiles`, public/ is a copy with those files added too, else the project's own.
 */
function contentWith(files: Record<string, string | null>, publicFiles?: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'content-'));
  roots.push(root);
  cpSync(join(project, 'pages-data'), join(root, 'pages-data'), { recursive: true });
  if (publicFiles) {
    cpSync(join(project, 'public'), join(root, 'public'), { recursive: true });
    for (const [rel, data] of Object.entries(publicFiles)) writeFileSync(join(root, 'public', rel), data);
  } else symlinkSync(join(project, 'public'), join(root, 'public'));
  symlinkSync(join(project, 'schemas'), join(root, 'schemas'));
  for (const [rel, text] of Object.entries(files)) {
    if (text === null) rmSync(join(root, 'pages-data', rel));
    else {
      mkdirSync(dirname(join(root, 'pages-data', rel)), { recursive: true });
      writeFileSync(join(root, 'pages-data', rel), text);
    }
  }
  return root;
}

const brief = (p: Problem) => ({ at: `${p.file}:${p.line}:${p.column}`, path: p.path, code: p.code });
/** The problems the validator reports for the content with these files replaced. */
const problemsWith = async (files: Record<string, string | null>) => (await loadContent(contentWith(files))).problems;
const validateWith = async (files: Record<string, string | null>) => (await problemsWith(files)).map(brief);

afterEach(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
  roots = [];
});

/** A small valid contact page; each test below breaks one thing in it. Line numbers are fixed. */
const page = ({ block = '', meta = '', to = '/services', extraBlock = '', closing = true } = {}) => `{
  "$schema": "../schemas/page.schema.json",
  "meta": {
    "title": "Contact Us",
    "description": "Call, e-mail or visit us in Nairobi for quotes, catalogues and technical advice on laboratory equipment."${meta}
  },
  "blocks": [
    {
      "type": "hero",
      "title": "Contact us",
      "lead": "We reply within a working day.",
      "buttons": [{ "label": "Go", "action": { "kind": "link", "to": "${to}" } }]${block}
    }${extraBlock}${closing ? `,
    { "type": "cta-banner", "title": "Ask us", "text": "We reply fast.", "buttons": [{ "label": "Contact", "action": { "kind": "link", "to": "/contact" } }] }` : ''}
  ]
}
`;
const withKeywords = ',\n    "keywords": ["contact"]';
const read = (rel: string) => readFileSync(join(project, 'pages-data', rel), 'utf8');

describe('npm run validate', () => {
  it('accepts the shipped content', async () => {
    expect((await loadContent(project)).problems.map(brief)).toEqual([]);
  });

  it('accepts the fixture page as written', async () => {
    expect(await validateWith({ 'contact.json': page({ meta: withKeywords }) })).toEqual([]);
  });

  it('reports text longer than its kind allows: a heading of megabytes, a long lead, button label and alt text (issue 36, item 7)', async () => {
    const huge = 'Contact us '.repeat(450_000); // 4.9 MB
    const fixture = page({ meta: withKeywords, block: `,\n      "image": { "src": "/images/pages/contact.svg", "alt": "${'A quiet laboratory bench. '.repeat(10).trim()}" }` })
      .replace('"title": "Contact us"', `"title": "${huge}"`)
      .replace('"lead": "We reply within a working day."', `"lead": "${'We reply within a working day. '.repeat(21)}"`)
      .replace('{ "label": "Go"', `{ "label": "${'Go '.repeat(28).trim()}"`);
    const problems = await problemsWith({ 'contact.json': fixture });
    expect(problems.map((p) => [p.path, p.code, p.message])).toEqual([
      ['blocks[0].title', 'too-long', `too long: at most 150 characters (this has ${huge.trim().length})`],
      ['blocks[0].lead', 'too-long', 'too long: at most 600 characters (this has 650)'],
      ['blocks[0].buttons[0].label', 'too-long', 'too long: at most 80 characters (this has 83)'],
      ['blocks[0].image.alt', 'too-long', 'too long: at most 250 characters (this has 259)'],
    ]);
  });

  it('reports malformed JSON at its line and column', async () => {
    expect(await validateWith({ 'contact.json': '{\n  "meta": {\n    "title": "x",\n  }\n}\n' })).toEqual([
      { at: 'pages-data/contact.json:4:3', path: '', code: 'malformed-json' },
    ]);
  });

  it('reports a missing required field at the object that lacks it', async () => {
    expect(await validateWith({ 'contact.json': page() })).toEqual([{ at: 'pages-data/contact.json:3:3', path: 'meta.keywords', code: 'missing-field' }]);
  });

  it('reports a wrong type', async () => {
    expect(await validateWith({ 'contact.json': page({ meta: withKeywords.replace('["contact"]', '"contact"') }) })).toEqual([
      { at: 'pages-data/contact.json:6:17', path: 'meta.keywords', code: 'wrong-type' },
    ]);
  });

  it('names an unknown block type and suggests the nearest', async () => {
    const problems = await problemsWith({ 'contact.json': page({ meta: withKeywords }).replace('"type": "hero"', '"type": "heor"') });
    expect(problems.map(brief)).toEqual([{ at: 'pages-data/contact.json:10:15', path: 'blocks[0].type', code: 'unknown-block-type' }]);
    expect(problems[0]!.message).toContain('did you mean "hero"?');
    // The types that may open a page, as the editor offers them there.
    expect(problems[0]!.message).toMatch(/expected one of hero, partner-profile, not-found, product-detail;/);
  });

  it('suggests a block type by meaning where no spelling is near, and the new-block command only where nothing is', async () => {
    const at = async (type: string) => {
      const problems = await problemsWith({ 'contact.json': page({ meta: withKeywords, extraBlock: `,\n    { "type": "${type}" }` }) });
      expect(problems.map((p) => `${p.path} ${p.code}`)).toEqual(['blocks[1].type unknown-block-type']);
      return { message: problems[0]!.message, hint: hintOf(problems[0]!) };
    };
    for (const [written, meant] of [['cta', 'cta-banner'], ['text-block', 'text'], ['image-gallery', 'gallery'], ['card-grd', 'card-grid']]) {
      const { message, hint } = await at(written!);
      expect(message, written).toMatch(new RegExp(`did you mean "${meant}"\\?$`));
      expect(hint, written).not.toMatch(/new-block/);
    }
    const { message, hint } = await at('faq-accordion');
    expect(message).not.toMatch(/did you mean/);
    expect(message).not.toMatch(/\bhero\b/);
    expect(hint).toMatch(/npm run new-block/);
  });

  it('names a misspelled key and suggests the right one', async () => {
    const problems = await problemsWith({ 'contact.json': page({ meta: withKeywords, block: ',\n      "badeg": "Official"' }) });
    expect(problems.map(brief)).toEqual([{ at: 'pages-data/contact.json:14:7', path: 'blocks[0].badeg', code: 'unknown-key' }]);
    expect(problems[0]!.message).toContain('did you mean "badge"?');
  });

  it('names an unknown button action and the actions there are', async () => {
    const problems = await problemsWith({ 'contact.json': page({ meta: withKeywords }).replace('"kind": "link"', '"kind": "linc"') });
    expect(problems.map(brief)).toEqual([{ at: 'pages-data/contact.json:13:56', path: 'blocks[0].buttons[0].action.kind', code: 'unknown-option' }]);
    expect(problems[0]!.message).toContain('did you mean "link"?');
  });

  it('rejects a link to a page that does not exist, suggesting the nearest', async () => {
    const problems = await problemsWith({ 'contact.json': page({ meta: withKeywords, to: '/services/water-testng' }) });
    expect(problems.map(brief)).toEqual([{ at: 'pages-data/contact.json:13:70', path: 'blocks[0].buttons[0].action.to', code: 'unknown-page' }]);
    expect(problems[0]!.message).toContain('did you mean /services/water-testing?');
  });

  it('rejects a link to an anchor the page does not have', async () => {
    expect(await validateWith({ 'contact.json': page({ meta: withKeywords, to: '/#nowhere' }) })).toEqual([
      { at: 'pages-data/contact.json:13:70', path: 'blocks[0].buttons[0].action.to', code: 'unknown-anchor' },
    ]);
    // A policy section's anchor is one the policy-text block makes (#section-N).
    expect(await validateWith({ 'contact.json': page({ meta: withKeywords, to: '/policies/anti-bribery#section-2' }) })).toEqual([]);
  });

  it('rejects unsafe addresses wherever a link can go: javascript:, user info, backslashes', async () => {
    for (const href of ['javascript:alert(1)', 'https://user@evil.example', 'https://good.example\\\\@evil.example']) {
      const doc = page({ meta: withKeywords }).replace('{ "kind": "link", "to": "/services" }', `{ "kind": "external", "href": "${href}" }`);
      expect(await validateWith({ 'contact.json': doc }), href).toEqual([{ at: 'pages-data/contact.json:13:76', path: 'blocks[0].buttons[0].action.href', code: 'unsafe-url' }]);
    }
  });

  it('rejects an unknown partner id and suggests the nearest', async () => {
    const extraBlock = ',\n    { "type": "partner-listing", "groups": [{ "title": "T", "partners": ["palintset"] }] }';
    const problems = await problemsWith({ 'contact.json': page({ meta: withKeywords, extraBlock }) });
    expect(problems.map(brief)).toEqual([{ at: 'pages-data/contact.json:15:74', path: 'blocks[1].groups[0].partners[0]', code: 'unknown-partner' }]);
    expect(problems[0]!.message).toContain('did you mean "palintest"?');
  });

  it('rejects an unknown supplier id', async () => {
    const extraBlock = ',\n    { "type": "supplier-grid", "suppliers": ["palintest", "wagtec"] }';
    expect(await validateWith({ 'contact.json': page({ meta: withKeywords, extraBlock }) })).toEqual([
      { at: 'pages-data/contact.json:15:59', path: 'blocks[1].suppliers[1]', code: 'unknown-supplier' },
    ]);
  });

  it('rejects an image that is not in public/, and a path that would leave it', async () => {
    const block = (src: string) => `,\n      "image": { "src": "${src}", "alt": "x" }`;
    expect(await validateWith({ 'contact.json': page({ meta: withKeywords, block: block('/images/nope.svg') }) })).toEqual([
      { at: 'pages-data/contact.json:14:25', path: 'blocks[0].image.src', code: 'missing-file' },
    ]);
    expect(await validateWith({ 'contact.json': page({ meta: withKeywords, block: block('/images/../../package.svg') }) })).toEqual([
      { at: 'pages-data/contact.json:14:25', path: 'blocks[0].image.src', code: 'picture-path' },
    ]);
  });

  it('says what is wrong with a picture path: its spaces, a character, a folder outside public/, a type that is not a picture', async () => {
    const block = (src: string) => `,\n      "image": { "src": "${src}", "alt": "A bench" }`;
    const said = async (src: string) => {
      const root = contentWith({ 'contact.json': page({ meta: withKeywords, block: block(src) }) });
      const problems = (await loadContent(root)).problems;
      expect(problems.map(brief), src).toEqual([{ at: 'pages-data/contact.json:14:25', path: 'blocks[0].image.src', code: 'picture-path' }]);
      return problems[0]!.message;
    };
    expect(await said('/images/photos/IMG_2024 lab bench.jpg')).toBe(
      '"/images/photos/IMG_2024 lab bench.jpg" has spaces, which a picture\'s path cannot have (letters, digits, - _ . and / only): rename the file (IMG_2024-lab-bench.jpg) and write its new path here',
    );
    expect(await said('/images/bench#1.jpg')).toMatch(/has "#", which a picture's path cannot have/);
    expect(await said('public/images/bench.jpg')).toMatch(/starts with "public": .* write \/images\/bench.jpg$/);
    expect(await said('/datasheets/photometer.pdf')).toMatch(/is not a picture file: \.pdf is not one of \.svg, \.png/);
    expect(await said('/images/IMG_0001.HEIC')).toMatch(/HEIC photo.*export it as JPEG/);
  });

  it('rejects a picture file that cannot be read as one, at the field that names it', async () => {
    const block = `,\n      "image": { "src": "/images/not-a-photo.jpg", "alt": "A bench" }`;
    const root = contentWith({ 'contact.json': page({ meta: withKeywords, block }) }, { 'images/not-a-photo.jpg': 'this is text, not a JPEG' });
    expect((await loadContent(root)).problems.map(brief)).toEqual([{ at: 'pages-data/contact.json:14:25', path: 'blocks[0].image.src', code: 'unreadable-picture' }]);
  });

  it('rejects alt text that is a file name or says "image of"', async () => {
    const block = (alt: string) => `,\n      "image": { "src": "/images/home/slide-1.svg", "alt": "${alt}" }`;
    for (const alt of ['slide-1.svg', 'Image of a microscope']) {
      expect(await validateWith({ 'contact.json': page({ meta: withKeywords, block: block(alt) }) }), alt).toEqual([
        { at: 'pages-data/contact.json:14:60', path: 'blocks[0].image.alt', code: 'alt-text' },
      ]);
    }
    expect(await validateWith({ 'contact.json': page({ meta: withKeywords, block: block('') }) })).toEqual([]);
  });

  it('rejects a site address that is not an origin, and a datasheet outside public/', async () => {
    const site = read('site.json').replace('"url": "https://www.acacia-scientific.example"', '"url": "https://www.acacia-scientific.example/"');
    expect(await validateWith({ 'site.json': site })).toEqual([{ at: 'pages-data/site.json:6:10', path: 'url', code: 'bad-format' }]);
    const product = read('records/products/photometer-7500.json').replace('"/datasheets/photometer-7500.pdf"', '"/datasheets/../../etc/passwd.pdf"');
    expect((await validateWith({ 'records/products/photometer-7500.json': product })).map((p) => [p.path, p.code])).toEqual([['datasheet', 'bad-format']]);
  });

  it('refuses business hours search engines could not read as opening hours, at the field', async () => {
    const site = read('site.json').replace('"days": "Saturday"', '"days": "Weekends"').replace('"hours": "9:00 AM – 2:00 PM"', '"hours": "mornings"');
    expect(await validateWith({ 'site.json': site })).toEqual([
      { at: `pages-data/site.json:${positionOf(site, '"Weekends"')}`, path: 'hours[1].days', code: 'opening-hours' },
      { at: `pages-data/site.json:${positionOf(site, '"mornings"')}`, path: 'hours[1].hours', code: 'opening-hours' },
    ]);
  });

  it('requires each document to name its JSON Schema', async () => {
    expect(await validateWith({ 'contact.json': page({ meta: withKeywords }).replace('../schemas/page.schema.json', 'page.schema.json') })).toEqual([
      { at: 'pages-data/contact.json:2:14', path: '$schema', code: 'schema-link' },
    ]);
  });
});

describe('the shape of a page', () => {
  const cta = '{ "type": "cta-banner", "title": "Ask", "text": "Now.", "buttons": [{ "label": "Go", "action": { "kind": "link", "to": "/contact" } }] }';

  it('opens with a block that carries the h1, and has only one', async () => {
    const doc = page({ meta: withKeywords }).replace('"type": "hero"', '"type": "text"').replace('"lead": "We reply within a working day."', '"intro": "We reply within a working day."');
    expect(await validateWith({ 'contact.json': doc })).toEqual([{ at: 'pages-data/contact.json:10:15', path: 'blocks[0].type', code: 'page-opening' }]);
    const twice = page({ meta: withKeywords, extraBlock: ',\n    { "type": "hero", "title": "Again", "lead": "Twice." }' });
    expect(await validateWith({ 'contact.json': twice })).toEqual([{ at: 'pages-data/contact.json:15:15', path: 'blocks[1].type', code: 'second-heading' }]);
  });

  it('ends with a call to action, which stands nowhere else', async () => {
    expect(await validateWith({ 'contact.json': page({ meta: withKeywords, closing: false }) })).toEqual([
      { at: 'pages-data/contact.json:10:15', path: 'blocks[0].type', code: 'page-closing' },
    ]);
    const early = page({ meta: withKeywords, extraBlock: `,\n    ${cta}` });
    expect(await validateWith({ 'contact.json': early })).toEqual([{ at: 'pages-data/contact.json:15:15', path: 'blocks[1].type', code: 'misplaced-closing' }]);
  });

  it('gives each section its own anchor', async () => {
    const doc = page({ meta: withKeywords, block: ',\n      "id": "form"', extraBlock: ',\n    { "type": "stats", "id": "form", "items": [{ "value": "1", "label": "x" }] }' });
    expect(await validateWith({ 'contact.json': doc })).toEqual([{ at: 'pages-data/contact.json:16:30', path: 'blocks[1].id', code: 'duplicate-anchor' }]);
  });

  it('keeps the not-found page out of search engines', async () => {
    expect(await validateWith({ '404.json': read('404.json').replace(',\n    "noindex": true', '') })).toEqual([{ at: 'pages-data/404.json:3:11', path: 'meta', code: 'not-found-indexed' }]);
  });

  it('keeps the title, with the site suffix the head adds, to 70 characters', async () => {
    const titled = (title: string) => page({ meta: withKeywords }).replace('"title": "Contact Us"', `"title": "${title}"`);
    const fifty = 'Contact Us – Quotes, Catalogues and Product Advice'; // and " | Acacia Scientific": 70
    expect(await validateWith({ 'contact.json': titled(fifty) })).toEqual([]);
    expect(await validateWith({ 'contact.json': titled(`${fifty}!`) })).toEqual([{ at: 'pages-data/contact.json:4:14', path: 'meta.title', code: 'long-title' }]);
    // The home page's title is the site's default title.
    const site = read('site.json').replace(/"defaultTitle": "[^"]*"/, `"defaultTitle": "Acacia Scientific Ltd – ${fifty}"`);
    expect(await validateWith({ 'site.json': site })).toEqual([{ at: `pages-data/site.json:${positionOf(site, '"Acacia Scientific Ltd – ')}`, path: 'seo.defaultTitle', code: 'long-title' }]);
  });

  it('flags the placeholders of a new page until they are replaced', async () => {
    const doc = page({ meta: withKeywords }).replace('"title": "Contact us"', '"title": "TODO: the page heading"');
    expect(await validateWith({ 'contact.json': doc })).toEqual([{ at: 'pages-data/contact.json:11:16', path: 'blocks[0].title', code: 'placeholder' }]);
  });
});

describe('one run reports every problem (issue 23: problems no longer hide each other)', () => {
  it('a short description and a link to a page that does not exist, on one page, are both reported', async () => {
    const doc = page({ meta: withKeywords, to: '/partners' }).replace(/"description": "[^"]*"/, '"description": "Too short."');
    expect(await validateWith({ 'contact.json': doc })).toEqual([
      { at: 'pages-data/contact.json:5:20', path: 'meta.description', code: 'too-short' },
      { at: 'pages-data/contact.json:13:70', path: 'blocks[0].buttons[0].action.to', code: 'unknown-page' },
    ]);
  });

  it('a block with a schema problem keeps its page rules, anchors and other links checked; a refused link is reported once', async () => {
    // The hero lacks its lead (schema), a second hero breaks the page rules, an unknown block type
    // is skipped, and a link to a malformed path has the schema's problem only.
    const doc = page({
      meta: withKeywords,
      extraBlock: ',\n    { "type": "hero", "title": "Again", "lead": "Twice.", "buttons": [{ "label": "x", "action": { "kind": "link", "to": "/Not A Path" } }] },\n    { "type": "heor" }',
    }).replace('"lead": "We reply within a working day.",', '"back": { "label": "All", "to": "/nowhere" },');
    const found = await validateWith({ 'contact.json': doc });
    expect(found.map((p) => `${p.path} ${p.code}`)).toEqual([
      'blocks[0].lead missing-field',
      'blocks[0].back.to unknown-page',
      'blocks[1].type second-heading',
      'blocks[1].buttons[0].action.to bad-format',
      'blocks[2].type unknown-block-type',
    ]);
  });

  it('a broken record file still lets pages be checked against the ids it holds', async () => {
    const partners = read('records/partners.json').replace('"name": "Palintest"', '"name": 7');
    const extraBlock = ',\n    { "type": "partner-listing", "groups": [{ "title": "T", "partners": ["palintest", "palintset"] }] }';
    const found = await validateWith({ 'records/partners.json': partners, 'contact.json': page({ meta: withKeywords, extraBlock }) });
    expect(found.map((p) => `${p.at.split(':')[0]} ${p.path} ${p.code}`)).toEqual([
      'pages-data/contact.json blocks[1].groups[0].partners[1] unknown-partner',
      expect.stringMatching(/^pages-data\/records\/partners\.json partners\[\d+\]\.name wrong-type$/),
    ]);
  });

  it('each hint fits its field: an empty title is not told about descriptions', () => {
    expect(hintOf({ code: 'too-short', path: 'blocks[0].title', message: '' })).not.toMatch(/description/i);
    expect(hintOf({ code: 'too-short', path: 'meta.description', message: '' })).toMatch(/50 to 160/);
    expect(hintOf({ code: 'too-long', path: 'seo.description', message: '' })).toMatch(/50 to 160/);
    expect(hintOf({ code: 'too-long', path: 'blocks[2].cards[0].title', message: '' })).not.toMatch(/description/i);
  });
});

describe('redirects (pages-data/redirects.json, D17)', () => {
  const redirects = (...lines: string[]) => `{
  "$schema": "../schemas/redirects.schema.json",
  "redirects": [
${lines.map((l) => `    ${l}`).join(',\n')}
  ]
}
`;

  it('accepts redirects from addresses nothing serves to pages, patterns included', async () => {
    const doc = redirects(
      '{ "from": "/services/microscopes-old", "to": "/services/microscopy" }',
      '{ "from": "/About-Us.html", "to": "/contact" }',
      '{ "from": "/catalogue/[id]", "to": "/products/[id]" }',
    );
    expect(await validateWith({ 'redirects.json': doc })).toEqual([]);
  });

  it('a pattern leads to a template page only', async () => {
    const doc = redirects('{ "from": "/catalogue/[id]", "to": "/services/[id]" }');
    expect(await validateWith({ 'redirects.json': doc })).toEqual([{ at: 'pages-data/redirects.json:4:40', path: 'redirects[0].to', code: 'redirect-to-nowhere' }]);
  });

  it('reports a redirect from a served address, to nowhere, a duplicate and a chain, each at its field', async () => {
    const doc = redirects(
      '{ "from": "/contact", "to": "/services" }',
      '{ "from": "/old-a", "to": "/servcies" }',
      '{ "from": "/old-b", "to": "/old-c" }',
      '{ "from": "/old-c", "to": "/contact" }',
      '{ "from": "/old-a", "to": "/contact" }',
      '{ "from": "/favicon.svg", "to": "/contact" }',
      '{ "from": "/old-d/[id]", "to": "/contact" }',
    );
    const problems = await problemsWith({ 'redirects.json': doc });
    expect(problems.map(brief)).toEqual([
      { at: 'pages-data/redirects.json:4:15', path: 'redirects[0].from', code: 'redirect-from-page' },
      { at: 'pages-data/redirects.json:5:31', path: 'redirects[1].to', code: 'redirect-to-nowhere' },
      { at: 'pages-data/redirects.json:6:31', path: 'redirects[2].to', code: 'redirect-chain' },
      { at: 'pages-data/redirects.json:8:15', path: 'redirects[4].from', code: 'duplicate-redirect' },
      { at: 'pages-data/redirects.json:9:15', path: 'redirects[5].from', code: 'redirect-from-page' },
      { at: 'pages-data/redirects.json:10:36', path: 'redirects[6].to', code: 'bad-format' },
    ]);
    expect(problems[0]!.message).toContain('pages-data/contact.json');
    expect(problems[1]!.message).toContain('did you mean /services?');
    expect(problems[2]!.message).toContain('/old-c, which redirects again to /contact');
  });

  it('reports a redirect from a file the build writes, from a page\'s .html address, and to the not-found page (issue 36, item 7)', async () => {
    const doc = redirects(
      '{ "from": "/robots.txt", "to": "/contact" }',
      '{ "from": "/sitemap.xml", "to": "/contact" }',
      '{ "from": "/_data/pages.json", "to": "/contact" }',
      '{ "from": "/assets/[id]", "to": "/products/[id]" }',
      '{ "from": "/contact.html", "to": "/privacy-policy" }',
      '{ "from": "/services/index.html", "to": "/contact" }',
      '{ "from": "/old-e", "to": "/404" }',
    );
    const problems = await problemsWith({ 'redirects.json': doc });
    expect(problems.map(brief)).toEqual([
      { at: 'pages-data/redirects.json:4:15', path: 'redirects[0].from', code: 'redirect-from-build-file' },
      { at: 'pages-data/redirects.json:5:15', path: 'redirects[1].from', code: 'redirect-from-build-file' },
      { at: 'pages-data/redirects.json:6:15', path: 'redirects[2].from', code: 'redirect-from-build-file' },
      { at: 'pages-data/redirects.json:7:15', path: 'redirects[3].from', code: 'redirect-from-build-file' },
      { at: 'pages-data/redirects.json:8:15', path: 'redirects[4].from', code: 'redirect-from-html-address' },
      { at: 'pages-data/redirects.json:9:15', path: 'redirects[5].from', code: 'redirect-from-html-address' },
      { at: 'pages-data/redirects.json:10:31', path: 'redirects[6].to', code: 'redirect-to-not-found' },
    ]);
    expect(problems[4]!.message).toBe('a redirect from /contact.html, the old .html address of the page /contact, which leads to that page already');
    expect(hintOf(problems[0]!)).toMatch(/robots\.txt, \/sitemap\.xml/);
  });

  it('is optional, and is not a page', async () => {
    expect(await validateWith({ 'redirects.json': null })).toEqual([]);
    const { content } = await loadContent(project);
    expect(content!.routes.has('/redirects')).toBe(false);
  });
});

describe('the content tree is the site', () => {
  it('a copied service page is a page at its own URL, with nothing else edited', async () => {
    const copy = read('services/microscopy.json').replace('"title": "Microscopes and Microscope Cameras"', '"title": "Spectroscopy"');
    const root = contentWith({ 'services/spectroscopy.json': copy });
    const { content, problems } = await loadContent(root);
    expect(problems.map(brief)).toEqual([]);
    expect(content!.routes.get('/services/spectroscopy')?.doc.meta.title).toBe('Spectroscopy');
  });

  it('a partner record with a page document answers at /partner/{id} and at /{id}', async () => {
    const partners = JSON.parse(read('records/partners.json'));
    partners.partners.push({ ...partners.partners.find((p: { id: string }) => p.id === 'labtron'), id: 'ohaus', name: 'Ohaus' });
    const doc = read('partner/labtron.json').replace('"partner": "labtron"', '"partner": "ohaus"');
    const { content, problems } = await loadContent(contentWith({ 'records/partners.json': JSON.stringify(partners, null, 2), 'partner/ohaus.json': doc }));
    expect(problems.map(brief)).toEqual([]);
    expect(content!.routes.get('/ohaus')).toBe(content!.routes.get('/partner/ohaus'));
  });

  it('a deleted page fails every link to it, at the link', async () => {
    const problems = await problemsWith({ 'services/microscopy.json': null });
    expect(problems.length).toBeGreaterThan(2);
    for (const p of problems) expect(p.code).toBe('unknown-page');
    expect(problems.map((p) => `${p.file}:${p.line}:${p.column}`)).toContain(`pages-data/site.json:${lineOf('site.json', '"to": "/services/microscopy"')}`);
  });

  it('two files for one URL, or a partner id that is a page or section name, name both files', async () => {
    expect(await validateWith({ 'services.json': page({ meta: withKeywords }) })).toEqual([
      { at: 'pages-data/services/index.json:1:1', path: '', code: 'route-collision' },
    ]);
    const partners = JSON.parse(read('records/partners.json'));
    for (const id of ['contact', 'services']) partners.partners.push({ ...partners.partners[0], id, isOfficialDistributor: undefined });
    const doc = (id: string) => read('partner/labtron.json').replace('"partner": "labtron"', `"partner": "${id}"`);
    const problems = await problemsWith({ 'records/partners.json': JSON.stringify(partners, null, 2), 'partner/contact.json': doc('contact'), 'partner/services.json': doc('services') });
    expect(problems.map(brief)).toEqual([
      { at: 'pages-data/partner/contact.json:1:1', path: '', code: 'route-collision' },
      { at: 'pages-data/partner/services.json:1:1', path: '', code: 'route-collision' },
    ]);
    expect(problems[0]!.message).toContain('contact.json');
  });
});

describe('the catalogue (issue 22)', { timeout: 30_000 }, () => {
  const FILE = 'records/products/nitrate-test-kit.json';
  const product = (over: Record<string, unknown> = {}) =>
    JSON.stringify(
      {
        $schema: '../../../schemas/product.schema.json',
        name: 'Nitrate Test Kit',
        brand: 'lovibond',
        category: 'field-test-kits',
        description: 'A kit for nitrate checks at the well head.',
        image: { src: '/images/products/test-kit.svg', alt: 'A test kit with reagent bottles' },
        ...over,
      },
      null,
      2,
    ) + '\n';

  it('a product added as one file is a page at /products/{id}, made from the template', async () => {
    const { content, problems } = await loadContent(contentWith({ [FILE]: product() }));
    expect(problems.map(brief)).toEqual([]);
    const page = content!.routes.get('/products/nitrate-test-kit')!;
    expect(page.file).toBe('products/[id].json');
    expect(page.doc.meta.title).toBe('Lovibond Nitrate Test Kit');
    expect(page.entry).toMatchObject({ collection: 'products', product: { id: 'nitrate-test-kit', name: 'Nitrate Test Kit' } });
  });

  it('names the position of an unknown brand, an unknown category and a missing picture in the product file', async () => {
    const text = product({ brand: 'lovibnd', category: 'field-kits', image: { src: '/images/products/no-such.svg', alt: 'A test kit' } });
    const problems = await problemsWith({ [FILE]: text });
    expect(problems.map(brief)).toEqual([
      { at: `pages-data/${FILE}:${positionOf(text, '"lovibnd"')}`, path: 'brand', code: 'unknown-brand' },
      { at: `pages-data/${FILE}:${positionOf(text, '"field-kits"')}`, path: 'category', code: 'unknown-category' },
      { at: `pages-data/${FILE}:${positionOf(text, '"/images/products/no-such.svg"')}`, path: 'image.src', code: 'missing-file' },
    ]);
    expect(problems[0]!.message).toContain('did you mean "lovibond"');
  });

  it('a product file is named by its id; a typo\'d key and a name too long for its page\'s title are shown in it', async () => {
    expect(await validateWith({ 'records/products/Nitrate Kit.json': product() })).toEqual([{ at: 'pages-data/records/products/Nitrate Kit.json:1:1', path: '', code: 'unknown-record-file' }]);
    const typo = product({ modle: 'NT-1' });
    expect(await validateWith({ [FILE]: typo })).toEqual([{ at: `pages-data/${FILE}:${positionOf(typo, '"modle"')}`, path: 'modle', code: 'unknown-key' }]);
    const long = product({ name: 'Nitrate, Nitrite and Ammonia Test Kit for Boreholes' });
    expect(await validateWith({ [FILE]: long })).toEqual([{ at: `pages-data/${FILE}:${positionOf(long, '"Nitrate, Nitrite')}`, path: 'name', code: 'long-title' }]);
  });

  it('a template names its collection, its blocks take what it gives, and its {words} are fields of its entries', async () => {
    const template = read('products/[id].json');
    const misspelt = template.replace('"title": "{fullName}"', '"title": "{fullname}"');
    expect(await validateWith({ 'products/[id].json': misspelt })).toEqual([{ at: `pages-data/products/[id].json:${positionOf(misspelt, '"{fullname}"')}`, path: 'meta.title', code: 'unknown-token' }]);
    const listing = read('products/category/[id].json').replace('  "collection": "product-categories",\n', '');
    expect(await validateWith({ 'products/category/[id].json': listing })).toEqual([{ at: 'pages-data/products/category/[id].json:1:1', path: '', code: 'template-file' }]);
    const contact = read('contact.json').replace(/\{\s*"type": "hero"[\s\S]*?"buttons": \[[\s\S]*?\]\s*\}/, '{ "type": "product-detail" }');
    expect(await validateWith({ 'contact.json': contact })).toEqual([{ at: `pages-data/contact.json:${positionOf(contact, '"product-detail"')}`, path: 'blocks[0].type', code: 'block-needs-entry' }]);
  });

  it('a specification value names an attribute of its category, once, with a value of its type and its unit', async () => {
    // field-test-kits has "Method", a choice of "Membrane filtration"; microbiology-kits "Incubators", a number.
    const specs = [
      { name: 'Methd', value: 'Membrane filtration' },
      { name: 'Method', value: 'Colour chart' },
      'Tablet reagents',
    ];
    const text = product({ specifications: specs });
    const problems = await problemsWith({ [FILE]: text });
    expect(problems.map(brief)).toEqual([
      { at: `pages-data/${FILE}:${positionOf(text, '"Methd"')}`, path: 'specifications[0].name', code: 'unknown-attribute' },
      { at: `pages-data/${FILE}:${positionOf(text, '"Colour chart"')}`, path: 'specifications[1].value', code: 'attribute-type' },
    ]);
    expect(problems[0]!.message).toContain('did you mean "Method"');

    const kit = product({ category: 'microbiology-kits', specifications: [{ name: 'Incubators', value: 'two' }, { name: 'Incubators', value: 2, unit: 'pcs' }] });
    expect(await validateWith({ [FILE]: kit })).toEqual([
      { at: `pages-data/${FILE}:${positionOf(kit, '"two"')}`, path: 'specifications[0].value', code: 'attribute-type' },
      { at: `pages-data/${FILE}:${positionOf(kit, '"Incubators"', kit.indexOf('"pcs"') - 60)}`, path: 'specifications[1].name', code: 'duplicate-attribute' },
      { at: `pages-data/${FILE}:${positionOf(kit, '"pcs"')}`, path: 'specifications[1].unit', code: 'attribute-unit' },
    ]);
    expect(await validateWith({ [FILE]: product({ category: 'microbiology-kits', specifications: [{ name: 'Incubators', value: 2 }, 'Portable case'] }) })).toEqual([]);
  });

  it('a category\'s attributes are well formed, and only a discontinued product is replaced, by another', async () => {
    // The photometers' "Data transfer" is a choice: without its choices it is refused.
    const categories = read('records/product-categories.json').replace('"type": "choice",\n          "choices": [\n            "Bluetooth",\n            "Bluetooth and USB"\n          ],', '"type": "choice",');
    expect(await validateWith({ 'records/product-categories.json': categories })).toEqual([
      { at: `pages-data/records/product-categories.json:${positionOf(categories, '{', categories.indexOf('"name": "Data transfer"') - 20)}`, path: 'categories[0].attributes[1]', code: 'attribute-definition' },
    ]);
    const replaced = product({ replacedBy: 'potatest-plus' });
    expect(await validateWith({ [FILE]: replaced })).toEqual([{ at: `pages-data/${FILE}:${positionOf(replaced, '"potatest-plus"')}`, path: 'replacedBy', code: 'replaced-not-discontinued' }]);
    const self = product({ status: 'discontinued', replacedBy: 'nitrate-test-kit' });
    expect(await validateWith({ [FILE]: self })).toEqual([{ at: `pages-data/${FILE}:${positionOf(self, '"nitrate-test-kit"')}`, path: 'replacedBy', code: 'replaced-by-itself' }]);
    const gone = product({ status: 'discontinued', replacedBy: 'no-such-kit' });
    expect(await validateWith({ [FILE]: gone })).toEqual([{ at: `pages-data/${FILE}:${positionOf(gone, '"no-such-kit"')}`, path: 'replacedBy', code: 'unknown-product' }]);
    expect(await validateWith({ [FILE]: product({ status: 'discontinued', replacedBy: 'potatest-plus' }) })).toEqual([]);
  });

  it('an order code names one pack in the whole catalogue whatever its case, a pack has a label, and its values are its category\'s (D22)', async () => {
    // The other product's file sorts after this one's: the second use of the code is reported, naming the first.
    const first = product({ packs: [{ code: 'NT-100', label: '100 tests' }, { code: 'NT-250', label: '' }] });
    const second = product({ name: 'Nitrate Refills', packs: [{ code: 'nt-100', label: 'Refill, 100 tests' }] });
    const problems = await problemsWith({ [FILE]: first, 'records/products/nitrate-test-refills.json': second });
    expect(problems.map(brief)).toEqual([
      { at: `pages-data/${FILE}:${positionOf(first, '""')}`, path: 'packs[1].label', code: 'too-short' },
      { at: `pages-data/records/products/nitrate-test-refills.json:${positionOf(second, '"nt-100"')}`, path: 'packs[0].code', code: 'duplicate-code' },
    ]);
    expect(problems[1]!.message).toContain(`pages-data/${FILE} (packs[0])`);
    // field-test-kits has "Method", a choice: a pack's own value is checked as the product's are.
    const values = product({ packs: [{ code: 'NT-1', label: 'Kit', specifications: [{ name: 'Volume', value: 5 }, { name: 'Method', value: 'Guesswork' }] }] });
    expect(await validateWith({ [FILE]: values })).toEqual([
      { at: `pages-data/${FILE}:${positionOf(values, '"Volume"')}`, path: 'packs[0].specifications[0].name', code: 'unknown-attribute' },
      { at: `pages-data/${FILE}:${positionOf(values, '"Guesswork"')}`, path: 'packs[0].specifications[1].value', code: 'attribute-type' },
    ]);
    const code = product({ packs: [{ code: 'NT 1; DROP', label: 'Kit' }] });
    expect(await validateWith({ [FILE]: code })).toEqual([{ at: `pages-data/${FILE}:${positionOf(code, '"NT 1; DROP"')}`, path: 'packs[0].code', code: 'bad-format' }]);
  });

  it('a category\'s parent exists, and no category is its own parent through others (D23)', async () => {
    const categories = read('records/product-categories.json');
    const withParents = (parents: Record<string, string>) =>
      Object.entries(parents).reduce((text, [id, parent]) => text.replace(`"id": "${id}",`, `"id": "${id}",\n      "parent": "${parent}",`), categories);
    const missing = withParents({ reagents: 'chemicals' });
    const [unknown] = await problemsWith({ 'records/product-categories.json': missing });
    expect(brief(unknown!)).toEqual({ at: `pages-data/records/product-categories.json:${positionOf(missing, '"chemicals"')}`, path: 'categories[2].parent', code: 'unknown-category' });
    const loop = withParents({ photometers: 'reagents', reagents: 'comparators', comparators: 'photometers' });
    const problems = await problemsWith({ 'records/product-categories.json': loop });
    const parents = { photometers: 'reagents', reagents: 'comparators', comparators: 'photometers' };
    expect(problems.map(brief)).toEqual(
      Object.entries(parents).map(([id, parent]) => ({
        at: `pages-data/records/product-categories.json:${positionOf(loop, `"${parent}"`, loop.indexOf(`"id": "${id}"`))}`,
        path: `categories[${['photometers', 'pool-testing', 'reagents', 'comparators'].indexOf(id)}].parent`,
        code: 'category-loop',
      })),
    );
    expect(problems[0]!.message).toBe('the category is its own parent through "photometers" → "reagents" → "comparators" → "photometers"');
    expect(await validateWith({ 'records/product-categories.json': withParents({ reagents: 'photometers', comparators: 'reagents' }) })).toEqual([]);
  });

  it('a product may wait for its picture: valid, and counted in one warning (D24)', async () => {
    const { image: _, ...rest } = JSON.parse(product()) as Record<string, unknown>;
    const { problems, warnings } = await loadContent(contentWith({ [FILE]: JSON.stringify(rest, null, 2) }));
    expect(problems).toEqual([]);
    expect(warnings.filter((w) => w.code === 'products-without-picture').map((w) => [w.file, w.message])).toEqual([[`pages-data/${FILE}`, '1 product has no picture yet: nitrate-test-kit']]);
  });

  it('a supplier in a supplier grid has products to show, and features only its own', async () => {
    expect(await validateWith({ 'records/products/potatest-plus.json': null })).toEqual([
      { at: `pages-data/services/water-testing.json:${positionOf(read('services/water-testing.json'), '"wagtech"')}`, path: 'blocks[1].suppliers[3]', code: 'supplier-without-products' },
    ]);
    const suppliers = read('records/suppliers.json').replace('"md-610-photometer"', '"photometer-7500"');
    const lovibond = suppliers.indexOf('"id": "lovibond"');
    expect(await validateWith({ 'records/suppliers.json': suppliers })).toEqual([
      { at: `pages-data/records/suppliers.json:${positionOf(suppliers, '"photometer-7500"', lovibond)}`, path: 'suppliers[1].featured[0]', code: 'featured-elsewhere' },
    ]);
  });

  it('a mapping the import keeps (records/import-maps/) is checked: its fields, and the categories and brands it names', async () => {
    const map = (fields: Record<string, unknown>) => JSON.stringify({ $schema: '../../../schemas/import-map.schema.json', headers: ['Product Name', 'Group'], columns: { 'Product Name': 'name', Group: 'category' }, ...fields }, null, 2);
    expect(await validateWith({ 'records/import-maps/price-list.json': map({ categories: { Photometres: 'photometers' }, brands: { Tintometer: 'lovibond' } }) })).toEqual([]);
    const wrong = map({ categories: { Photometres: 'photometerz' }, columns: { 'Product Name': 'nmae' } });
    expect(await validateWith({ 'records/import-maps/price-list.json': wrong })).toEqual([
      { at: `pages-data/records/import-maps/price-list.json:${positionOf(wrong, '"nmae"')}`, path: 'columns.Product Name', code: 'bad-format' },
      { at: `pages-data/records/import-maps/price-list.json:${positionOf(wrong, '"photometerz"')}`, path: 'categories.Photometres', code: 'unknown-category' },
    ]);
    expect(await validateWith({ 'records/import-maps/Price List.json': map({}) })).toEqual([{ at: 'pages-data/records/import-maps/Price List.json:1:1', path: '', code: 'unknown-record-file' }]);
  });

  it('a supplier may be just its id and name (a brand an import made), but a supplier grid\'s cards need its logo and description', async () => {
    const doc = JSON.parse(read('records/suppliers.json')) as { suppliers: Record<string, unknown>[] };
    doc.suppliers.push({ id: 'ohaus', name: 'Ohaus' });
    expect(await validateWith({ 'records/suppliers.json': JSON.stringify(doc, null, 2) })).toEqual([]);
    const wagtech = doc.suppliers.find((s) => s.id === 'wagtech')!;
    delete wagtech.logo;
    delete wagtech.description;
    const problems = await problemsWith({ 'records/suppliers.json': JSON.stringify(doc, null, 2) });
    expect(problems.map(brief)).toEqual([
      { at: `pages-data/services/water-testing.json:${positionOf(read('services/water-testing.json'), '"wagtech"')}`, path: 'blocks[1].suppliers[3]', code: 'supplier-incomplete' },
    ]);
    expect(problems[0]!.message).toBe('the supplier "wagtech" has no logo and no description: a supplier grid\'s card shows both');
  });
});

/** The line:column where a text starts (its first occurrence from `from` on). */
function positionOf(text: string, needle: string, from = 0): string {
  const before = text.slice(0, text.indexOf(needle, from));
  return `${before.split('\n').length}:${before.length - before.lastIndexOf('\n')}`;
}

/** The line:column of a text in a shipped file. */
function lineOf(rel: string, text: string): string {
  const before = read(rel).slice(0, read(rel).indexOf(text) + text.indexOf('"/'));
  return `${before.split('\n').length}:${before.length - before.lastIndexOf('\n')}`;
}

describe('references are part of the schema', () => {
  it('a new schema that uses the reference primitives is followed with no change to the validator', async () => {
    const gallery = z.strictObject({ link: pageLink, logo: imageSrc, sheet: pdfFile.optional(), brands: z.array(partnerId), kit: supplierId });
    const found: string[] = [];
    walkReferences(gallery, { link: '/contact#form', logo: '/images/logo.svg', brands: ['pyrex'], kit: 'lovibond' }, [], (kind, value, path) => found.push(`${path.join('.')} ${kind} ${value}`));
    expect(found).toEqual(['link page /contact#form', 'logo picture /images/logo.svg', 'brands.0 partner pyrex', 'kit supplier lovibond']);
  });
});

describe('npm run validate output', { timeout: 60_000 }, () => {
  const cli = join(project, 'src/node/content/validate-cli.ts');
  const run = (root: string, args: string[], env: Record<string, string> = {}) => {
    try {
      return { code: 0, out: execFileSync(join(project, 'node_modules/.bin/tsx'), [cli, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, GITHUB_ACTIONS: '', ...env }, stdio: 'pipe' }) };
    } catch (e) {
      const err = e as { status: number; stdout: string };
      return { code: err.status, out: err.stdout };
    }
  };
  const broken = () => contentWith({ 'contact.json': page({ meta: withKeywords, to: '/services/water-testng' }) });

  it('--format json prints file, line, column, path, code, message and severity, and exits 1', async () => {
    const { code, out } = run(broken(), ['--format', 'json']);
    expect(code).toBe(1);
    const entries = JSON.parse(out) as { severity: string; code: string }[];
    expect(entries.filter((e) => e.severity === 'error')).toEqual([
      { file: 'pages-data/contact.json', line: 13, column: 70, path: 'blocks[0].buttons[0].action.to', code: 'unknown-page', message: expect.any(String), severity: 'error' },
    ]);
    // The shipped example company is a warning, not a problem.
    expect(entries.filter((e) => e.severity === 'warning').map((e) => e.code)).toContain('example-identity');
  });

  it('counts problems by the folder they are in: a stale JSON Schema is in schemas/', () => {
    const root = contentWith({});
    rmSync(join(root, 'schemas'));
    cpSync(join(project, 'schemas'), join(root, 'schemas'), { recursive: true });
    writeFileSync(join(root, 'schemas/page.schema.json'), '{}\n');
    let stderr = '';
    try {
      execFileSync(join(project, 'node_modules/.bin/tsx'), [cli], { cwd: root, encoding: 'utf8', env: { ...process.env, GITHUB_ACTIONS: '' }, stdio: 'pipe' });
    } catch (e) {
      stderr = (e as { stderr: string }).stderr;
    }
    expect(stderr).toMatch(/^schemas\/page\.schema\.json:1:1 {2}\(document\) {2}out of date with the zod schemas: run `npm run schemas`$/m);
    expect(stderr.trim().split('\n').pop()).toBe('1 problem in schemas/.');
  });

  it('under GitHub Actions prints an ::error line per problem, at its file, line and column', async () => {
    const { out } = run(broken(), [], { GITHUB_ACTIONS: 'true' });
    const lines = out.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('::error'))).toEqual([expect.stringMatching(/^::error file=pages-data\/contact\.json,line=13,col=70,title=unknown-page::blocks\[0\]\.buttons\[0\]\.action\.to {2}link to/)]);
    expect(lines.filter((l) => !l.startsWith('::error'))).toContainEqual(expect.stringMatching(/^::warning file=pages-data\/site\.json,line=\d+,col=\d+,title=example-identity::url /));
  });
});

describe('the site address', () => {
  it("without https:// is a problem at site.json's url, not a crash", async () => {
    const site = read('site.json').replace('"url": "https://www.acacia-scientific.example"', '"url": "baobablabs.co.ke"');
    expect(await validateWith({ 'site.json': site })).toEqual([{ at: 'pages-data/site.json:6:10', path: 'url', code: 'bad-format' }]);
  });

  it('from SITE_URL names SITE_URL and what it takes when it is not an origin', async () => {
    const { content } = await loadContent(project, { skipSchemaFiles: true });
    const saved = process.env.SITE_URL;
    try {
      for (const url of ['baobablabs.co.ke', 'https://www.baobablabs.co.ke/']) {
        process.env.SITE_URL = url;
        expect(() => builtSite(content!.site)).toThrow(new RegExp(`^SITE_URL=${url.replace(/[./]/g, '\\$&')} is not the site's address: .*https://.*no trailing slash, e\\.g\\. SITE_URL=https://`));
      }
      process.env.SITE_URL = 'https://www.baobablabs.co.ke';
      expect(builtSite(content!.site).url).toBe('https://www.baobablabs.co.ke');
    } finally {
      if (saved === undefined) delete process.env.SITE_URL;
      else process.env.SITE_URL = saved;
    }
  });
});

describe('did you mean', () => {
  it('suggests close words only', async () => {
    expect(nearest('heor', ['hero', 'tabs'])).toBe('hero');
    expect(nearest('zzzzzz', ['hero', 'tabs'])).toBeUndefined();
  });
});
