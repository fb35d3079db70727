// Hostile requests against our own server (npm run serve) over raw sockets on 127.0.0.1: bad ranges, bad
// encodings, huge headers, odd methods, garbage request lines, slow and half-closed connections. After
// every one the server must still be running and answer a normal request. Its own process, started
// here, so a crash shows as an exit. Runs in the 'hosts' project (playwright.config.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { SERVER_HEADERS_FILE } from '../../src/node/build/host-files';

const project = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(project, 'dist');
const securityHeaders = JSON.parse(readFileSync(join(dist, SERVER_HEADERS_FILE), 'utf8')) as Record<string, string>;
const robots = readFileSync(join(dist, 'robots.txt'), 'utf8');
const asset = `/assets/${readdirSync(join(dist, 'assets'))
  .filter((f) => /\.(js|css)$/.test(f))
  .sort((a, b) => statSync(join(dist, 'assets', b)).size - statSync(join(dist, 'assets', a)).size)[0]}`;

test.describe.configure({ mode: 'default' }); // one server for the file, in one worker

interface Running {
  proc: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** `npm run serve`'s script on a free port; HOST as given (unset: the default). */
async function startServer(host?: string): Promise<Running> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0' };
  delete env.HOST;
  if (host) env.HOST = host;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/node/serve/serve.ts'], { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  proc.stdout!.on('data', (d: Buffer) => (stdout += d));
  proc.stderr!.on('data', (d: Buffer) => (stderr += d));
  for (let tries = 0; !/Serving dist\/ at (\S+)/.test(stdout); tries++) {
    if (proc.exitCode !== null) throw new Error(`the server exited (${proc.exitCode}):\n${stdout}${stderr}`);
    if (tries === 300) throw new Error(`the server printed no address within 30 s:\n${stdout}${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const url = /Serving dist\/ at (\S+)/.exec(stdout)![1]!;
  return {
    proc,
    url,
    port: Number(new URL(url).port),
    output: () => stderr,
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill();
        await once(proc, 'exit');
      }
    },
  };
}

let server: Running;
test.beforeAll(async () => {
  server = await startServer('127.0.0.1');
});
test.afterAll(async () => {
  await server?.stop();
});

/** What a raw connection gets back, until the server closes it or `wait` ms pass. */
function exchange(data: string | Buffer, { halfClose = false, wait = 3000, port = server.port } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    const timer = setTimeout(done, wait);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('close', done);
    socket.on('error', done);
    socket.write(data);
    if (halfClose) socket.end();
  });
}

/** The status and headers of each answer in what a connection got back. */
function answers(text: string): { status: number; headers: Map<string, string[]> }[] {
  return [...text.matchAll(/HTTP\/1\.1 (\d{3}) [^\r\n]*\r\n((?:[^\r\n]+\r\n)*)\r\n/g)].map((m) => {
    const headers = new Map<string, string[]>();
    for (const line of m[2]!.split('\r\n').filter(Boolean)) {
      const i = line.indexOf(':');
      const name = line.slice(0, i).toLowerCase();
      headers.set(name, [...(headers.get(name) ?? []), line.slice(i + 1).trim()]);
    }
    return { status: Number(m[1]), headers };
  });
}

/** The server still runs and answers a normal request. */
async function expectHealthy(after: string) {
  expect(server.proc.exitCode, `the server exited after ${after}:\n${server.output()}`).toBeNull();
  expect(server.proc.signalCode, `the server was killed after ${after}`).toBeNull();
  const res = await fetch(`${server.url}/robots.txt`);
  expect(res.status, `a normal request after ${after}`).toBe(200);
  expect(await res.text(), `a normal request after ${after}`).toBe(robots);
}

/** Sends each request and checks it is answered with one of `statuses` and the security headers, then that the server is healthy. */
async function survive(requests: (string | Buffer)[], statuses: number[]) {
  for (const request of requests) {
    const what = JSON.stringify(String(request).slice(0, 120));
    const got = await exchange(request);
    const parsed = answers(got);
    expect(parsed.length, `${what} got no HTTP answer: ${JSON.stringify(got.slice(0, 200))}`).toBeGreaterThan(0);
    for (const { status, headers } of parsed) {
      expect(statuses, `${what} answered ${status}`).toContain(status);
      if (status < 200) continue; // 100 Continue, before the answer itself
      for (const [name, value] of Object.entries(securityHeaders)) expect(headers.get(name.toLowerCase()), `${what} ${name}`).toEqual([value]);
    }
    expect(got, `${what} leaked a file from outside the site`).not.toMatch(/root:.*:0:0:|"Content-Security-Policy":/);
    await expectHealthy(what);
  }
}

/** A request after which the server closes the connection, so each exchange ends as soon as it is answered. */
const get = (target: string, headers: string[] = []) => [`GET ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...headers, '', ''].join('\r\n');

/** A repeatable stream of pseudo-random numbers (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('bad, unsatisfiable and repeated ranges answer 206, 416 or the whole file', async () => {
  const ranges = ['bytes=10-5', 'bytes=abc', 'bytes=-', 'bytes=-0', 'bytes=0-0,-1', `bytes=${'0-1,'.repeat(500)}0-1`, 'bytes=99999999999999999999-',
    'bytes=-99999999999999999999', 'bytes=1-2-3', 'bytes=\t1-2', 'bytes= ', 'bytes=5-5', 'bytes=0-', 'BYTES=0-3', 'bytes=999999999-'];
  const requests = ['/robots.txt', '/', '/services/water-testing', asset, '/no-such-page'].flatMap((path) => [
    ...ranges.map((range) => get(path, [`Range: ${range}`])),
    get(path, ['Range: bytes=0-1', 'Range: bytes=10-5']),
    get(path, ['Range: bytes=10-5', 'If-Range: "x"']),
  ]);
  await survive(requests, [200, 206, 404, 416]);
  expect(answers(await exchange(get('/robots.txt', ['Range: bytes=10-5'])))[0]?.status, 'the range that once stopped the server').toBe(416);
});

test('malformed and escaping paths answer 400 or 404 and never leave dist/', async () => {
  const paths = ['/%zz', '/%', '/%0', '/%00', '/a%00b.html', '/robots.txt%00', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2f..%2fetc/passwd', '/../../../../etc/passwd',
    '/assets/..%2f.host/security-headers.json', '/%2ehost/security-headers.json', '/.host/security-headers.json', '/.vite/manifest.json', '/%c0%ae%c0%ae/etc/passwd',
    '/%ff', '/%e2%82', '/index.html%3f', '//.././/', `/${'a/'.repeat(2000)}`, `/${'x'.repeat(8000)}`, `/?${'%zz'.repeat(100)}`, '/robots.txt?%00', '/robots.txt#%zz',
    '/%5c..%5c..%5cetc/passwd', '/assets\\..\\.host\\security-headers.json', '/index.html.gz', `${asset}.br`, '/contact.html?%0d%0aSet-Cookie:x=1', '*', 'http://evil.example/../etc/passwd'];
  await survive(paths.map((p) => get(p)), [200, 301, 400, 404, 414, 431]);
  const redirect = answers(await exchange(get('/contact.html?%0d%0aSet-Cookie:x=1')))[0]!;
  expect(redirect.headers.get('set-cookie'), 'a query cannot add a header to a redirect').toBeUndefined();
});

test('huge headers answer 431 or 400', async () => {
  const requests = [
    get('/', [`X-Big: ${'a'.repeat(20_000)}`]),
    get('/', [`X-Big: ${'a'.repeat(200_000)}`]),
    get('/', Array.from({ length: 3000 }, (_, i) => `X-H${i}: ${i}`)),
    get('/', [`${'N'.repeat(20_000)}: x`]),
    get('/', [`Cookie: ${'c=1; '.repeat(5000)}`]),
    get('/', [`Range: bytes=${'0-1,'.repeat(3000)}0-1`]),
    get('/', [`Accept-Encoding: ${'gzip;q=0.5, '.repeat(1000)}br`]),
    get('/', [`If-None-Match: ${'"x", '.repeat(2000)}*`]),
  ];
  await survive(requests, [200, 304, 400, 431]);
  expect(answers(await exchange(requests[0]!))[0]?.status).toBe(431);
});

test('odd methods answer 405 with Allow, and unknown ones 400', async () => {
  const methods = ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'MKCOL', 'LOCK', 'SEARCH', 'PURGE', 'CONNECT', 'FOO', 'get', 'GET\x00', 'G ET'];
  const requests = ['/', '/robots.txt', asset].flatMap((path) => [
    ...methods.map((m) => `${m} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 10\r\n\r\n0123456789`,
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 100000000\r\n\r\nonly this`,
    `PUT ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n`,
  ]);
  await survive(requests, [100, 400, 405]);
  const refused = answers(await exchange('DELETE / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'))[0]!;
  expect(refused.status).toBe(405);
  expect(refused.headers.get('allow')).toEqual(['GET, HEAD']);
});

test('garbage request lines answer 400', async () => {
  const fixed: (string | Buffer)[] = [
    'GET\r\n\r\n', 'GET / HTTP/9.9\r\n\r\n', 'GET / HTTP/1.1\n\n', '\r\n\r\nhello world\r\n\r\n', 'hello\r\n\r\n', 'GET / HTTP/1.1\r\n\r\n',
    'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', Buffer.from('160301002a0100002603035a', 'hex'), Buffer.alloc(64), 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: -1\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: abc\r\n\r\n', 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n', 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: gzip, chunked\r\n\r\nzz\r\n',
    'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n Folded: header\r\n\r\n', 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nBad Name: x\r\n\r\n', 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX: a\x00b\r\n\r\n',
    'GET /\x01 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 'GET /caf\xc3\xa9 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  ];
  const next = random(15);
  const garbage = Array.from({ length: 60 }, (_, i) => {
    const bytes = Buffer.from(Array.from({ length: 1 + Math.floor(next() * 300) }, () => Math.floor(next() * 256)));
    // Half of them start like a request, so the parser gets past the first bytes.
    return i % 2 ? Buffer.concat([Buffer.from('GET /'), bytes, Buffer.from('\r\n\r\n')]) : bytes;
  });
  await survive([...fixed, ...garbage], [400, 404, 405, 431, 505]);
  await survive(['GET /\r\n\r\n'], [200]); // an HTTP/0.9 request, which Node answers as HTTP/1.1
  expect(answers(await exchange('hello\r\n\r\n'))[0]?.status).toBe(400);
});

test('connections closed early, cut off mid-request or abandoned mid-answer leave the server running', async () => {
  for (let i = 0; i < 20; i++) {
    // Connect and close at once.
    await exchange('', { halfClose: true, wait: 500 });
    // Part of a request, then end (a half-closed connection) or vanish. (Node drops a request whose client
    // half-closes before it is answered, where nginx answers it; either way the server carries on.)
    await exchange(get('/services/water-testing').slice(0, 5 + i * 3), { halfClose: i % 2 === 0, wait: 100 });
    // Ask for the largest asset and read none of it, then drop the connection.
    await new Promise<void>((resolve) => {
      const socket: Socket = connect(server.port, '127.0.0.1', () => socket.write(get(asset, ['Accept-Encoding: identity'])));
      socket.pause();
      socket.on('error', () => {});
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, 50);
    });
    await expectHealthy(`abandoned connection ${i}`);
  }
  // Fifty pipelined requests in one write: all fifty are answered in order.
  const keepAlive = 'GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
  const pipelined = await exchange(keepAlive.repeat(49) + get('/robots.txt'), { wait: 10_000 });
  expect(answers(pipelined).map((a) => a.status)).toEqual(Array(50).fill(200));
  await expectHealthy('pipelined requests');
});

test('slow clients do not hold the server: it answers others meanwhile, and drops them with 408', async () => {
  const slow = Array.from({ length: 20 }, () => {
    const socket = connect(server.port, '127.0.0.1');
    const state = { got: '', closed: false };
    socket.on('data', (d: Buffer) => (state.got += d.toString('latin1')));
    socket.on('close', () => (state.closed = true));
    socket.on('error', () => {});
    // A request that never ends: a header line every 200 ms.
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const drip = setInterval(() => !socket.destroyed && socket.write(`X-Drip: ${Date.now()}\r\n`), 200);
    return { socket, state, drip };
  });
  try {
    // The server must drop them on its own; until then it answers everyone else. Bounded by the test's timeout.
    while (slow.some((s) => !s.state.closed)) {
      await expectHealthy('slow clients connected');
      await new Promise((r) => setTimeout(r, 250));
    }
    for (const { state } of slow) expect(answers(state.got).map((a) => a.status)).toEqual([408]);
  } finally {
    for (const { socket, drip } of slow) {
      clearInterval(drip);
      socket.destroy();
    }
  }
  await expectHealthy('slow clients dropped');
});

test('the server logged no error while under attack', async () => {
  await expectHealthy('all of the above');
  expect(server.output()).toBe('');
});

test('the server listens on localhost unless HOST says otherwise', async () => {
  const reachable = (port: number, host: string) =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, host, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
  // 127.0.0.2 is this machine too, but not the address localhost names: only a server on every interface answers there.
  const local = await startServer();
  try {
    expect(local.url).toMatch(/^http:\/\/localhost:\d+$/);
    expect((await fetch(`${local.url}/robots.txt`)).status).toBe(200);
    expect(await reachable(local.port, '127.0.0.2')).toBe(false);
  } finally {
    await local.stop();
  }
  const everywhere = await startServer('0.0.0.0');
  try {
    expect(await reachable(everywhere.port, '127.0.0.2')).toBe(true);
  } finally {
    await everywhere.stop();
  }
});
