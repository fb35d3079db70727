// The build's .gz and .br copies (src/node/build/prerender.ts), which both servers send in place of a file
// (nginx.spec.ts): each holds its file byte for byte, whatever quality it was compressed at.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const dist = fileURLToPath(new URL('../../dist', import.meta.url));

test('every precompressed copy decompresses to its file, and every page has both', () => {
  const files = readdirSync(dist, { recursive: true }) as string[];
  const copies = files.filter((f) => /\.(br|gz)$/.test(f));
  const pages = files.filter((f) => f.endsWith('.html'));
  expect(pages.flatMap((p) => [`${p}.br`, `${p}.gz`]).filter((c) => !copies.includes(c)), 'pages without a copy').toEqual([]);
  for (const copy of copies) {
    const data = readFileSync(join(dist, copy));
    const text = copy.endsWith('.br') ? brotliDecompressSync(data) : gunzipSync(data);
    expect(text.equals(readFileSync(join(dist, copy.slice(0, -3)))), copy).toBe(true);
  }
});
