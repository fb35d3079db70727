import { describe, expect, it } from 'vitest';
import { blockTypes } from '../../schemas/blocks';
import { registry } from '../../src/blocks/registry';

describe('block registry', () => {
  it('loads exactly one component for every block type of the schema', async () => {
    expect(Object.keys(registry).sort()).toEqual([...blockTypes].sort());
    for (const type of blockTypes) expect(typeof (await registry[type]())).toBe('function');
  });
});
