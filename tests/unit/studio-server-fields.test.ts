// Documents compared and merged field by field (src/node/studio-server/fields.ts): what a draft lists,
// what a publish over a remote that moved asks, and what a page's history shows.
import { describe, expect, it } from 'vitest';
import { fieldChanges, mergeFields } from '../../src/node/studio-server/fields';
import { authorWords } from '../../src/node/studio/author-words';
import type { Json } from '../../src/studio/schema';

interface Page { meta: { title: string; description: string }; blocks: Json[] }
const page = (title: string, description = 'A page.', blocks: Json[] = [{ type: 'hero', title: 'Hello', lead: 'Lead' }]) => ({ meta: { title, description }, blocks }) as Page & Json;

describe('fieldChanges', () => {
  it('names each changed field by its path, with its value before and after', () => {
    expect(fieldChanges(page('A'), page('B', 'Another page.'))).toEqual([
      { path: ['meta', 'title'], before: 'A', after: 'B' },
      { path: ['meta', 'description'], before: 'A page.', after: 'Another page.' },
    ]);
  });
  it('takes a list that grew, or a block that became another type, as one field', () => {
    const before = page('A');
    expect(fieldChanges(before, page('A', 'A page.', [...before.blocks, { type: 'text', title: 'T' }]))).toEqual([{ path: ['blocks'], before: before.blocks, after: [...before.blocks, { type: 'text', title: 'T' }] }]);
    expect(fieldChanges(before, page('A', 'A page.', [{ type: 'text', title: 'Hello' }]))).toEqual([{ path: ['blocks', 0], before: before.blocks[0], after: { type: 'text', title: 'Hello' } }]);
  });
  it('finds nothing between equal documents, whatever their key order', () => {
    expect(fieldChanges({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toEqual([]);
  });
});

describe('mergeFields', () => {
  const base = page('Base', 'Base description.');
  it('keeps both sides\' changes to different fields', () => {
    const r = mergeFields(base, page('Ours', 'Base description.'), page('Base', 'Theirs.'));
    expect(r).toEqual({ merged: page('Ours', 'Theirs.'), conflicts: [] });
  });
  it('answers a field both changed differently as a conflict, ours standing until the choice says otherwise', () => {
    const ours = page('Ours');
    const theirs = page('Theirs');
    const r = mergeFields(base, ours, theirs);
    expect(r.conflicts).toEqual([{ path: ['meta', 'title'], base: 'Base', ours: 'Ours', theirs: 'Theirs' }]);
    expect((r.merged as unknown as Page).meta.title).toBe('Ours');
    expect((mergeFields(base, ours, theirs, new Map([['meta.title', 'theirs']])).merged as unknown as Page).meta.title).toBe('Theirs');
  });
  it('takes the same change on both sides as no conflict, and a document deleted on one side and changed on the other as one', () => {
    expect(mergeFields(base, page('Same'), page('Same')).conflicts).toEqual([]);
    const r = mergeFields(base, undefined, page('Changed'));
    expect(r.conflicts).toEqual([{ path: [], base, theirs: page('Changed') }]);
    expect(r.merged).toBeUndefined();
  });
});

describe('authorWords (problems as the studio tells an author)', () => {
  it('says an empty required text is empty, and a short one how short', () => {
    expect(authorWords({ code: 'too-short', message: 'too short: at least 1 characters (this has 0)' })).toBe('Empty: write something here.');
    expect(authorWords({ code: 'too-short', message: 'too short: at least 50 characters (this has 10)' })).toBe('Too short: at least 50 characters, and it has 10.');
    expect(authorWords({ code: 'too-long', message: 'too long: at most 70 characters (this has 71)' })).toBe('Too long: at most 70 characters, and it has 71. Shorten it.');
  });
  it('says to set Kind to External for a web address in a link to a page of the site', () => {
    expect(authorWords({ code: 'bad-format', message: 'expected an internal path like /services/water-testing or /#contact (received "https://example.com")' })).toContain('Set Kind to External');
  });
  it('keeps any other message, as a sentence', () => {
    expect(authorWords({ code: 'unknown-page', message: 'link to /x: no such page' })).toBe('Link to /x: no such page.');
  });
});
