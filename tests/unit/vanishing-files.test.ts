// Files that vanish while the content is being read (issue 36, item 5): `git checkout -- .` in another
// window while `npm run dev` runs. Between the listing of pages-data/ and the reading of each file, the
// listing here deletes a page and a picture it names; both are then simply not there, and the dev
// server's watcher, which loads the content on every change, neither dies nor leaves a rejection unhandled.
import { rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { studioProject } from '../support/studio-api';

/** Paths to delete right after pages-data/ is next listed. */
const vanish: string[] = [];
vi.mock('../../src/node/content/files', async (original) => {
  const real = await original<typeof import('../../src/node/content/files')>();
  return {
    ...real,
    listFolder: (dir: string) => {
      const listing = real.listFolder(dir);
      if (dir.endsWith('pages-data')) for (const path of vanish.splice(0)) unlinkSync(path);
      return listing;
    },
  };
});
const { loadContent } = await import('../../src/node/content/load');
const { CONTENT_CHANGED, contentPlugin } = await import('../../src/node/content/vite-plugin');

let root = '';
beforeAll(() => {
  root = studioProject('vanishing-', ['pages-data', 'public'], ['schemas']);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a file deleted between the listing and the reading', () => {
  it('is a file that is not there: validate reports what that leaves (a link to the page, the missing picture)', async () => {
    vanish.push(join(root, 'pages-data/industries/education.json'), join(root, 'public/images/services/microscopy.svg'));
    const { problems } = await loadContent(root);
    expect(problems.length).toBeGreaterThan(0);
    expect(new Set(problems.map((p) => p.code))).toEqual(new Set(['unknown-page', 'missing-file']));
    expect(problems.filter((p) => p.code === 'missing-file').map((p) => p.message)).toContain('/images/services/microscopy.svg is not in public/ (expected public/images/services/microscopy.svg)');
  });

  it('does not stop the dev server: its watcher loads the content again and tells the pages', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (err: unknown) => unhandled.push(err);
    process.on('unhandledRejection', onUnhandled);
    const sent: { event?: string }[] = [];
    const errors: string[] = [];
    const handlers = new Map<string, (file: string) => void>();
    const server = {
      middlewares: { use: () => {} },
      watcher: { add: () => {}, on: (event: string, handler: (file: string) => void) => handlers.set(event, handler) },
      config: { logger: { error: (text: string) => errors.push(text) } },
      moduleGraph: { idToModuleMap: new Map(), invalidateModule: () => {} },
      ws: { send: (payload: { event?: string }) => sent.push(payload) },
    };
    const plugin = contentPlugin(root);
    (plugin.configureServer as (s: ViteDevServer) => void)(server as unknown as ViteDevServer);
    const file = join(root, 'pages-data/industries/healthcare.json');
    vanish.push(file);
    handlers.get('unlink')!(file);
    await vi.waitFor(() => expect(sent.map((s) => s.event)).toEqual([CONTENT_CHANGED]), { timeout: 60_000 });
    await new Promise((r) => setImmediate(r));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
    expect(errors.join('\n')).not.toMatch(/ENOENT/);
  });
});
