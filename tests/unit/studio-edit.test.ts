import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentFiles } from '../../src/node/content/load';
import { applyValue } from '../../src/node/studio/edit';

const root = resolve(__dirname, '../..');
const read = (rel: string) => readFileSync(join(root, 'pages-data', rel), 'utf8');
const text = read('services/water-testing.json');
const doc = () => JSON.parse(text) as { meta: Record<string, unknown>; blocks: Record<string, unknown>[] };
const canonical = (value: unknown) => JSON.stringify(value, null, 2) + '\n';
const integerKeyIn = (value: unknown): boolean =>
  !!value && typeof value === 'object' && Object.entries(value).some(([k, v]) => (!Array.isArray(value) && /^(0|[1-9]\d*)$/.test(k)) || integerKeyIn(v));

/** The lines of `after` that are not in `before`, and the other way round. */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { removed: a.slice(head, a.length - tail), added: b.slice(head, b.length - tail) };
}

describe('applyValue (the studio writes only what changed)', () => {
  it('leaves every document byte-identical when nothing changed', () => {
    for (const rel of contentFiles(root)) expect(applyValue(read(rel), JSON.parse(read(rel)))).toBe(read(rel));
  });

  it('adds a link to a menu whose links stand one per line as one more such line, the others untouched', () => {
    const site = read('site.json');
    const data = JSON.parse(site) as { nav: { header: { menu?: { links?: { label: string; to: string }[] } }[] } };
    const links = data.nav.header.map((h) => h.menu?.links).find((l) => l?.some((x) => x.label === 'Soil Testing'))!;
    links.push({ label: 'Calibration', to: '/services/calibration' });
    expect(changedLines(site, applyValue(site, data))).toEqual({
      removed: ['            { "label": "Soil Testing", "to": "/services/soil-testing" }'],
      added: ['            { "label": "Soil Testing", "to": "/services/soil-testing" },', '            { "label": "Calibration", "to": "/services/calibration" }'],
    });
    links.splice(0, 0, { label: 'Accreditation', to: '/services/accreditation' });
    const first = changedLines(site, applyValue(site, data)).added;
    expect(first[0]).toBe('            { "label": "Accreditation", "to": "/services/accreditation" },');
  });

  it('changes one line for one field', () => {
    const next = doc();
    next.blocks[0]!.title = 'Water Testing, Done Right';
    expect(changedLines(text, applyValue(text, next))).toEqual({
      removed: ['      "title": "Water Testing Solutions",'],
      added: ['      "title": "Water Testing, Done Right",'],
    });
  });

  it('keeps the file\'s own key order and formatting, not a re-serialisation', () => {
    const odd = '{\n    "b": 1,\n    "a": [1, 2],\n    "c": "x"\n}';
    expect(applyValue(odd, { b: 2, a: [1, 2], c: 'x' })).toBe('{\n    "b": 2,\n    "a": [1, 2],\n    "c": "x"\n}');
    expect(applyValue(odd, { b: 1, a: [1, 2], c: 'x', d: true })).toBe('{\n    "b": 1,\n    "a": [1, 2],\n    "c": "x",\n    "d": true\n}');
  });

  it('adds, removes and moves blocks as the formatter would write them', () => {
    const added = doc();
    added.blocks.splice(2, 0, { type: 'text', title: 'New', paragraphs: ['One.'] });
    expect(applyValue(text, added)).toBe(canonical(added));

    const removed = doc();
    removed.blocks.splice(3, 1);
    expect(applyValue(text, removed)).toBe(canonical(removed));

    const moved = doc();
    [moved.blocks[1], moved.blocks[2]] = [moved.blocks[2]!, moved.blocks[1]!];
    expect(applyValue(text, moved)).toBe(canonical(moved));
  });

  it('writes any edit of a formatted document as the formatter would, keeping the value', () => {
    const paths = (value: unknown, prefix: (string | number)[] = []): (string | number)[][] =>
      Array.isArray(value)
        ? [prefix, ...value.flatMap((v, i) => paths(v, [...prefix, i]))]
        : value && typeof value === 'object'
          ? [prefix, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...prefix, k]))]
          : [prefix];
    const all = paths(doc()).filter((p) => p.length > 0);
    const edit = fc.record({
      path: fc.constantFrom(...all),
      op: fc.constantFrom('set', 'delete', 'insert'),
      // No key like "0": JavaScript puts such keys first in any object, so no text's order could survive a parse.
      value: fc.jsonValue({ maxDepth: 2 }).filter((v) => !integerKeyIn(v)),
    });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 4 }), (edits) => {
        const next = doc() as unknown as Record<string | number, unknown>;
        for (const { path, op, value } of edits) {
          let parent: unknown = next;
          for (const k of path.slice(0, -1)) parent = parent && typeof parent === 'object' ? (parent as Record<string | number, unknown>)[k] : undefined;
          if (!parent || typeof parent !== 'object') continue;
          const key = path[path.length - 1]!;
          if (Array.isArray(parent) && typeof key === 'number') {
            if (op === 'delete') parent.splice(key, 1);
            else if (op === 'insert') parent.splice(key, 0, value);
            else parent[key] = value;
          } else if (op === 'delete') delete (parent as Record<string, unknown>)[key];
          else (parent as Record<string, unknown>)[key] = value;
        }
        // As the studio receives a value: JSON, with no hole an edit past an array's end left (null there).
        const value = JSON.parse(JSON.stringify(next)) as unknown;
        const out = applyValue(text, value);
        expect(JSON.parse(out)).toEqual(value);
        // Key order is the file's (a key deleted and set again stays where it was), so compare with out's own order.
        expect(out).toBe(canonical(JSON.parse(out)));
      }),
      { numRuns: 150 },
    );
  });
});
