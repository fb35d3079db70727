// The company's identity is in one file (D1): the texts and records that name it take it from
// pages-data/site.json, so a company that changes that file alone publishes nothing of the example's.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/node/content/load';
import { scratchProject, type Scratch } from '../support/scratch';

const project = resolve(__dirname, '../..');
const read = (rel: string) => readFileSync(join(project, 'pages-data', rel), 'utf8');
const brief = (p: { file: string; line: number; path: string; code: string }) => `${p.file}:${p.line} ${p.path} ${p.code}`;

/** A company of our own, as a newcomer would write it into site.json. */
function ownIdentity(site: Record<string, unknown>) {
  return {
    ...site,
    name: 'Baobab Labs Ltd',
    shortName: 'Baobab Labs',
    url: 'https://www.baobablabs.co.ke',
    mailboxes: { contact: 'hello@baobablabs.co.ke', catalogue: 'catalogue@baobablabs.co.ke' },
    phones: ['+254 711 222 333', '+254 733 444 555'],
    whatsapp: '254711222333',
    social: (site.social as { network: string; label: string }[]).map((s) => ({ ...s, url: `https://www.${s.network}.com/baobablabs` })),
  };
}

describe('the identity in texts and records', () => {
  it('fills {company}, {email} and the like from the site document, in pages, records and the site document itself', async () => {
    const { content } = await loadContent(project, { skipSchemaFiles: true });
    const site = content!.site;
    expect(read('records/suppliers.json')).toContain('"email": "{email}"');
    expect([...content!.suppliers.values()].map((s) => s.contactInfo?.email)).toEqual([...content!.suppliers.values()].map(() => site.mailboxes.contact));
    const privacy = JSON.stringify(content!.pages.get('/privacy-policy')!.doc);
    expect(privacy).toContain(`${site.name} supplies`);
    expect(privacy).not.toMatch(/\{company\}/);
    expect(site.seo.titleSuffix).toBe(` | ${site.shortName}`);
    expect(site.social.map((s) => s.label)).toContain(`${site.shortName} on Facebook`);
  });

  it('reports a misspelt {token} at its line, listing the ones there are; other {words} are text as written', async () => {
    const text = read('privacy-policy.json').replace('{company} supplies', '{compnay} supplies');
    const { problems } = await loadContent(project, { overrides: new Map([['privacy-policy.json', text]]), skipSchemaFiles: true });
    expect(problems.map(brief)).toEqual([`pages-data/privacy-policy.json:${text.split('\n').findIndex((l) => l.includes('{compnay}')) + 1} blocks[1].sections[0].paragraphs[0] unknown-token`]);
    expect(problems[0]!.message).toMatch(/\{compnay\} names nothing.*\{company\}/);
    const literal = read('privacy-policy.json').replace('{company} supplies', '{company} supplies {x} and {{x}}');
    const { problems: none, content } = await loadContent(project, { overrides: new Map([['privacy-policy.json', literal]]), skipSchemaFiles: true });
    expect(none).toEqual([]);
    expect(JSON.stringify(content!.pages.get('/privacy-policy')!.doc)).toContain(`${content!.site.name} supplies {x} and {{x}}`);
  });

  it('warns, without failing, while the site document holds the example company', async () => {
    const shipped = await loadContent(project, { skipSchemaFiles: true });
    expect(shipped.problems).toEqual([]);
    expect(shipped.warnings.map((w) => `${w.path} ${w.code}`)).toEqual([
      'url example-identity', 'mailboxes.contact example-identity', 'mailboxes.catalogue example-identity', 'phones[0] example-identity',
      'phones[1] example-identity', 'whatsapp example-identity', 'social[0].url example-identity', 'social[1].url example-identity', 'social[2].url example-identity',
    ]);
    const own = JSON.stringify(ownIdentity(JSON.parse(read('site.json'))), null, 2);
    const result = await loadContent(project, { overrides: new Map([['site.json', own]]), skipSchemaFiles: true });
    expect(result.problems).toEqual([]);
    expect(result.warnings).toEqual([]);
  });
});

describe('a company that changes pages-data/site.json alone', { timeout: 600_000 }, () => {
  let scratch: Scratch;
  beforeAll(() => {
    scratch = scratchProject('identity-');
    scratch.editJson<Record<string, unknown>>('pages-data/site.json', ownIdentity);
    // Built as a person builds it: not in Vitest's test mode (NODE_ENV=test), which the build would take on.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST')));
    scratch.npm('build', [], { env });
  });
  afterAll(() => scratch?.remove());

  /** Every text file the build wrote (its precompressed copies are the same texts). */
  const builtTexts = () =>
    (readdirSync(join(scratch.dir, 'dist'), { recursive: true }) as string[])
      .filter((f) => /\.(html|json|js|css|xml|txt|svg|webmanifest|conf)$|(^|\/)_(headers|redirects)$/.test(f))
      .map((f) => ({ f, text: readFileSync(join(scratch.dir, 'dist', f), 'utf8') }));

  it("publishes nothing of the example company's: its name, mailboxes, phones or profiles", () => {
    const example = /Acacia Scientific|acacia-?scientific|acaciasci|700 ?000 ?10\d|70000010\d/i;
    const files = builtTexts();
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter(({ text }) => example.test(text)).map(({ f, text }) => `${f}: ${example.exec(text)![0]}`)).toEqual([]);
  });

  it("publishes the new company's instead, where the example's were: the policies' text and the suppliers' quote mailbox", () => {
    const page = (route: string) => readFileSync(join(scratch.dir, 'dist', route, 'index.html'), 'utf8');
    expect(page('privacy-policy')).toContain('Baobab Labs Ltd supplies');
    expect(page('terms-of-service')).toContain('Baobab Labs Ltd (&quot;we&quot;');
    const water = JSON.parse(readFileSync(join(scratch.dir, 'dist/_data/pages/services/water-testing.json'), 'utf8')) as unknown;
    expect(JSON.stringify(water)).toContain('"email":"hello@baobablabs.co.ke"');
  });
});
