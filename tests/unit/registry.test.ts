import { describe, expect, it } from 'vitest';
import { blockTypes } from '../../schemas/blocks';
import { registry } from '../../src/blocks/registry';

describe('block registry', () => {
  it('has exactly one component for every block type of the schema', () => {
    expect(Object.keys(registry).sort()).toEqual([...blockTypes].sort());
    for (const type of blockTypes) expect(typeof registry[type]).toBe('function');
  });
});
