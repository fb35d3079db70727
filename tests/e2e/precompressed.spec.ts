// The build's .gz and .br copies (src/node/build/prerender.ts), which both servers send in place of a file
// (nginx.spec.ts): each holds its file byte for byte, whatever quality it was compressed at.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { FIRST_ROUND_TRIP } from '../../src/node/build/prerender';

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

test('a page whose brotli copy would not arrive in the first round trip of a connection is compressed at brotli\'s best', () => {
  const pages = (readdirSync(dist, { recursive: true }) as string[]).filter((f) => f.endsWith('.html'));
  const large = pages.filter((p) => readFileSync(join(dist, `${p}.br`)).length > FIRST_ROUND_TRIP);
  for (const page of large) {
    const html = readFileSync(join(dist, page));
    const best = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } });
    expect(readFileSync(join(dist, `${page}.br`)).length, page).toBe(best.length);
  }
  // On the real site, / and /services (a first round trip's worth at brotli's best, not at the content's levels).
  expect(large.length).toBeGreaterThan(0);
});
