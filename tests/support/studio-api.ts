// The studio's dev-server API (src/node/studio/plugin.ts) over a project folder, on a free local port,
// without Vite: what the studio's unit tests call.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { studioMiddleware } from '../../src/node/studio/plugin';

export async function startStudioApi(root: string): Promise<{ base: string; close(): void }> {
  const handle = studioMiddleware(root, async () => '<!doctype html>');
  const server = createServer((req, res) => handle(req as never, res, () => ((res.statusCode = 404), res.end())));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
