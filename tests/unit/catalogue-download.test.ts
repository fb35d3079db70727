// The import's downloads (issue 52, item 7): a picture named by an https address is fetched from the
// public internet only. An address of this machine or of a private network is refused before any
// connection, by name or by number, and so is a redirect to one, to plain http, or past five. Two
// https servers on this machine stand in: the test lets the import reach 127.0.0.1 as if it were
// public (downloadHooks), never 127.0.0.2.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadHooks, FileProblem, prepareFile } from '../../src/node/catalogue/files';

let dir = '';
let photo: Buffer;
let open: Server;
let closed: Server;
let openUrl = '';
let closedUrl = '';
/** What the server the import must never reach was asked. */
const reached: string[] = [];

const listen = (server: Server, host: string) => new Promise<string>((resolve) => server.listen(0, host, () => resolve(`https://${host}:${(server.address() as AddressInfo).port}`)));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'catalogue-download-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:127.0.0.2'], { stdio: 'ignore' });
  const tls = { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a6f97' } }).jpeg().toBuffer();
  closed = createServer(tls, (req, res) => {
    reached.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(photo);
  });
  closedUrl = await listen(closed, '127.0.0.2');
  open = createServer(tls, (req, res) => {
    const path = req.url ?? '';
    const redirect = (to: string) => res.writeHead(302, { Location: to }).end();
    if (path === '/photo.jpg') return res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(photo);
    if (path === '/to-closed.jpg') return redirect(`${closedUrl}/secret.jpg`);
    if (path === '/to-http.jpg') return redirect(`http://127.0.0.1:${(open.address() as AddressInfo).port}/photo.jpg`);
    if (path.startsWith('/hop/')) {
      const n = Number(path.slice('/hop/'.length, -'.jpg'.length));
      return redirect(n === 0 ? '/photo.jpg' : `/hop/${n - 1}.jpg`);
    }
    res.writeHead(404).end();
  });
  openUrl = await listen(open, '127.0.0.1');
  downloadHooks.ca = tls.cert.toString();
});

afterAll(() => {
  downloadHooks.allow = undefined;
  downloadHooks.ca = undefined;
  open?.close();
  closed?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The picture a cell names, prepared as the import does: what it stores, or its problem's detail. */
async function prepared(name: string): Promise<{ ref: string } | { problem: string }> {
  try {
    const { ref } = await prepareFile(dir, dir, name, 'picture');
    return { ref };
  } catch (err) {
    if (err instanceof FileProblem) return { problem: err.params.detail };
    throw err;
  }
}

describe('a picture named by an address', () => {
  it('is refused when the address is of this machine or a private network, by number or by name, without connecting', async () => {
    downloadHooks.allow = undefined;
    for (const [address, at] of [
      [`${closedUrl}/secret.jpg`, '127.0.0.2'],
      [`${openUrl}/photo.jpg`, '127.0.0.1'],
      ['https://10.0.0.7/photo.jpg', '10.0.0.7'],
      ['https://169.254.169.254/latest/meta-data.jpg', '169.254.169.254'],
      ['https://[::1]/photo.jpg', '::1'],
      ['https://[::ffff:127.0.0.1]/photo.jpg', '::ffff:7f00:1'],
      [`https://localhost:${new URL(openUrl).port}/photo.jpg`, undefined],
    ] as const) {
      const answer = await prepared(address);
      expect(answer).toEqual({ problem: expect.stringMatching(/^could not be downloaded: .* is at .*, which is not on the public internet: the import downloads only from public https addresses$/) });
      if (at) expect((answer as { problem: string }).problem).toContain(` is at ${at},`);
    }
    expect(reached).toEqual([]);
  });

  it('is downloaded from an address taken as public, through up to five redirects', async () => {
    downloadHooks.allow = (address) => address === '127.0.0.1';
    expect(await prepared(`${openUrl}/photo.jpg`)).toEqual({ ref: expect.stringMatching(/^\/images\/products\/photo-[0-9a-f]{10}\.jpg$/) });
    expect(await prepared(`${openUrl}/hop/4.jpg`)).toEqual({ ref: expect.stringMatching(/^\/images\/products\/4-[0-9a-f]{10}\.jpg$/) });
  });

  it('is refused when a redirect leads to a private address, to plain http, or past five', async () => {
    downloadHooks.allow = (address) => address === '127.0.0.1';
    expect(await prepared(`${openUrl}/to-closed.jpg`)).toEqual({ problem: 'could not be downloaded: 127.0.0.2 is at 127.0.0.2, which is not on the public internet: the import downloads only from public https addresses' });
    expect(await prepared(`${openUrl}/to-http.jpg`)).toEqual({ problem: expect.stringMatching(/^could not be downloaded: .*\/to-http\.jpg redirects to http:\/\/127\.0\.0\.1:\d+\/photo\.jpg: the import downloads only from https addresses$/) });
    expect(await prepared(`${openUrl}/hop/5.jpg`)).toEqual({ problem: `could not be downloaded: ${openUrl}/hop/5.jpg redirects more than 5 times` });
    expect(reached).toEqual([]);
  });
});
