// The shops' exports of tests/fixtures (woocommerce-lab.csv, shopify-lab.csv) name their pictures at
// https://shop.example/...; a test serves them from a server of its own on this machine instead (a
// JPEG of its own for each name, so that each is stored once), and reads the sheet with that server's
// address in their place, to import it with `localPictures` (--local-pictures). The server answers
// 404 for a name that `missing` lists.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

const FIXTURES = resolve(import.meta.dirname, '../fixtures');
export const SHOP = 'https://shop.example';

export async function shopPictures(missing: readonly string[] = []): Promise<{ base: string; sheet(fixture: string): string; requested: string[]; close(): Promise<void> }> {
  const requested: string[] = [];
  const server = createServer((req, res) => {
    const name = (req.url ?? '').replace(/^.*\//, '');
    requested.push(req.url ?? '');
    if (!/\.jpg$/.test(name) || missing.includes(name)) return res.writeHead(404).end();
    // A colour of its own from the name, so that pictures that differ are stored apart; as wide as a product's page draws it at twice the density.
    const [r, g, b] = createHash('sha256').update(name).digest();
    void sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: r!, g: g!, b: b! } } })
      .jpeg()
      .toBuffer()
      .then((jpeg) => res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': jpeg.length }).end(jpeg));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    sheet: (fixture) => readFileSync(join(FIXTURES, fixture), 'utf8').replaceAll(SHOP, base),
    requested,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
