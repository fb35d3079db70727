// The authoring studio (dev server only, `apply: 'serve'`): /__studio is a form editor over the
// documents of pages-data/, /__studio/preview renders an edited page with the app's own components,
// and /__studio/api/* reads, validates and saves documents. Nothing here is part of `vite build`.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join, relative, resolve, sep } from 'node:path';
import type { Connect, Plugin } from 'vite';
import { PICTURE_EXTENSIONS } from '../../../schemas/primitives.ts';
import { collections, type Collection } from '../../../schemas/collections.ts';
import { partnersDocument, productCategoriesDocument, productDocument, suppliersDocument, type Product } from '../../../schemas/records.ts';
import { isTemplateFile, partnerAlias, partnerIdOfRoute, productIdOfFile, RECORD_FILES, routeOfFile } from '../../../schemas/routes.ts';
import { anchors, contentFiles, formatProblem, loadContent, type Problem } from '../content/load.ts';
import type { StudioContext, StudioDocument, StudioProblem } from '../../studio/api.ts';
import { jsonSchemaFiles, schemaFileOf } from '../content/json-schema.ts';
import { applyValue } from './edit.ts';

export const STUDIO = '/__studio';
const API = `${STUDIO}/api/`;

const STUDIO_HTML = `<!doctype html>
<html lang="en" data-mantine-color-scheme="light">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Studio</title>
  </head>
  <body>
    <div id="studio"></div>
    <section id="overlays"></section>
    <script type="module" src="/src/studio/main.tsx"></script>
  </body>
</html>
`;

export function studioPlugin(): Plugin {
  return {
    name: 'acacia-studio',
    apply: 'serve',
    configureServer(server) {
      const root = server.config.root;
      server.middlewares.use(
        studioMiddleware(root, async (url) => {
          // The preview is the site's own page shell (index.html) with the preview entry in place of the app's.
          const html = url.startsWith(`${STUDIO}/preview`)
            ? readFileSync(join(root, 'index.html'), 'utf8').replace('/src/entry-client.tsx', '/src/studio/preview.tsx')
            : STUDIO_HTML;
          return server.transformIndexHtml(url, html);
        }),
      );
    },
  };
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A problem with the line `npm run validate` prints for it. */
const withText = (p: Problem): StudioProblem => ({ ...p, text: formatProblem(p) });

const version = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

const readJson = (path: string): unknown => {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
};

/** The API and the two pages, as one connect middleware (tests mount it on a bare HTTP server). */
export function studioMiddleware(root: string, html: (url: string) => Promise<string>): Connect.NextHandleFunction {
  const dataDir = resolve(root, 'pages-data');
  const disk = (file: string) => readFileSync(join(dataDir, file), 'utf8');

  const documents = (): StudioDocument[] =>
    contentFiles(root).map((file) => {
      if (file === RECORD_FILES.site) return { file, label: `Site document (${file})` };
      if (file === RECORD_FILES.partners) return { file, label: `Partner records (${file})` };
      if (file === RECORD_FILES.suppliers) return { file, label: `Supplier records (${file})` };
      if (file === RECORD_FILES.categories) return { file, label: `Product categories (${file})` };
      const product = productIdOfFile(file);
      if (product) {
        const name = (readJson(join(dataDir, file)) as { name?: unknown } | undefined)?.name;
        return { file, label: `Product: ${typeof name === 'string' ? name : product} (${file})` };
      }
      const route = routeOfFile(file);
      const title = (readJson(join(dataDir, file)) as { meta?: { title?: unknown } } | undefined)?.meta?.title;
      return { file, route, label: typeof title === 'string' ? `${route} · ${title}` : route };
    });

  /** The choices of the reference pickers and the records the preview resolves blocks with, read leniently (the content may be mid-edit). */
  const context = () => {
    const pages: string[] = [];
    const templates: Partial<Record<Collection, string>> = {};
    const products: Product[] = [];
    for (const file of contentFiles(root)) {
      const productId = productIdOfFile(file);
      const product = productId ? productDocument.safeParse(readJson(join(dataDir, file))).data : undefined;
      if (productId && product) products.push({ ...product, id: productId });
      if (file === RECORD_FILES.site || file.startsWith('records/')) continue;
      const route = routeOfFile(file);
      if (isTemplateFile(file)) {
        const collection = (readJson(join(dataDir, file)) as { collection?: unknown } | undefined)?.collection;
        if (collections.includes(collection as Collection)) templates[collection as Collection] = route;
        continue;
      }
      const blocks = (readJson(join(dataDir, file)) as { blocks?: never[] } | undefined)?.blocks;
      let ids: string[] = [];
      try {
        ids = anchors(blocks ?? []);
      } catch {
        // a block of an unknown type: no anchors offered until it is fixed
      }
      const id = partnerIdOfRoute(route);
      for (const r of id ? [route, partnerAlias(id)] : [route]) pages.push(r, ...ids.map((a) => `${r}#${a}`));
    }
    const partnersRaw = readJson(join(dataDir, RECORD_FILES.partners));
    const suppliersRaw = readJson(join(dataDir, RECORD_FILES.suppliers));
    const partners = partnersDocument.safeParse(partnersRaw).data?.partners ?? [];
    const suppliers = suppliersDocument.safeParse(suppliersRaw).data?.suppliers ?? [];
    const categories = productCategoriesDocument.safeParse(readJson(join(dataDir, RECORD_FILES.categories))).data?.categories ?? [];
    // The pages the templates make answer too: a link may name a product's page.
    if (templates.products) pages.push(...products.map((p) => templates.products!.replace(/\[[a-z]+\]$/, p.id)));
    const publicDir = join(root, 'public');
    const files = publicFiles(publicDir).map((f) => `/${f}`);
    return {
      options: {
        page: pages.sort(),
        partner: partners.map((p) => p.id),
        supplier: suppliers.map((s) => s.id),
        brand: [...new Set([...partners, ...suppliers].map((b) => b.id))].sort(),
        product: products.map((p) => p.id),
        category: categories.map((c) => c.id),
        file: files,
        picture: files.filter((f) => PICTURE_EXTENSIONS.some((ext) => f.toLowerCase().endsWith(`.${ext}`))),
      } satisfies StudioContext['options'],
      records: { partners, suppliers, products, categories, templates },
    };
  };

  /** The text the value would be saved as, and what `npm run validate` would say about it. */
  const check = async (file: string, value: unknown) => {
    const before = disk(file);
    const text = applyValue(before, value);
    const { problems } = await loadContent(root, { overrides: new Map([[file, text]]), skipSchemaFiles: true });
    return { before, text, problems };
  };

  /** The problems a save would bring: this document's, and any it causes in another (a link to an anchor it removed). */
  const newProblems = async (file: string, problems: Problem[]): Promise<Problem[]> => {
    const own = `pages-data/${file}`;
    const elsewhere = problems.filter((p) => p.file !== own);
    if (elsewhere.length === 0) return problems;
    const already = new Set((await loadContent(root, { skipSchemaFiles: true })).problems.map(formatProblem));
    return problems.filter((p) => p.file === own || !already.has(formatProblem(p)));
  };

  const get = (url: URL) => {
    switch (url.pathname.slice(API.length)) {
      case 'documents':
        return documents();
      case 'context':
        return context();
      case 'document': {
        const file = documentFile(url.searchParams.get('file'));
        const text = disk(file);
        return { file, text, version: version(text), schema: JSON.parse(jsonSchemaFiles().find((s) => s.file === schemaFileOf(file))!.json) };
      }
      default:
        throw new Refusal(404, 'no such studio request');
    }
  };

  const post = async (url: URL, body: { file?: unknown; value?: unknown; version?: unknown }): Promise<{ status: number; body: unknown }> => {
    const file = documentFile(body.file);
    if (body.value === undefined) throw new Refusal(400, 'the request names no value');
    switch (url.pathname.slice(API.length)) {
      case 'validate':
        return { status: 200, body: { problems: (await check(file, body.value)).problems.map(withText) } };
      case 'save': {
        const { before, text, problems } = await check(file, body.value);
        if (version(before) !== body.version) throw new Refusal(409, `pages-data/${file} changed on disk since it was opened; reload it to see the changes (yours are not saved)`);
        const blocking = await newProblems(file, problems);
        if (blocking.length > 0) return { status: 422, body: { saved: false, problems: blocking.map(withText) } };
        if (text !== before) writeFileSync(join(dataDir, file), text);
        return { status: 200, body: { saved: true, version: version(text), changed: text !== before } };
      }
      default:
        throw new Refusal(404, 'no such studio request');
    }
  };

  /** Only existing documents under pages-data/, by a plain relative path (no `..`, no dot files). */
  function documentFile(file: unknown): string {
    if (typeof file !== 'string' || !/^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\.json$/.test(file)) {
      throw new Refusal(400, 'not a document path under pages-data/');
    }
    const inside = relative(dataDir, resolve(dataDir, file));
    if (inside.startsWith('..') || inside.split(sep).join('/') !== file || !contentFiles(root).includes(file)) {
      throw new Refusal(400, `no document pages-data/${file}`);
    }
    return file;
  }

  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://studio');
    if (url.pathname !== STUDIO && !url.pathname.startsWith(`${STUDIO}/`)) return next();
    const send = (status: number, body: unknown) => {
      res.statusCode = status;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.end(JSON.stringify(body));
    };
    void (async () => {
      try {
        if (!url.pathname.startsWith(API)) {
          if (req.method !== 'GET' && req.method !== 'HEAD') throw new Refusal(405, 'GET only');
          if (url.pathname !== STUDIO && url.pathname !== `${STUDIO}/` && url.pathname !== `${STUDIO}/preview`) return next();
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.setHeader('Cache-Control', 'no-store');
          res.end(await html(url.pathname + url.search));
          return;
        }
        if (req.method === 'GET') return send(200, get(url));
        if (req.method !== 'POST') throw new Refusal(405, 'GET or POST only');
        const answer = await post(url, await writeRequest(req));
        return send(answer.status, answer.body);
      } catch (err) {
        if (err instanceof Refusal) return send(err.status, { error: err.message });
        return next(err);
      }
    })();
  };
}

/**
 * A write comes from the studio's own page or not at all: other sites can reach a dev server on
 * localhost from a visitor's browser, so a POST needs this origin (403), a JSON body (415, which a
 * cross-site form cannot send without a preflight) and a well-formed body (400).
 */
async function writeRequest(req: IncomingMessage): Promise<{ file?: unknown; value?: unknown; version?: unknown }> {
  const origin = req.headers.origin;
  const sameOrigin = origin ? origin === `http://${req.headers.host}` || origin === `https://${req.headers.host}` : req.headers['sec-fetch-site'] === 'same-origin';
  if (!sameOrigin) throw new Refusal(403, 'studio writes are accepted from the studio page only (same origin)');
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new Refusal(415, 'studio writes are JSON (Content-Type: application/json)');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 5_000_000) throw new Refusal(413, 'too large for a document');
    chunks.push(chunk);
  }
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) return body;
  } catch {
    // answered below
  }
  throw new Refusal(400, 'the body is not a JSON object');
}

/** Every file under public/ by its path there (what an image or PDF field may name). */
function publicFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)).split(sep).join('/'))
    .filter((f) => !f.split('/').some((part) => part.startsWith('.')))
    .sort();
}
