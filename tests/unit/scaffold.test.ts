// npm run new-page and npm run new-block, run in a scratch copy of the project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/node/content/load';
import { type Scratch, scratchProject } from '../support/scratch';

let scratch: Scratch;
beforeAll(() => {
  scratch = scratchProject('scaffold-');
});
afterAll(() => scratch.remove());

const codes = async () => (await loadContent(scratch.dir)).problems.map((p) => `${p.file} ${p.path} ${p.code}`);

describe('npm run new-page', { timeout: 60_000 }, () => {
  it('writes a page at the path of its URL that fails validation on its placeholders only, until they are replaced', async () => {
    expect(scratch.npm('new-page', ['/services/spectroscopy'])).toContain('pages-data/services/spectroscopy.json');
    const file = 'pages-data/services/spectroscopy.json';
    const doc = JSON.parse(scratch.read(file));
    expect(doc.$schema).toBe('../../schemas/page.schema.json');
    expect(doc.blocks.map((b: { type: string }) => b.type)).toEqual(['hero', 'cta-banner']);
    expect((await codes()).length).toBeGreaterThan(3);
    for (const problem of await codes()) expect(problem).toMatch(new RegExp(`^${file} \\S+ placeholder$`));

    const written = (v: unknown): unknown =>
      typeof v === 'string' ? v.replace(/^TODO: .*/, 'Spectroscopy: UV-Vis, FTIR and AAS instruments for teaching, quality control and research.') : Array.isArray(v) ? v.map(written) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, written(x)])) : v;
    scratch.editJson<{ meta: { title: string } }>(file, (doc) => {
      const done = written(doc) as typeof doc;
      // A title fits 70 characters with the site's suffix (long-title).
      done.meta.title = 'Spectroscopy';
      return done;
    });
    expect(await codes()).toEqual([]);
    expect((await loadContent(scratch.dir)).content!.routes.has('/services/spectroscopy')).toBe(true);
  });

  it('refuses a URL that answers already', async () => {
    expect(() => scratch.npm('new-page', ['/services/microscopy'])).toThrow(/is a page already: pages-data\/services\/microscopy\.json/);
    expect(() => scratch.npm('new-page', ['/palintest'])).toThrow(/is a page already/);
  });
});

describe('npm run new-block', { timeout: 120_000 }, () => {
  it('adds a block type that passes typecheck and validation, and that pages can use', async () => {
    scratch.npm('new-block', ['gallery-strip']);
    expect(scratch.npm('typecheck')).toBe('');
    expect(scratch.read('schemas/page.schema.json')).toContain('"gallery-strip"');
    scratch.editJson<{ blocks: unknown[] }>('pages-data/contact.json', (doc) => {
      doc.blocks.splice(1, 0, { type: 'gallery-strip', id: 'strip', title: 'Our lab in pictures' });
    });
    // In the copy's own process: this one has the project's block types loaded.
    expect(scratch.npm('validate')).toMatch(/all valid/);
  });

  it('a block type in the definitions without a component fails typecheck, naming the registry', async () => {
    scratch.write('src/blocks/registry.tsx', scratch.read('src/blocks/registry.tsx').replace(/\n {2}'gallery-strip': .*\n/, '\n'));
    expect(() => scratch.npm('typecheck')).toThrow(/src\/blocks\/registry\.tsx.*gallery-strip/s);
  });
});
