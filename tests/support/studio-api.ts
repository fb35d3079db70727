// The studio's dev-server API (src/node/studio/plugin.ts) over a project folder, on a free local port,
// without Vite: what the studio's unit tests call.
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type StudioHooks, studioMiddleware } from '../../src/node/studio/plugin';
import { writeHooks } from '../../src/node/studio/writes';

export async function startStudioApi(root: string, hooks: StudioHooks = {}): Promise<{ base: string; close(): void }> {
  const handle = studioMiddleware(root, async () => '<!doctype html>', hooks);
  const server = createServer((req, res) => handle(req as never, res, () => ((res.statusCode = 404), res.end())));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

const project = resolve(import.meta.dirname, '../..');

/** A temporary project folder for the API: the entries in `copy` copied (a test changes them), those in `link` linked to the project's. */
export function studioProject(prefix: string, copy: readonly string[], link: readonly string[]): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of copy) cpSync(join(project, entry), join(root, entry), { recursive: true });
  for (const entry of link) symlinkSync(join(project, entry), join(root, entry));
  return root;
}

/**
 * The next write of pages-data/ held just before its re-check (`held` resolves when it gets there) until
 * `release` is called; `queued` resolves when another change has to wait for a change in progress.
 * `later` runs as each later write comes to the same point.
 */
export function holdFirstWrite(later?: () => void) {
  let release!: () => void;
  let reached!: () => void;
  let waiting!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const held = new Promise<void>((r) => (reached = r));
  const queued = new Promise<void>((r) => (waiting = r));
  let first = true;
  writeHooks.beforeWrite = async () => {
    if (!first) return later?.();
    first = false;
    reached();
    await gate;
  };
  writeHooks.queued = () => waiting();
  return { held, queued, release };
}
