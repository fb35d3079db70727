import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nuCheck, repeatedStyleSheets, unparsedExpects } from '../../src/node/build/check-html';
import { pageAssets } from '../../src/node/build/prerender';

const dir = mkdtempSync(join(tmpdir(), 'nu-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const page = (body: string) => `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Page</title></head>\n<body>\n${body}\n</body>\n</html>\n`;

describe('npm run check:html: the Nu HTML Checker', () => {
  it('reports an attribute no element has (a component prop reaching the DOM) at its file and line, and nothing on a valid page', async () => {
    const bad = join(dir, 'bad.html');
    const good = join(dir, 'good.html');
    writeFileSync(bad, page('<main>\n<div class="icon" radius="md" aria-hidden="true"></div>\n</main>'));
    writeFileSync(good, page('<main>\n<div class="icon" aria-hidden="true"></div>\n</main>'));
    const errors = await nuCheck([bad, good]);
    expect(errors).toEqual([{ file: relative(process.cwd(), bad), line: 6, column: expect.any(Number), message: expect.stringContaining('“radius” not allowed on element “div”') }]);
  }, 60_000);

  it('lets a render-blocking expect link through (the HTML standard has it; the checker does not yet), but not blocking on another link', async () => {
    const expectLink = join(dir, 'expect.html');
    const preload = join(dir, 'preload.html');
    writeFileSync(expectLink, page('<main id="main"></main>').replace('</head>', '<link rel="expect" href="#main" blocking="render">\n</head>'));
    writeFileSync(preload, page('<main></main>').replace('</head>', '<link rel="preload" href="/a.js" as="script" blocking="render">\n</head>'));
    const errors = await nuCheck([expectLink, preload]);
    expect(errors).toEqual([{ file: relative(process.cwd(), preload), line: 3, column: expect.any(Number), message: expect.stringContaining('“blocking” attribute') }]);
  }, 60_000);
});

describe('npm run check:html: style sheets', () => {
  it('reports a style sheet a page links twice, at the second link, and not one linked once', () => {
    const html = page('<main></main>').replace(
      '</head>',
      '<link rel="stylesheet" crossorigin href="/assets/mantine.css">\n<link rel="stylesheet" href="/assets/index.css">\n<link rel="stylesheet" crossorigin href="/assets/mantine.css">\n</head>',
    );
    expect(repeatedStyleSheets(html)).toEqual([{ href: '/assets/mantine.css', line: 5, column: 1 }]);
    expect(repeatedStyleSheets(page('<main></main>'))).toEqual([]);
  });
});

describe('npm run check:html: the first frame', () => {
  it('reports a render-blocking expect link whose element is not in the page, and not one whose element is', () => {
    const head = '<link rel="expect" href="#first-block-parsed" blocking="render">\n</head>';
    const without = page('<main><section></section></main>').replace('</head>', head);
    const withIt = page('<main><section></section><span id="first-block-parsed" hidden></span></main>').replace('</head>', head);
    expect(unparsedExpects(without)).toEqual([{ id: 'first-block-parsed', line: 3, column: 48 }]);
    expect(unparsedExpects(withIt)).toEqual([]);
  });
});

describe('the build: what a page links', () => {
  it('does not link again a style sheet the entry already links, when a block chunk imports the same chunk', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, css: ['assets/index.css'], imports: ['_mantine.js'] },
      '_mantine.js': { file: 'assets/mantine.js', css: ['assets/mantine.css'] },
      'src/blocks/hero/Hero.tsx': { file: 'assets/Hero.js', isDynamicEntry: true, css: ['assets/Hero.css'], imports: ['_mantine.js', '_carousel.js'] },
      '_carousel.js': { file: 'assets/carousel.js', css: ['assets/carousel.css'] },
    };
    const assets = pageAssets(manifest as unknown as Parameters<typeof pageAssets>[0])('/', ['hero']);
    expect(assets.css).toEqual(['assets/Hero.css', 'assets/carousel.css']);
    expect(assets.js).toEqual(['assets/mantine.js', 'assets/carousel.js', 'assets/Hero.js']);
  });
});
