import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nuCheck } from '../../src/node/build/check-html';

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
});
