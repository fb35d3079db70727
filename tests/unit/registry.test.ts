import { describe, expect, it } from 'vitest';
import { blockDefinitions, blockTypes } from '../../schemas/blocks';
import { registry } from '../../src/blocks/registry';

describe('block types', { timeout: 60_000 }, () => {
  it('each is defined under its own type, and loads exactly one component', async () => {
    for (const [type, def] of Object.entries(blockDefinitions)) expect(def.schema.shape.type.value).toBe(type);
    expect(Object.keys(registry).sort()).toEqual([...blockTypes].sort());
    for (const type of blockTypes) expect(typeof (await registry[type]())).toBe('function');
  });
});
