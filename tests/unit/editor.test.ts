// What an author's editor does with the generated JSON Schema files: VS Code's own JSON language
// service (the library behind VS Code's JSON support) over the documents, as VS Code reads them, each
// naming its schema by its "$schema".
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import service from 'vscode-json-languageservice';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { blockDefinitions, blockTypes, type BlockType } from '../../schemas/blocks/index';
import { partner, productCategory, productDocument, supplier } from '../../schemas/records';
import { redirect } from '../../schemas/redirects';
import { contentFiles, loadContent, type Problem } from '../../src/node/content/load';
import { branchOf, fieldName, initialValue, itemsOf, type Json, type JsonSchema, optionsOf } from '../../src/studio/schema';

const { getLanguageService, TextDocument } = service;
const project = resolve(__dirname, '../..');
const languageService = () =>
  getLanguageService({
    schemaRequestService: async (uri) => readFileSync(new URL(uri), 'utf8'),
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).href },
  });
const editor = languageService();
/** VS Code with the project's workspace settings: documents without a "$schema" get theirs by name. */
const vscode = languageService();
const settings = JSON.parse(readFileSync(resolve(project, '.vscode/settings.json'), 'utf8')) as { 'json.schemas': { fileMatch: string[]; url: string }[] };
vscode.configure({ schemas: settings['json.schemas'].map(({ fileMatch, url }) => ({ fileMatch, uri: new URL(url, pathToFileURL(`${project}/`)).href })) });

/** A document as the editor holds it: `text` with `|` where the cursor is (if anywhere). */
function open(rel: string, text: string, service = editor) {
  const cursor = text.indexOf('|');
  const doc = TextDocument.create(pathToFileURL(resolve(project, 'pages-data', rel)).href, 'json', 1, cursor < 0 ? text : text.replace('|', ''));
  const json = service.parseJSONDocument(doc);
  return {
    problems: async () => (await service.doValidation(doc, json)).map((d) => ({ line: d.range.start.line + 1, message: d.message })),
    completions: async () => (await service.doComplete(doc, doc.positionAt(cursor), json))!.items,
  };
}

const read = (rel: string) => readFileSync(resolve(project, 'pages-data', rel), 'utf8');
const WATER = 'services/water-testing.json';
/** The water-testing page with `text` put in as its second block, after its hero. */
const afterHero = (text: string) => read(WATER).replace(/("blocks": \[\n {4}\{[\s\S]*?\n {4}\}),/, `$1,\n    ${text},`);
/** The water-testing page with `text` in place of its hero. */
const asOpening = (text: string) => read(WATER).replace(/("blocks": \[\n) {4}\{[\s\S]*?\n {4}\},/, `$1    ${text},`);
const lineOf = (text: string, part: string) => text.slice(0, text.indexOf(part)).split('\n').length;
const typesAt = (...places: string[]) => blockTypes.filter((t) => places.includes(blockDefinitions[t].place));
const label = (value: string) => JSON.stringify(value);

describe('an editor over the JSON Schema files', () => {
  it('offers every block type that may stand after the opening block, each with its title and description', async () => {
    const items = await open(WATER, afterHero('{ "type": "|" }')).completions();
    expect(items.map((i) => i.label).sort()).toEqual(typesAt('body', 'closing').map(label).sort());
    const cards = items.find((i) => i.label === '"card-grid"')!;
    expect(cards.detail).toBe('Card grid');
    expect(cards.documentation).toMatch(/grid of cards/);
  });

  it('offers the opening block types first on a page', async () => {
    const items = await open(WATER, asOpening('{ "type": "|" }')).completions();
    expect(items.map((i) => i.label).sort()).toEqual(typesAt('opening').map(label).sort());
  });

  it('answers a misspelled block type with the valid types, and no other problem of the block', async () => {
    const text = afterHero('{ "type": "card-grd" }');
    const problems = await open(WATER, text).problems();
    expect(problems).toHaveLength(1);
    expect(problems[0]!.line).toBe(lineOf(text, 'card-grd'));
    expect(problems[0]!.message).toContain('"card-grid"');
    expect(problems[0]!.message).not.toContain('"hero"');
  });

  it('once the type is chosen, completes and checks that type\'s fields alone', async () => {
    const keys = (await open(WATER, afterHero('{ "type": "cta-banner", | }')).completions()).map((i) => i.label);
    expect(keys.sort()).toEqual(['buttons', 'id', 'text', 'title'].sort());
    const problems = await open(WATER, afterHero('{ "type": "cta-banner", "titel": "Ask us", "text": "Soon." }')).problems();
    expect(problems.map((p) => p.message).sort()).toEqual(['Missing property "buttons".', 'Missing property "title".', 'Property titel is not allowed.']);
  });

  it("treats a button's action the same: every kind offered, each kind's fields alone", async () => {
    const button = (action: string) => afterHero(`{ "type": "cta-banner", "title": "Ask", "text": "Soon.", "buttons": [{ "label": "Go", "action": ${action} }] }`);
    const kinds = (await open(WATER, button('{ "kind": "|" }')).completions()).map((i) => i.label);
    expect(kinds.sort()).toEqual(['call', 'catalogue', 'email', 'external', 'link', 'quote', 'whatsapp'].map(label).sort());
    const problems = await open(WATER, button('{ "kind": "quote", "to": "/contact" }')).problems();
    expect(problems.map((p) => p.message)).toEqual(['Property to is not allowed.']);
    expect((await open(WATER, button('{ "kind": "qoute" }')).problems())[0]!.message).toContain('"quote"');
  });

  it('finds no problem in any shipped document', async () => {
    const found: string[] = [];
    for (const rel of contentFiles(project)) for (const p of await open(rel, read(rel)).problems()) found.push(`${rel}:${p.line} ${p.message}`);
    expect(found).toEqual([]);
  });
});

/**
 * A snippet's value with its placeholders filled in as an author would: text for each `TODO:`, the
 * first of each choice, a number as it stands, and each empty stop (a reference, a link, a picture)
 * by its field's name.
 */
function filled(body: unknown, key = ''): unknown {
  const samples: Record<string, string> = {
    to: '/contact', from: '/old-address', src: '/images/logo.svg', logo: '/images/logo.svg', image: '/images/logo.svg',
    partner: 'palintest', partners: 'palintest', suppliers: 'palintest', brand: 'palintest', category: 'photometers',
    id: 'first', defaultTab: 'first', websiteUrl: 'https://www.palintest.com', href: 'https://www.palintest.com',
  };
  if (Array.isArray(body)) return body.map((v) => filled(v, key));
  if (body && typeof body === 'object') return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, filled(v, k)]));
  if (typeof body !== 'string') return body;
  const todo = /^\$\{\d+:TODO: (.*)\}$/.exec(body);
  if (todo) return `The ${todo[1]}`;
  const choice = /^\$\{\d+\|([^,|]*)/.exec(body);
  if (choice) return choice[1];
  const raw = /^\^\$\{\d+:(.*)\}$/.exec(body);
  if (raw) return JSON.parse(raw[1]!);
  if (/^\$\{\d+\}$/.test(body)) {
    if (!(key in samples)) throw new Error(`no sample value for an empty "${key}"`);
    return samples[key];
  }
  expect(body).not.toMatch(/\$\{\d/);
  return body;
}

type Snippets = JsonSchema['defaultSnippets'];
const snippetNamed = (snippets: Snippets, label: string) => {
  const found = snippets?.find((s) => s.label === label);
  if (!found) throw new Error(`no snippet "${label}" among ${snippets?.map((s) => s.label).join(', ')}`);
  return found.body;
};

describe("the project's VS Code settings", () => {
  it('give each document the schema validate checks it against, without its "$schema" too', async () => {
    const found: string[] = [];
    for (const rel of contentFiles(project)) {
      const text = read(rel).replace(/\n\s*"\$schema": "[^"]*",/, '');
      expect(text).not.toContain('$schema');
      for (const p of await open(rel, text, vscode).problems()) found.push(`${rel}:${p.line} ${p.message}`);
      // A schema applies: a misspelled key at the top is a problem.
      const misspelt = await open(rel, text.replace('{', '{\n  "misspelt": 1,'), vscode).problems();
      if (!misspelt.some((p) => p.message === 'Property misspelt is not allowed.')) found.push(`${rel}: no schema`);
    }
    expect(found).toEqual([]);
  });

  it('offer a new product file the skeleton of a product', async () => {
    const items = await open('records/products/new-kit.json', '|', vscode).completions();
    expect(items.map((i) => i.label)).toContain('Product');
  });
});

describe('skeletons (defaultSnippets)', () => {
  const schemaFile = (name: string) => JSON.parse(readFileSync(resolve(project, 'schemas', name), 'utf8')) as JsonSchema;
  const page = schemaFile('page.schema.json');
  const blockTitle = (type: BlockType) => (blockDefinitions[type].schema as z.ZodType).meta()?.title;

  it('are offered for a new block after the opening block, one per type that may stand there', async () => {
    const labels = (await open(WATER, afterHero('|')).completions()).map((i) => i.label);
    expect(labels.sort()).toEqual(typesAt('body', 'closing').map((t) => `${t} (${blockTitle(t)})`).sort());
  });

  it.each(blockTypes)('of a %s block validate once their placeholders are filled', (type: BlockType) => {
    const union = blockDefinitions[type].place === 'opening' ? page.properties!.blocks!.prefixItems![0]! : page.properties!.blocks!.items!;
    const body = snippetNamed(union.defaultSnippets, `${type} (${blockTitle(type)})`);
    expect((blockDefinitions[type].schema as z.ZodType).safeParse(filled(body)).error?.issues ?? []).toEqual([]);
    // Unfilled, its first text is a placeholder, which validate reports.
    const first = JSON.stringify(body).match(/"\$\{1[:|}][^"]*"/)?.[0];
    if (first?.startsWith('"${1:')) expect(first).toMatch(/^"\$\{1:TODO: /);
  });

  it.each([
    ['a product', 'product.schema.json', (s: JsonSchema) => s, 'Product', productDocument],
    ['a partner', 'partners.schema.json', (s: JsonSchema) => s.properties!.partners!.items!, 'New partner', partner],
    ['a supplier', 'suppliers.schema.json', (s: JsonSchema) => s.properties!.suppliers!.items!, 'New supplier', supplier],
    ['a product category', 'product-categories.schema.json', (s: JsonSchema) => s.properties!.categories!.items!, 'New category', productCategory],
    ['a redirect', 'redirects.schema.json', (s: JsonSchema) => s.properties!.redirects!.items!, 'New redirect', redirect],
  ] as const)('of %s validate once their placeholders are filled', (_, file, at, label, schema) => {
    const body = snippetNamed(at(schemaFile(file)).defaultSnippets, label);
    expect((schema as z.ZodType).safeParse(filled(body)).error?.issues ?? []).toEqual([]);
  });
});

describe('the editor and npm run validate agree', () => {
  /** The problems of each, by line, for the water-testing page written as `text`. */
  const both = async (text: string) => {
    const { problems } = await loadContent(project, { overrides: new Map([[WATER, text]]), skipSchemaFiles: true });
    const validate = problems.filter((p: Problem) => p.file === `pages-data/${WATER}`).map((p) => p.line);
    return { editor: (await open(WATER, text).problems()).map((p) => p.line), validate };
  };
  const original = read(WATER);
  const cases: [string, string][] = [
    ['a misspelled key', original.replace('"lead":', '"laed":')],
    ['a wrong type', original.replace(/"columns": \d/, '"columns": "two"')],
    ['a missing required field', original.replace(/\n\s*"lead": "[^"]*",/, '')],
    ['an unknown block type', afterHero('{ "type": "card-grd" }')],
    ['a block out of its place', afterHero('{ "type": "hero", "title": "Again", "lead": "A second h1." }')],
    ['an action of the wrong kind', original.replace('"kind": "link"', '"kind": "lnk"')],
  ];
  it.each(cases)('on %s: both report it, on the same line', async (_, text) => {
    expect(text).not.toBe(original);
    const { editor, validate } = await both(text);
    expect(editor.length).toBeGreaterThan(0);
    expect([...new Set(editor)].sort()).toEqual([...new Set(validate)].sort());
  });
});

describe('the studio over the same schema', () => {
  const page = JSON.parse(readFileSync(resolve(project, 'schemas/page.schema.json'), 'utf8')) as JsonSchema;
  const doc = JSON.parse(read(WATER)) as Json;

  it('names blocks and their fields by their type, whatever their place', () => {
    expect(fieldName(page, doc, 'blocks.0.title')).toBe('Block 1 (Hero): Water Testing Solutions › Title');
    expect(fieldName(page, doc, 'blocks.4.cards.0.title')).toMatch(/^Block 5 \(Card grid\)[^›]* › Card 1[^›]* › Title$/);
  });

  it('offers every block type for a new block, and starts each with its required fields', () => {
    const items = itemsOf(page.properties!.blocks!);
    expect(items.oneOf!.map((o) => o.properties!.type!.const).sort()).toEqual([...blockTypes].sort());
    const cta = items.oneOf!.find((o) => o.properties!.type!.const === 'cta-banner')!;
    expect(initialValue(cta)).toEqual({ type: 'cta-banner', title: '', text: '', buttons: [{ label: '', action: { kind: 'link', to: '' } }] });
  });

  it("shows a supplier's {email} as the company's mailbox, an address as an address", () => {
    const suppliers = JSON.parse(readFileSync(resolve(project, 'schemas/suppliers.schema.json'), 'utf8')) as JsonSchema;
    const email = suppliers.properties!.suppliers!.items!.properties!.contactInfo!.properties!.email!;
    const options = optionsOf(email)!;
    expect(options[branchOf(options, '{email}')]!.title).toBe("The company's mailbox");
    expect(options[branchOf(options, 'sales@palintest.example')]!.format).toBe('email');
  });
});
