// A page's own styles (src/node/build/page-css.ts): what a page keeps of the site's style sheet. A rule
// it leaves out must match nothing on it; what it keeps applies as in the sheet (the browser's side:
// tests/e2e/first-paint.spec.ts).
import { describe, expect, test } from 'vitest';
import { cssPlan, needsOf, pageCss } from '../../src/node/build/page-css';

const SHEET = [
  ':root{--gap:4px;--brand:#06c;--brand-hover:var(--brand);--unused:1px;--deep:var(--deeper);--deeper:2px}',
  ':root[data-mantine-color-scheme=dark],:host([data-mantine-color-scheme=dark]){--brand:#fff}',
  'body{margin:0}',
  '.card{padding:var(--gap)}',
  '.dialog{position:fixed}',
  '.btn[data-variant=filled]{background:var(--brand-hover)}',
  '.btn[data-variant=light]{background:#eee}',
  '.menu:not(.open) .item{display:none}',
  '@media (min-width:48em){.card{margin:var(--deep)}.dialog{inset:0}}',
  '@media (min-width:64em){.dialog{inset:1px}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
].join('');

const page = (body: string) => `<!doctype html><html data-mantine-color-scheme="light"><head></head><body>${body}</body></html>`;

describe('the styles a page carries', () => {
  const plan = cssPlan([SHEET]);

  test('keeps the rules whose classes and data attributes are on the page, in order, and leaves the others', () => {
    const css = pageCss(plan, page('<div class="card"><button class="btn" data-variant="filled">Go</button></div>'));
    expect(css).toContain('.card{padding:var(--gap)}');
    expect(css).toContain('.btn[data-variant=filled]{background:var(--brand-hover)}');
    expect(css).toContain('@media (min-width:48em){.card{margin:var(--deep)}}');
    expect(css).not.toContain('.dialog');
    expect(css).not.toContain('data-variant=light');
    expect(css).not.toContain('@media (min-width:64em)');
    expect(css).toContain('body{margin:0}');
    expect(css).toContain('@keyframes spin');
    expect(css.indexOf('.card{')).toBeLessThan(css.indexOf('.btn['));
  });

  test('keeps the custom properties its rules and style attributes use, and those they use in turn, and no other', () => {
    const css = pageCss(plan, page('<div class="card" style="color:var(--brand)"></div>'));
    expect(css).toMatch(/^:root\{--gap:4px;--brand:#06c;--deep:var\(--deeper\);--deeper:2px\}/);
    expect(pageCss(plan, page('<button class="btn" data-variant="filled"></button>'))).toMatch(/^:root\{--brand:#06c;--brand-hover:var\(--brand\)\}/);
  });

  test('keeps no rule that only a dark scheme, or a shadow tree, would match', () => {
    expect(pageCss(plan, page('<div class="card" style="color:var(--brand)"></div>'))).not.toContain('dark');
  });

  test('what a :not() names need not be on the page', () => {
    expect(needsOf('.menu:not(.open) .item')).toEqual(['menu', 'item']);
    expect(pageCss(plan, page('<ul class="menu"><li class="item">a</li></ul>'))).toContain('.menu:not(.open) .item{display:none}');
    expect(needsOf('a[href$=".pdf"]:is(.x, .y)')).toEqual([]);
    expect(needsOf(':root[data-live] .js-only[data-open="true"]')).toEqual(['data-live', 'data-open=true', 'js-only']);
    expect(needsOf(':host([data-x])')).toBeUndefined();
  });
});
