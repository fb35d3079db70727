import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent, type Problem } from '../../src/node/content/load';

const project = resolve(__dirname, '../..');
let root = '';
const target = 'services/water-testing.json';
const original = JSON.parse(readFileSync(join(project, 'pages-data', target), 'utf8')) as unknown;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'content-prop-'));
  cpSync(join(project, 'pages-data'), join(root, 'pages-data'), { recursive: true });
  symlinkSync(join(project, 'public'), join(root, 'public'));
  symlinkSync(join(project, 'schemas'), join(root, 'schemas'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every path to a value inside a JSON document. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...prefix, i])));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...prefix, k]));
  return out;
}
const allPaths = paths(original).filter((p) => p.length > 0);

function replaceAt(doc: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let cur = copy;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
  cur[path[path.length - 1]!] = value;
  return copy;
}

function checkProblems(problems: Problem[]) {
  for (const p of problems) {
    expect(p.file).toMatch(/^(pages-data|schemas)(\/|$)/);
    expect(p.line).toBeGreaterThanOrEqual(1);
    expect(p.column).toBeGreaterThanOrEqual(1);
    expect(typeof p.path).toBe('string');
    expect(p.message.length).toBeGreaterThan(0);
  }
}

describe('the validator never crashes', { timeout: 120_000 }, () => {
  it('on a real document with any one value replaced by any JSON value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...allPaths), fc.jsonValue({ maxDepth: 3 }), async (path, value) => {
        writeFileSync(join(root, 'pages-data', target), JSON.stringify(replaceAt(original, path, value), null, 2));
        const { content, problems } = await loadContent(root);
        checkProblems(problems);
        // It either passes or names the broken document.
        if (!content) expect(problems.some((p) => p.file === `pages-data/${target}`)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('on any text at all', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.json()), async (text) => {
        writeFileSync(join(root, 'pages-data', target), text);
        const { content, problems } = await loadContent(root);
        checkProblems(problems);
        expect(content).toBeUndefined();
        expect(problems.some((p) => p.file === `pages-data/${target}`)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
