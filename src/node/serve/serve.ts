// npm run serve: the prerendered site from dist/ with the status codes of D11 and the caching of D12.
// deploy/nginx.conf does the same; tests/e2e/nginx.spec.ts checks that the two agree, and
// tests/e2e/serve-faults.spec.ts throws hostile requests at this server.
import { createReadStream, readFileSync, type Stats } from 'node:fs';
import { lstat, readFile } from 'node:fs/promises';
import { createServer, STATUS_CODES, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { cacheControl } from './headers.ts';
import { SERVER_HEADERS_FILE, SERVER_REDIRECTS_FILE } from '../build/host-files.ts';
import { redirectTarget, type RedirectRule } from '../../lib/redirects.ts';
import { htmlAddressOf } from '../../../schemas/routes.ts';

export const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'text/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};

/** The copies the build writes beside text files, best first, by the Accept-Encoding token that takes them. */
const PRECOMPRESSED = [['br', '.br'], ['gzip', '.gz']] as const;

/** The path of a request target, decoded; undefined for a target that is no path, is malformed or names a NUL. */
function decodePath(target: string): { path: string; search: string } | undefined {
  // As nginx: the path of an absolute URL (http://host/x) is read, and a fragment is no part of the path.
  const absolute = /^https?:\/\/[^/?#]*/i.exec(target);
  if (absolute) target = target.slice(absolute[0].length).replace(/^(?!\/)/, '/');
  target = target.split('#')[0]!;
  if (!target.startsWith('/')) return undefined;
  const q = target.indexOf('?');
  let decoded: string;
  try {
    decoded = decodeURIComponent(q < 0 ? target : target.slice(0, q));
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  // Slashes merged and dot segments resolved, as nginx does; climbing above the root is a bad request there too.
  const segments: string[] = [];
  const parts = decoded.split('/');
  for (const part of parts) {
    if (part === '..') {
      if (segments.pop() === undefined) return undefined;
    } else if (part !== '.' && part !== '') segments.push(part);
  }
  const last = parts[parts.length - 1]!;
  const slash = segments.length > 0 && (last === '' || last === '.' || last === '..') ? '/' : '';
  return { path: `/${segments.join('/')}${slash}`, search: q < 0 ? '' : target.slice(q) };
}

/**
 * The byte range to send, as nginx reads a Range header with `max_ranges 1`: undefined sends the whole
 * file (no or another unit, an empty file, or more than one range), 'unsatisfiable' answers 416.
 */
function byteRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!/^bytes=/i.test(header)) return undefined;
  let found: { start: number; end: number } | undefined;
  for (const spec of header.slice(6).split(',')) {
    const m = /^ *(\d*) *- *(\d*) *$/.exec(spec);
    if (!m || (m[1] === '' && m[2] === '')) return 'unsatisfiable';
    const [first, last] = [Number(m[1]), Number(m[2])];
    if (first > Number.MAX_SAFE_INTEGER || last > Number.MAX_SAFE_INTEGER) return 'unsatisfiable';
    let start: number;
    let end: number; // exclusive
    if (m[1] === '') {
      start = last < size ? size - last : 0;
      if (start > size - 1) return 'unsatisfiable';
      end = size;
    } else {
      start = first;
      if (m[2] === '') end = size;
      else if (first > last) return 'unsatisfiable';
      else end = Math.min(last + 1, size);
    }
    if (start < end) {
      if (found) return undefined;
      found = { start, end: end - 1 };
    } else if (start === 0) return undefined;
  }
  return found ?? 'unsatisfiable';
}

function accepts(acceptEncoding: string | undefined, coding: string): boolean {
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (name !== coding) continue;
    const q = params.find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/** A regular file's facts; a link is no file here (the build copies public/ without links: validate refuses them). */
const fileStats = (file: string): Promise<Stats | undefined> =>
  lstat(file).then((s) => (s.isFile() ? s : undefined), () => undefined);

/** The site's server over a built dist/ (not yet listening). */
export function createSiteServer(dist: string): Server {
  const securityHeaders = JSON.parse(readFileSync(join(dist, SERVER_HEADERS_FILE), 'utf8')) as Record<string, string>;
  const redirects = JSON.parse(readFileSync(join(dist, SERVER_REDIRECTS_FILE), 'utf8')) as RedirectRule[];
  /** A path is a page when the build wrote its HTML; /404 is the not-found page's own route, not a page. */
  const isPage = async (route: string) => route !== '/404' && (await fileStats(join(dist, route, 'index.html'))) !== undefined;

  /** An answer with no file behind it; errors get a one-line text body. */
  function answer(res: ServerResponse, status: number, headers: OutgoingHttpHeaders = {}) {
    const body = status >= 400 ? `${status} ${STATUS_CODES[status]}\n` : '';
    res.writeHead(status, {
      ...securityHeaders,
      'Cache-Control': cacheControl.other,
      ...(body && { 'Content-Type': 'text/plain; charset=utf-8' }),
      'Content-Length': Buffer.byteLength(body),
      ...headers,
    });
    res.end(body); // Node sends no body for HEAD
  }

  /** The same for a socket with no response object (a request Node could not read, CONNECT). */
  function answerRaw(socket: Duplex, status: number, headers: Record<string, string> = {}) {
    const all = { ...securityHeaders, 'Cache-Control': cacheControl.other, 'Content-Length': '0', Connection: 'close', ...headers };
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${Object.entries(all).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`);
  }

  /** A file of dist/ as a 200 (or 206, 304, 416 as the request asks), or the not-found page as a 404. */
  async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, status: 200 | 404, cache: string) {
    let stats = await fileStats(file);
    if (!stats) throw new Error(`${file} is missing`);
    let served = file;
    let encoding: string | undefined;
    let vary = false;
    for (const [coding, suffix] of PRECOMPRESSED) {
      const copy = await fileStats(file + suffix);
      if (!copy) continue;
      vary = true;
      if (accepts(req.headers['accept-encoding'], coding)) {
        [served, stats, encoding] = [file + suffix, copy, coding];
        break;
      }
    }
    const headers: OutgoingHttpHeaders = {
      ...securityHeaders,
      'Cache-Control': cache,
      'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      ...(vary && { Vary: 'Accept-Encoding' }),
      ...(encoding && { 'Content-Encoding': encoding }),
    };
    let range: { start: number; end: number } | undefined;
    if (status === 200) {
      const etag = `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
      const modified = Math.floor(stats.mtimeMs / 1000) * 1000;
      Object.assign(headers, { ETag: etag, 'Last-Modified': new Date(modified).toUTCString(), 'Accept-Ranges': 'bytes' });
      const ifNoneMatch = req.headers['if-none-match'];
      const ifModifiedSince = Date.parse(req.headers['if-modified-since'] ?? '');
      const unchanged = ifNoneMatch !== undefined
        ? ifNoneMatch.split(',').some((t) => ['*', etag].includes(t.trim().replace(/^W\//, '')))
        : modified <= ifModifiedSince;
      if (unchanged) {
        for (const name of ['Content-Type', 'Content-Encoding', 'Accept-Ranges']) delete headers[name];
        res.writeHead(304, headers).end();
        return;
      }
      // If-Range names the copy the client holds part of: when it is not this one, the whole file.
      const ifRange = req.headersDistinct['if-range']?.[0];
      const sameCopy = ifRange === undefined || (ifRange.endsWith('"') ? ifRange === etag : Date.parse(ifRange) === modified);
      const asked = req.headersDistinct.range?.[0]; // the first Range header, as nginx reads it
      const wanted = asked !== undefined && sameCopy ? byteRange(asked, stats.size) : undefined;
      if (wanted === 'unsatisfiable') {
        answer(res, 416, { 'Content-Range': `bytes */${stats.size}` });
        return;
      }
      range = wanted;
    }
    if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${stats.size}`;
    headers['Content-Length'] = range ? range.end - range.start + 1 : stats.size;
    res.writeHead(range ? 206 : status, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    // pipeline closes the file when the client goes away, and cuts the answer short if the file fails.
    await pipeline(createReadStream(served, range ?? {}), res).catch(() => {});
  }

  const notFound = (req: IncomingMessage, res: ServerResponse) => sendFile(req, res, join(dist, '404.html'), 404, cacheControl.other);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // Node's own check would answer without the security headers (requireHostHeader is off below).
    if (req.httpVersion === '1.1' && req.headers.host === undefined) return answer(res, 400, { Connection: 'close' });
    const target = decodePath(req.url ?? '');
    if (!target) return answer(res, 400);
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(res, 405, { Allow: 'GET, HEAD' });
    const { path, search } = target;
    // Dotfiles (the build's .vite/ and .host/) are not part of the site.
    if (/\/\.(?!well-known\/)/.test(path)) return notFound(req, res);
    const clean = htmlAddressOf(path);
    if (clean !== undefined) {
      if (await isPage(clean)) return answer(res, 301, { Location: encodeURI(clean) + search });
      // An old address of the old site (/about-us.html) may have a redirect, as under nginx; an old link
      // to nothing gets the not-found page, which explains old .html links.
      const moved = redirectTarget(redirects, path);
      if (moved) return answer(res, 301, { Location: encodeURI(moved) + search });
      return notFound(req, res);
    }
    const route = path.length > 1 ? path.replace(/\/$/, '') : path;
    if (await isPage(route)) return sendFile(req, res, join(dist, route, 'index.html'), 200, cacheControl.other);
    // An address no page answers any more (pages-data/redirects.json, D17), with or without its trailing slash.
    const moved = redirectTarget(redirects, route);
    if (moved) return answer(res, 301, { Location: encodeURI(moved) + search });
    if (path.endsWith('/')) return notFound(req, res); // a folder that is not a page (/assets/)
    const file = join(dist, path);
    const copyOf = /\.(gz|br)$/.test(path) ? await fileStats(file.slice(0, -3)) : undefined;
    if (copyOf || !(await fileStats(file))) return notFound(req, res); // a precompressed copy is served only as its original
    return sendFile(req, res, file, 200, path.startsWith('/assets/') ? cacheControl.assets : cacheControl.other);
  }

  const server = createServer(
    // Slow clients are dropped: headers must arrive within 10 s (checked every second), a request within 20 s.
    { requireHostHeader: false, headersTimeout: 10_000, requestTimeout: 20_000, connectionsCheckingInterval: 1_000 },
    (req, res) => {
      handle(req, res).catch((err: unknown) => {
        console.error(`${req.method} ${req.url}:`, err);
        try {
          if (!res.headersSent) return answer(res, 500);
        } catch {}
        res.destroy();
      });
    },
  );
  server.timeout = 30_000; // a client that stops reading an answer is dropped too
  // Node answers other Expect values with a bare 417; nginx ignores them, and so do we.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => server.emit('request', req, res));
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => answerRaw(socket, 405, { Allow: 'GET, HEAD' }));
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // As Node's own handler: answer only when no answer has begun on this connection.
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    answerRaw(socket, err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400);
  });
  return server;
}

/** Starts the server over `dist` and resolves to the address it answers at (port 0 picks a free port). */
export async function serve({ dist, host = 'localhost', port = 4173 }: { dist: string; host?: string; port?: number }) {
  const server = createSiteServer(dist);
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done());
  });
  const actual = (server.address() as AddressInfo).port;
  return { server, url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}` };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { url } = await serve({ dist: resolve('dist'), host: process.env.HOST || 'localhost', port: Number(process.env.PORT ?? 4173) });
  console.log(`Serving dist/ at ${url}`);
}
