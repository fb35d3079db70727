// Anchors the site makes for parts of a page, shared by the blocks that render them, the validator
// and the search index. No zod here: the browser imports it.

/** The anchor of a policy-text section (/policies/x#section-2). */
export const policySectionAnchor = (i: number) => `section-${i + 1}`;

/**
 * The anchor of a part of a block that has an id: a card of a grid (/services/x#instruments-centrifuges),
 * a section of a tab (/#products-instruments-ph-meters). Search leads to it, not to the block's top.
 */
export const partAnchor = (blockId: string, ...names: string[]) => [blockId, ...names.map(slugOf)].join('-');

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
