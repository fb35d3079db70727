// npm run serve: the prerendered site from dist/ with the status codes of D11 and the caching of D12.
// deploy/nginx.conf does the same; tests/e2e/nginx.spec.ts checks that the two agree.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import sirv from 'sirv';
import { cacheControl } from './headers.ts';
import { SERVER_HEADERS_FILE } from './host-files.ts';

const dist = resolve(process.cwd(), 'dist');
const port = Number(process.env.PORT ?? 4173);
const securityHeaders = JSON.parse(readFileSync(join(dist, SERVER_HEADERS_FILE), 'utf8')) as Record<string, string>;
/** A path is a page when the build wrote its HTML; /404 is the not-found page's own route, not a page. */
const isPage = (route: string) => route !== '/404' && existsSync(join(dist, route, 'index.html'));

const files = sirv(dist, {
  extensions: ['html'],
  gzip: true,
  brotli: true,
  etag: true,
  dev: false,
  setHeaders(res, pathname) {
    for (const [k, v] of Object.entries(securityHeaders)) res.setHeader(k, v);
    res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? cacheControl.assets : cacheControl.other);
  },
});

const notFoundPage = () => readFileSync(join(dist, '404.html'));

function notFound(res: ServerResponse) {
  res.writeHead(404, { ...securityHeaders, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheControl.other });
  res.end(notFoundPage());
}

createServer((req, res) => {
  // Not `new URL(req.url, base)`: a request for //x would parse as a host and throw.
  const url = URL.parse(`http://localhost${req.url ?? '/'}`);
  if (!url) {
    res.writeHead(400, securityHeaders).end();
    return;
  }
  const path = url.pathname.replace(/\/{2,}/g, '/'); // merged like nginx's merge_slashes
  req.url = path + url.search;
  if (path.endsWith('.html')) {
    const clean = path.replace(/(\/index)?\.html$/, '') || '/';
    if (isPage(clean)) {
      res.writeHead(301, { ...securityHeaders, Location: clean + url.search, 'Cache-Control': cacheControl.other });
      res.end();
      return;
    }
    notFound(res); // an old link to nothing: the not-found page explains old .html links
    return;
  }
  const route = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (!isPage(route) && !/\.[a-z0-9]+$/i.test(path)) {
    notFound(res);
    return;
  }
  files(req, res, () => notFound(res));
}).listen(port, () => console.log(`Serving dist/ at http://localhost:${port}`));
