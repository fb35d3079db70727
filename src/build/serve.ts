// npm run serve: the prerendered site from dist/ with the status codes of D11 and the caching of D12.
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import sirv from 'sirv';
import { allRoutes } from '../../schemas/routes.ts';
import { securityHeaders } from './headers.ts';

const dist = resolve(process.cwd(), 'dist');
const port = Number(process.env.PORT ?? 4173);
const routes = new Set(allRoutes);

const files = sirv(dist, {
  extensions: ['html'],
  gzip: true,
  brotli: true,
  etag: true,
  dev: false,
  setHeaders(res, pathname) {
    for (const [k, v] of Object.entries(securityHeaders)) res.setHeader(k, v);
    res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  },
});

const notFoundPage = () => readFileSync(join(dist, '404.html'));

function notFound(res: ServerResponse) {
  res.statusCode = 404;
  for (const [k, v] of Object.entries(securityHeaders)) res.setHeader(k, v);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.end(notFoundPage());
}

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  if (path.endsWith('.html')) {
    const clean = path.replace(/(\/index)?\.html$/, '') || '/';
    if (routes.has(clean)) {
      res.writeHead(301, { Location: clean + url.search, 'Cache-Control': 'no-cache' });
      res.end();
      return;
    }
    notFound(res); // an old link to nothing: the not-found page explains old .html links
    return;
  }
  const route = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (path === '/404' || (!routes.has(route) && !/\.[a-z0-9]+$/i.test(path))) {
    notFound(res);
    return;
  }
  files(req, res, () => notFound(res));
}).listen(port, () => console.log(`Serving dist/ at http://localhost:${port}`));
