// The studio's undo and redo (src/studio/history.ts): every edit since the document was opened, a
// burst of typing in one field as one step.
import { describe, expect, it } from 'vitest';
import { record, redo, startHistory, undo } from '../../src/studio/history';

describe('undo and redo', () => {
  it('keystrokes in one field close together are one step; another field, a pause or another edit starts the next', () => {
    let h = startHistory({ a: '' });
    h = record(h, { a: 'T' }, 'a', true, 0);
    h = record(h, { a: 'Tr' }, 'a', true, 300);
    h = record(h, { a: 'Tru' }, 'a', true, 600);
    h = record(h, { a: 'Tru', b: 'x' }, 'b', true, 700);
    h = record(h, { a: 'Tru', b: 'xy' }, 'b', true, 2700);
    h = record(h, { a: 'Tru', b: 'xy', c: [] }, 'c', false, 2800);
    expect(h.past).toEqual([{ a: '' }, { a: 'Tru' }, { a: 'Tru', b: 'x' }, { a: 'Tru', b: 'xy' }]);
    h = undo(undo(undo(h)));
    expect(h.present).toEqual({ a: 'Tru' });
    h = redo(h);
    expect(h.present).toEqual({ a: 'Tru', b: 'x' });
    // A new edit after undoing drops what could be redone.
    h = record(h, { a: 'Other' }, 'a', false, 3000);
    expect(h.future).toEqual([]);
    expect(undo(h).present).toEqual({ a: 'Tru', b: 'x' });
  });

  it('undo at the start and redo at the end change nothing', () => {
    const h = startHistory({ a: 1 });
    expect(undo(h)).toBe(h);
    expect(redo(h)).toBe(h);
  });
});
