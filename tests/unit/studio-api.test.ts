import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudioApi, studioProject } from '../support/studio-api';

const file = 'services/water-testing.json';
let root = '';
let server: Awaited<ReturnType<typeof startStudioApi>>;
let base = '';

beforeAll(async () => {
  root = studioProject('studio-api-', ['pages-data'], ['public', 'schemas']);
  server = await startStudioApi(root);
  base = server.base;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

const onDisk = () => readFileSync(join(root, 'pages-data', file), 'utf8');
const open = async () => (await (await fetch(`${base}/__studio/api/document?file=${encodeURIComponent(file)}`)).json()) as { text: string; version: string };
const save = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/__studio/api/save`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('the studio save endpoint', () => {
  it('writes a changed field as one changed line and answers with the new version', async () => {
    const { text, version } = await open();
    const value = JSON.parse(text);
    value.blocks[0].title = 'Water Testing for Every Source';
    const res = await save({ file, value, version });
    expect(res.status).toBe(200);
    const after = onDisk();
    const changed = after.split('\n').filter((line, i) => line !== text.split('\n')[i]);
    expect(changed).toEqual(['      "title": "Water Testing for Every Source",']);
    expect(((await res.json()) as { version: string }).version).toBe((await open()).version);
  });

  it('refuses an invalid document with the validator\'s problem, leaving the file as it was', async () => {
    const { text, version } = await open();
    const value = JSON.parse(text);
    value.meta.description = 'Too short.';
    const res = await save({ file, value, version });
    expect(res.status).toBe(422);
    const { problems } = (await res.json()) as { problems: { file: string; line: number; path: string; code: string }[] };
    expect(problems).toEqual([expect.objectContaining({ file: `pages-data/${file}`, line: 5, path: 'meta.description', code: 'too-short' })]);
    expect(onDisk()).toBe(text);
  });

  it('names each problem\'s field as the form does, with the hint that fits it', async () => {
    const { text, version } = await open();
    const value = JSON.parse(text);
    value.blocks[5].cards[0].title = '';
    const { problems } = (await (await save({ file, value, version })).json()) as { problems: { path: string; field: string; hint: string }[] };
    expect(problems).toEqual([expect.objectContaining({ path: 'blocks[5].cards[0].title', field: `Block 6 (Card grid): ${value.blocks[5].title} › Card 1 › Title` })]);
    expect(problems[0]!.hint).not.toMatch(/description/i);
    expect(onDisk()).toBe(text);
  });

  it('saying so when the file on disk was broken since it was opened, and replacing it only when asked', async () => {
    const { text, version } = await open();
    const broken = text.replace('"meta": {', '"meta": {{');
    writeFileSync(join(root, 'pages-data', file), broken);
    const value = JSON.parse(text);
    const res = await save({ file, value, version });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toMatch(/changed on disk since it was opened, and is not valid JSON now/);
    expect(onDisk()).toBe(broken);
    const replaced = await save({ file, value, version, replace: true });
    expect(replaced.status).toBe(200);
    expect(onDisk()).toBe(JSON.stringify(value, null, 2) + '\n');
  });

  it('refuses to overwrite a file that changed on disk since it was opened', async () => {
    const { text } = await open();
    const res = await save({ file, value: JSON.parse(text), version: 'an-older-version' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toMatch(/changed on disk/);
  });

  it('refuses other origins (403), other content types (415) and paths outside pages-data/ (400)', async () => {
    const before = onDisk();
    const { text, version } = await open();
    const body = { file, value: { ...JSON.parse(text), blocks: [] }, version };
    expect((await save(body, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await fetch(`${base}/__studio/api/save`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status).toBe(403);
    expect((await save(body, { 'sec-fetch-site': 'cross-site', origin: '' })).status).toBe(403);
    expect((await save(JSON.stringify(body), { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await save(JSON.stringify(body), { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    for (const bad of ['../package.json', 'services/../site.json', '/etc/passwd.json', '..', 'services/.hidden.json', 'index.txt']) {
      expect((await save({ ...body, file: bad })).status, bad).toBe(400);
    }
    // A document that is not there (any more: moved or deleted since it was opened) is a conflict.
    expect((await save({ ...body, file: 'nope.json' })).status).toBe(409);
    expect((await save('not json')).status).toBe(400);
    expect(onDisk()).toBe(before);
  });
});
