import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatProblem, loadContent, nearest } from '../../src/node/content';

const project = resolve(__dirname, '../..');
let roots: string[] = [];

/** A copy of the real content with some files replaced; returns the problems the validator prints. */
function validateWith(files: Record<string, string>): string[] {
  const root = mkdtempSync(join(tmpdir(), 'content-'));
  roots.push(root);
  cpSync(join(project, 'pages-data'), join(root, 'pages-data'), { recursive: true });
  symlinkSync(join(project, 'public'), join(root, 'public'));
  symlinkSync(join(project, 'schemas'), join(root, 'schemas'));
  for (const [rel, text] of Object.entries(files)) writeFileSync(join(root, 'pages-data', rel), text);
  return loadContent(root).problems.map(formatProblem);
}

afterEach(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
  roots = [];
});

/** A small valid contact page; each test below breaks one thing in it. Line numbers are fixed. */
const page = ({ block = '', meta = '', to = '/services', extraBlock = '' } = {}) => `{
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
    }${extraBlock}
  ]
}
`;
const withKeywords = ',\n    "keywords": ["contact"]';

describe('npm run validate', () => {
  it('accepts the shipped content', () => {
    expect(loadContent(project).problems.map(formatProblem)).toEqual([]);
  });

  it('accepts the fixture page as written', () => {
    expect(validateWith({ 'contact.json': page({ meta: withKeywords }) })).toEqual([]);
  });

  it('reports malformed JSON at its line and column', () => {
    expect(validateWith({ 'contact.json': '{\n  "meta": {\n    "title": "x",\n  }\n}\n' })).toEqual([
      'pages-data/contact.json:4:3  (document)  malformed JSON: property name expected',
    ]);
  });

  it('reports a missing required field at the object that lacks it', () => {
    expect(validateWith({ 'contact.json': page() })).toEqual([
      'pages-data/contact.json:3:3  meta.keywords  required field "keywords" is missing: expected array',
    ]);
  });

  it('reports a wrong type with expected and received', () => {
    expect(validateWith({ 'contact.json': page({ meta: withKeywords.replace('["contact"]', '"contact"') }) })).toEqual([
      'pages-data/contact.json:6:17  meta.keywords  wrong type: expected array, received string "contact"',
    ]);
  });

  it('names an unknown block type and suggests the nearest', () => {
    expect(validateWith({ 'contact.json': page({ meta: withKeywords }).replace('"type": "hero"', '"type": "heor"') })).toEqual([
      'pages-data/contact.json:10:15  blocks[0].type  unknown block type "heor": expected one of hero, card-grid, stats, text, tabs, gallery, cta-banner, policy-text, contact-section, supplier-grid, partner-profile, partner-listing, not-found; did you mean "hero"?',
    ]);
  });

  it('names a misspelled key and suggests the right one', () => {
    expect(validateWith({ 'contact.json': page({ meta: withKeywords, block: ',\n      "badeg": "Official"' }) })).toEqual([
      'pages-data/contact.json:14:7  blocks[0].badeg  unknown key "badeg": did you mean "badge"?',
    ]);
  });

  it('rejects a link to a route that does not exist', () => {
    expect(validateWith({ 'contact.json': page({ meta: withKeywords, to: '/services/water-testng' }) })).toEqual([
      'pages-data/contact.json:13:70  blocks[0].buttons[0].action.to  link to /services/water-testng: no such page; did you mean /services/water-testing?',
    ]);
  });

  it('rejects a link to an anchor the page does not have', () => {
    expect(validateWith({ 'contact.json': page({ meta: withKeywords, to: '/#nowhere' }) })[0]).toMatch(
      /^pages-data\/contact\.json:13:70  blocks\[0\]\.buttons\[0\]\.action\.to  link to \/#nowhere: the page has no section with id "nowhere" \(it has: home, about/,
    );
  });

  it('rejects a javascript: URL wherever a link can go', () => {
    const doc = page({ meta: withKeywords }).replace('{ "kind": "link", "to": "/services" }', '{ "kind": "external", "href": "javascript:alert(1)" }');
    expect(validateWith({ 'contact.json': doc })).toEqual([
      'pages-data/contact.json:13:76  blocks[0].buttons[0].action.href  a http(s) address (javascript:, data: and file: are never allowed) (received "javascript:alert(1)")',
    ]);
  });

  it('rejects an unknown partner id and suggests the nearest', () => {
    const extraBlock = ',\n    { "type": "partner-profile", "partner": "palintset" }';
    expect(validateWith({ 'contact.json': page({ meta: withKeywords, extraBlock }) })).toEqual([
      'pages-data/contact.json:15:45  blocks[1].partner  unknown partner id "palintset"; did you mean "palintest"?',
    ]);
  });

  it('rejects an unknown supplier id', () => {
    const extraBlock = ',\n    { "type": "supplier-grid", "suppliers": ["palintest", "wagtec"] }';
    expect(validateWith({ 'contact.json': page({ meta: withKeywords, extraBlock }) })).toEqual([
      'pages-data/contact.json:15:59  blocks[1].suppliers[1]  unknown supplier id "wagtec"; did you mean "wagtech"?',
    ]);
  });

  it('rejects an image that is not in public/', () => {
    const block = ',\n      "image": { "src": "/images/nope.svg", "alt": "x", "width": 10, "height": 10 }';
    expect(validateWith({ 'contact.json': page({ meta: withKeywords, block }) })).toEqual([
      'pages-data/contact.json:14:25  blocks[0].image.src  image /images/nope.svg is not in public/ (expected public/images/nope.svg)',
    ]);
  });

  it('rejects alt text that is a file name or says "image of"', () => {
    const block = (alt: string) => `,\n      "image": { "src": "/images/home/slide-1.svg", "alt": "${alt}", "width": 10, "height": 10 }`;
    expect(validateWith({ 'contact.json': page({ meta: withKeywords, block: block('slide-1.svg') }) })).toEqual([
      'pages-data/contact.json:14:60  blocks[0].image.alt  alt text that says what the picture shows, not a file name or a bare word like "image" (received "slide-1.svg")',
    ]);
    expect(validateWith({ 'contact.json': page({ meta: withKeywords, block: block('Image of a microscope') }) })).toEqual([
      'pages-data/contact.json:14:60  blocks[0].image.alt  alt text without "image of" (screen readers announce the picture already) (received "Image of a microscope")',
    ]);
    expect(validateWith({ 'contact.json': page({ meta: withKeywords, block: block('') }) })).toEqual([]);
  });

  it('rejects two documents claiming one route', () => {
    expect(validateWith({ 'services.json': page({ meta: withKeywords }) })).toEqual([
      'pages-data/services/index.json:1:1  (document)  two documents claim the route /services: this one and services.json',
    ]);
  });

  it('rejects a document no route serves, naming the nearest route', () => {
    expect(validateWith({ 'services/water-testng.json': page({ meta: withKeywords }) })).toEqual([
      'pages-data/services/water-testng.json:1:1  (document)  no route serves this file (pages-data mirrors the URLs of specification section 2); did you mean /services/water-testing?',
    ]);
  });

  it('requires each document to name its JSON Schema', () => {
    expect(validateWith({ 'contact.json': page({ meta: withKeywords }).replace('../schemas/page.schema.json', 'page.schema.json') })).toEqual([
      'pages-data/contact.json:2:14  $schema  must name its JSON Schema so editors can check it: expected "../schemas/page.schema.json", received "page.schema.json"',
    ]);
  });
});

describe('did you mean', () => {
  it('suggests close words only', () => {
    expect(nearest('heor', ['hero', 'tabs'])).toBe('hero');
    expect(nearest('zzzzzz', ['hero', 'tabs'])).toBeUndefined();
  });
});
