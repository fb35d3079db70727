// Anchors the site makes for parts of a page, shared by the blocks that render them, the validator
// and the search index. No zod here: the browser imports it.

/** The anchor of a policy-text section (/policies/x#section-2). */
export const policySectionAnchor = (i: number) => `section-${i + 1}`;
