// What counts as the code for `npm run build`'s reuse (src/node/build/reuse.ts): what the build reads (its
// sources, template, configuration and lockfiles); a change of it makes the next build full and is named;
// any other file of the project, what git ignores, the content and the build's own folders are not code.
// In a temporary folder of a few files (the builds themselves: tests/e2e/incremental.spec.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { codeChange, codeHashes } from '../../src/node/build/reuse';

let root: string;
const write = (rel: string, text: string) => {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'reuse-'));
  write('.gitignore', 'node_modules\ndist/\n*.log\ntest-results/\n');
  write('package.json', '{}\n');
  write('src/app.ts', 'export const mode = process.env.REUSE_TEST_MODE;\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the code a build is made from', () => {
  test('a changed, a new and a removed file of the code are named', () => {
    const before = codeHashes(root);
    write('src/app.ts', 'export const mode = process.env.REUSE_TEST_MODE ?? "x";\n');
    expect(codeChange(before, codeHashes(root))).toBe('src/app.ts changed since the last build');
    const changed = codeHashes(root);
    write('src/extra.ts', 'export {};\n');
    expect(codeChange(changed, codeHashes(root))).toBe('src/extra.ts is new since the last build');
    const added = codeHashes(root);
    rmSync(join(root, 'src/extra.ts'));
    expect(codeChange(added, codeHashes(root))).toBe('src/extra.ts was removed since the last build');
  });

  test('the content, the build\'s folders and what .gitignore names are not code', () => {
    const before = codeHashes(root);
    write('pages-data/index.json', '{}');
    write('public/images/x.svg', '<svg/>');
    write('dist/index.html', '<html>');
    write('dist.new-123/index.html', '<html>');
    write('.cache/pictures/x', 'x');
    write('build.log', 'x');
    write('test-results/a/b.txt', 'x');
    expect(codeChange(before, codeHashes(root))).toBeUndefined();
  });

  test('a variable of the environment that the code names is part of it; another is not', () => {
    const before = codeHashes(root);
    process.env.REUSE_TEST_OTHER = 'set';
    expect(codeChange(before, codeHashes(root))).toBeUndefined();
    process.env.REUSE_TEST_MODE = 'preview';
    try {
      expect(codeChange(before, codeHashes(root))).toMatch(/^the environment the code reads changed/);
    } finally {
      delete process.env.REUSE_TEST_MODE;
      delete process.env.REUSE_TEST_OTHER;
    }
  });

  test('a .gitignore that re-includes a file with ! is not read: every file of the code counts', () => {
    write('.gitignore', '*.log\n!keep.log\n');
    const before = codeHashes(root);
    write('src/build.log', 'x');
    expect(codeChange(before, codeHashes(root))).toBe('src/build.log is new since the last build');
  });

  test('a stray file elsewhere in the project, or an editor\'s leftovers beside the code, are not code; the template, the configuration and the lockfile are', () => {
    const before = codeHashes(root);
    write('notes.txt', 'x');
    write('npm-debug.txt', 'x');
    write('.index.html.swp', 'x');
    write('docs/guide.md', 'x');
    write('tests/unit/x.test.ts', 'x');
    write('src/.app.ts.swp', 'x');
    write('src/app.ts~', 'x');
    write('schemas/.#page.ts', 'x');
    expect(codeChange(before, codeHashes(root))).toBeUndefined();
    for (const file of ['index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'schemas/page.ts']) {
      const was = codeHashes(root);
      write(file, `changed ${file}`);
      expect(codeChange(was, codeHashes(root))).toBe(`${file} is new since the last build`);
    }
    const was = codeHashes(root);
    write('package.json', '{ "name": "changed" }\n');
    expect(codeChange(was, codeHashes(root))).toBe('package.json changed since the last build');
  });
});
