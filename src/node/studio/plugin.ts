// The authoring studio (dev server only, `apply: 'serve'`): /__studio is a form editor over the
// documents of pages-data/, /__studio/preview renders an edited page with the app's own components,
// and /__studio/api/* reads, validates and saves documents. Nothing here is part of `vite build`.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join, relative, resolve, sep } from 'node:path';
import type { Connect, Plugin } from 'vite';
import { collections, type Collection } from '../../../schemas/collections.ts';
import { partnersDocument, productCategoriesDocument, productDocument, suppliersDocument, type Product } from '../../../schemas/records.ts';
import { redirectsDocument } from '../../../schemas/redirects.ts';
import { siteDocument } from '../../../schemas/site.ts';
import { isRecordFile, isTemplateFile, partnerAlias, partnerIdOfRoute, productIdOfFile, RECORD_FILES, REDIRECTS_FILE, routeOfFile } from '../../../schemas/routes.ts';
import type { PageDocument } from '../../../schemas/page.ts';
import { listFolder, throughLink } from '../content/files.ts';
import { anchors } from '../content/blocks.ts';
import { PLACEHOLDER } from '../content/document.ts';
import { formatProblem, loadContent, type Problem } from '../content/load.ts';
import { headingOf } from '../content/pages.ts';
import { contentFiles } from '../content/read.ts';
import { hintOf } from '../content/problems.ts';
import type { StudioContext, StudioDocument, StudioLink, StudioProblem } from '../../studio/api.ts';
import { dataPathOf, fieldName, type Json, type JsonSchema } from '../../studio/schema.ts';
import { jsonSchemaFiles, schemaFileOf } from '../content/json-schema.ts';
import { applyValue } from './edit.ts';
import { authorWords } from './author-words.ts';
import { createPage, deletePage, type Link, linksToPage, movePage } from './pages.ts';
import { abandoned, FAILED, jsonObject, Refusal } from './refusal.ts';
import { clearUploads, projectUploads, storeImportFile, studioImport, type Uploads } from './import.ts';
import { deletePicture, listPictures, publicPictures, readUpload, replacePicture, storeUpload, tooLarge, UPLOAD_LIMIT } from './pictures.ts';
import { serialised, writeFiles } from './writes.ts';

export const STUDIO = '/__studio';
/** The site document in the page picker, with the words an author looks for it by (the menus are in it). */
export const SITE_LABEL = 'Site document: company, contacts, menus (navigation, header, footer), SEO';
const API = `${STUDIO}/api/`;

/** The studio's pages: the same files `npm run studio` builds (vite.studio.config.ts). */
export const STUDIO_PAGES = { app: 'src/studio/html/app.html', preview: 'src/studio/html/preview.html', account: 'src/studio/html/account.html' } as const;

export function studioPlugin(): Plugin {
  return {
    name: 'acacia-studio',
    apply: 'serve',
    configureServer(server) {
      const root = server.config.root;
      clearUploads(projectUploads(root).dir);
      server.middlewares.use(
        studioMiddleware(root, async (url) => {
          const html = readFileSync(join(root, url.startsWith(`${STUDIO}/preview`) ? STUDIO_PAGES.preview : STUDIO_PAGES.app), 'utf8');
          return server.transformIndexHtml(url, html);
        }),
      );
    },
  };
}

const schemas = new Map<string, JsonSchema>();
/** The JSON Schema of a document (what the form is made from), parsed once. */
const jsonSchemaOf = (file: string): JsonSchema => {
  const name = schemaFileOf(file);
  let schema = schemas.get(name);
  if (!schema) schemas.set(name, (schema = JSON.parse(jsonSchemaFiles().find((s) => s.file === name)!.json) as JsonSchema));
  return schema;
};

/** A field of a document as the form names it: Block 1 (Hero): Water Testing Solutions › Title. */
export const fieldLabel = (file: string, data: unknown, dataPath: string) => fieldName(jsonSchemaOf(file), data as Json | undefined, dataPath);

const version = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

const readJson = (path: string): unknown => {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
};

/**
 * What the studio server (`npm run studio`, src/node/studio-server/) adds around the endpoints: a
 * check before a write (two people on one page), the commit after it, more about an opened document.
 * A write's check, the write and its commit run as one change (`serialised`): no other change to the
 * project starts between them.
 */
export interface StudioHooks {
  /** Before a write, with its endpoint (save, create, upload...) and request: may refuse it. */
  beforeWrite?(endpoint: string, body: Record<string, unknown>): Promise<void>;
  /** After a write the studio accepted, before it answers: what it adds to the answer. */
  afterWrite?(endpoint: string, body: Record<string, unknown>, answer: unknown): Promise<Record<string, unknown> | undefined>;
  /** What an opened document's answer carries besides its text and version. */
  opened?(file: string, text: string): Promise<Record<string, unknown>>;
  /** Where the import's uploads wait (the person's own folder); by default the project's, under the system's temporary folder. */
  uploads?: Uploads;
}

/** The API and the two pages, as one connect middleware (tests mount it on a bare HTTP server). */
export function studioMiddleware(root: string, html: (url: string) => Promise<string>, hooks: StudioHooks = {}): Connect.NextHandleFunction {
  const dataDir = resolve(root, 'pages-data');
  const disk = (file: string) => readFileSync(join(dataDir, file), 'utf8');
  const uploads = hooks.uploads ?? projectUploads(root);

  /** A place in a document as the form names it (Block 6 (Card grid): Our services › Card 1 › Title), from its text as the studio has it. */
  const named = (rel: string, path: string, value?: unknown): string => {
    const data = value ?? (existsSync(join(dataDir, rel)) ? readJson(join(dataDir, rel)) : undefined);
    return fieldName(jsonSchemaOf(rel), data as Json | undefined, dataPathOf(path));
  };
  /** A problem with the line `npm run validate` prints for it, its hint, and its field as the form names it. */
  const withText = (p: Problem, edited?: { file: string; value: unknown }): StudioProblem => {
    const rel = p.file.replace(/^pages-data\//, '');
    return { ...p, text: formatProblem(p), hint: hintOf(p), said: authorWords(p), field: named(rel, p.path, edited?.file === rel ? edited.value : undefined) };
  };
  const withField = (l: Link): StudioLink => ({ ...l, field: named(l.file.replace(/^pages-data\//, ''), l.path) });

  const documents = (): StudioDocument[] =>
    contentFiles(root).map((file) => {
      if (file === RECORD_FILES.site) return { file, label: `${SITE_LABEL} (${file})` };
      if (file === RECORD_FILES.partners) return { file, label: `Partner records (${file})` };
      if (file === RECORD_FILES.suppliers) return { file, label: `Supplier records (${file})` };
      if (file === RECORD_FILES.categories) return { file, label: `Product categories (${file})` };
      if (file === REDIRECTS_FILE) return { file, label: `Redirects (${file})` };
      const product = productIdOfFile(file);
      if (product) {
        const name = (readJson(join(dataDir, file)) as { name?: unknown } | undefined)?.name;
        return { file, label: `Product: ${typeof name === 'string' ? name : product} (${file})` };
      }
      const route = routeOfFile(file);
      const doc = readJson(join(dataDir, file)) as PageDocument | undefined;
      const title = doc?.meta?.title;
      let heading: unknown;
      try {
        heading = headingOf(doc);
      } catch {
        // a page mid-edit: no heading for breadcrumbs yet
      }
      // A new page's placeholder title says nothing of the page: its address does.
      const titled = typeof title === 'string' && !title.startsWith(PLACEHOLDER);
      return { file, route, label: titled ? `${route} · ${title}` : route, ...(typeof heading === 'string' ? { heading } : {}) };
    });

  /** The choices of the reference pickers and the records the preview resolves blocks with, read leniently (the content may be mid-edit). */
  const context = () => {
    const pages: string[] = [];
    const templates: Partial<Record<Collection, string>> = {};
    const products: Product[] = [];
    /** The page that shows each supplier (its supplier grid): where a supplier record is previewed. */
    const supplierPages: Record<string, string> = {};
    for (const file of contentFiles(root)) {
      const productId = productIdOfFile(file);
      const product = productId ? productDocument.safeParse(readJson(join(dataDir, file))).data : undefined;
      if (productId && product) products.push({ ...product, id: productId });
      if (isRecordFile(file)) continue;
      const route = routeOfFile(file);
      const doc = readJson(join(dataDir, file)) as { blocks?: unknown; collection?: unknown } | undefined;
      if (isTemplateFile(file)) {
        if (collections.includes(doc?.collection as Collection)) templates[doc?.collection as Collection] = route;
        continue;
      }
      const list = Array.isArray(doc?.blocks) ? (doc.blocks as { type?: unknown; suppliers?: unknown }[]) : [];
      const ids = anchors(list as never[]);
      for (const b of list) {
        if (b?.type === 'supplier-grid' && Array.isArray(b.suppliers)) for (const s of b.suppliers) if (typeof s === 'string') supplierPages[s] ??= route;
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
      site: siteDocument.safeParse(readJson(join(dataDir, RECORD_FILES.site))).data,
      options: {
        page: pages.sort(),
        partner: partners.map((p) => p.id),
        supplier: suppliers.map((s) => s.id),
        brand: [...new Set([...partners, ...suppliers].map((b) => b.id))].sort(),
        product: products.map((p) => p.id),
        category: categories.map((c) => c.id),
        file: files,
        picture: publicPictures(root),
      } satisfies StudioContext['options'],
      // The names the site shows, beside the ids a reference field takes.
      labels: {
        partner: Object.fromEntries(partners.map((p) => [p.id, p.name])),
        supplier: Object.fromEntries(suppliers.map((x) => [x.id, x.name])),
        brand: Object.fromEntries([...partners, ...suppliers].map((b) => [b.id, b.name])),
        product: Object.fromEntries(products.map((p) => [p.id, p.name])),
        category: Object.fromEntries(categories.map((c) => [c.id, c.name])),
      } satisfies StudioContext['labels'],
      records: { partners, suppliers, products, categories, templates },
      redirects: redirectsDocument.safeParse(readJson(join(dataDir, REDIRECTS_FILE))).data?.redirects ?? [],
      supplierPages,
    };
  };

  /** The text the value would be saved as, and what `npm run validate` would say about it. */
  const check = async (file: string, value: unknown, before = disk(file)) => {
    const text = applyValue(before, value);
    const { problems } = await loadContent(root, { overrides: new Map([[file, text]]), skipSchemaFiles: true });
    return { text, problems };
  };

  /** The problems a save would bring: this document's, and any it causes in another (a link to an anchor it removed). */
  const newProblems = async (file: string, problems: Problem[]): Promise<Problem[]> => {
    const own = `pages-data/${file}`;
    const elsewhere = problems.filter((p) => p.file !== own);
    if (elsewhere.length === 0) return problems;
    const already = new Set((await loadContent(root, { skipSchemaFiles: true })).problems.map(formatProblem));
    return problems.filter((p) => p.file === own || !already.has(formatProblem(p)));
  };

  /** A write with the hooks' check before it and their commit after it, all three one change to the project. */
  const write = (endpoint: string, body: Record<string, unknown>, change: () => Promise<{ status: number; body: unknown }>) =>
    serialised(root, async () => {
      await hooks.beforeWrite?.(endpoint, body);
      const answer = await change();
      const more = answer.status === 200 ? await hooks.afterWrite?.(endpoint, body, answer.body) : undefined;
      return more ? { status: answer.status, body: { ...(answer.body as object), ...more } } : answer;
    });

  const get = async (url: URL) => {
    switch (url.pathname.slice(API.length)) {
      case 'pictures':
        return (await listPictures(root)).map((p) => ({ ...p, uses: p.uses.map(withField) }));
      case 'documents':
        return documents();
      case 'context':
        return context();
      case 'document': {
        const file = documentFile(url.searchParams.get('file'));
        const text = disk(file);
        return { file, text, version: version(text), schema: jsonSchemaOf(file), ...(await hooks.opened?.(file, text)) };
      }
      case 'links': {
        const { route, links } = linksToPage(root, documentFile(url.searchParams.get('file')));
        return { route, links: links.map(withField) };
      }
      default:
        throw new Refusal(404, 'no such studio request');
    }
  };

  /** The problems an edited document would have, as the form shows them (a check, not a write). */
  const validate = async (body: Record<string, unknown>) => {
    const file = documentFile(body.file);
    if (body.value === undefined) throw new Refusal(400, 'the request names no value');
    const edited = { file, value: body.value };
    return { problems: (await check(file, body.value)).problems.map((p) => withText(p, edited)) };
  };

  /** The writes: each runs its whole change alone (`serialised`), re-checking its files before writing. */
  const post = async (url: URL, body: Record<string, unknown>): Promise<{ status: number; body: unknown }> => {
    const route = (key: string) => {
      if (typeof body[key] !== 'string') throw new Refusal(400, `the request names no ${key}`);
      return body[key];
    };
    switch (url.pathname.slice(API.length)) {
      case 'save':
        return serialised(root, async () => {
          const file = documentFile(body.file, true);
          if (body.value === undefined) throw new Refusal(400, 'the request names no value');
          const before = disk(file);
          // Checked first: a file changed elsewhere (perhaps half-edited, not JSON) is never overwritten unasked.
          if (version(before) !== body.version && body.replace !== true) {
            let state = '';
            try {
              JSON.parse(before);
            } catch {
              state = ', and is not valid JSON now (being edited elsewhere?)';
            }
            throw new Refusal(409, `pages-data/${file} changed on disk since it was opened${state}. Your changes are not saved: open the page again to see the file as it is (losing them), or replace the file with your version`);
          }
          const { text, problems } = await check(file, body.value, before);
          const blocking = await newProblems(file, problems);
          if (blocking.length > 0) return { status: 422, body: { saved: false, problems: blocking.map((p) => withText(p, { file, value: body.value })) } };
          if (text !== before) await writeFiles(root, new Map([[file, text]]), new Map([[file, before]]));
          return { status: 200, body: { saved: true, version: version(text), changed: text !== before } };
        });
      case 'create': {
        const copyOf = body.copyOf === undefined ? undefined : documentFile(body.copyOf);
        return { status: 200, body: await createPage(root, route('route'), copyOf) };
      }
      case 'move':
        return { status: 200, body: await movePage(root, documentFile(body.file, true), route('to'), (text) => version(text) === body.version) };
      case 'pictures/replace':
        return { status: 200, body: await replacePicture(root, body.from, body.to, body.alt) };
      case 'pictures/delete':
        return { status: 200, body: await deletePicture(root, body.path) };
      case 'delete': {
        const redirectTo = body.redirectTo === undefined ? undefined : route('redirectTo');
        return { status: 200, body: await deletePage(root, documentFile(body.file, true), (text) => version(text) === body.version, redirectTo) };
      }
      default:
        throw new Refusal(404, 'no such studio request');
    }
  };

  /**
   * Only existing documents under pages-data/, by a plain relative path (no `..`, no dot files). A change
   * to a document opened earlier (`opened`) that is no longer there lost a race (moved or deleted meanwhile): 409.
   */
  function documentFile(file: unknown, opened = false): string {
    // A template page's file is named [id].json (pages-data/products/[id].json).
    if (typeof file !== 'string' || !/^([A-Za-z0-9_-][A-Za-z0-9._-]*\/)*([A-Za-z0-9_-][A-Za-z0-9._-]*|\[id\])\.json$/.test(file)) {
      throw new Refusal(400, 'not a document path under pages-data/');
    }
    const inside = relative(dataDir, resolve(dataDir, file));
    if (inside.startsWith('..') || inside.split(sep).join('/') !== file) throw new Refusal(400, `no document pages-data/${file}`);
    const link = throughLink(dataDir, file);
    if (link) throw new Refusal(400, `pages-data/${file} goes through a link (to ${link}): the studio neither reads nor writes through links`);
    if (!contentFiles(root).includes(file)) {
      if (opened) throw new Refusal(409, `pages-data/${file} is not there any more: moved or deleted since it was opened? Nothing was changed; open the page again at its new address`, { gone: true });
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
        if (req.method === 'GET') return send(200, await get(url));
        if (req.method !== 'POST') throw new Refusal(405, 'GET or POST only');
        const endpoint = url.pathname.slice(API.length);
        if (endpoint === 'upload') {
          const bytes = await uploadRequest(req);
          const query = { for: url.searchParams.get('for'), name: url.searchParams.get('name') };
          const forFile = documentFile(query.for);
          // Decoded before its turn: only naming and storing it wait for the project's other changes.
          const picture = await readUpload(bytes, query.name ?? '');
          const answer = await write(endpoint, query, async () => ({ status: 200, body: await storeUpload(root, picture, forFile) }));
          return send(answer.status, answer.body);
        }
        // Importing products (src/node/studio/import.ts): a file of the import, then its check or its apply.
        if (endpoint === 'import/file') return send(200, storeImportFile(uploads, url.searchParams.get('session'), url.searchParams.get('name'), await uploadRequest(req)));
        const body = await writeRequest(req);
        if (endpoint === 'validate') return send(200, await validate(body));
        if (endpoint === 'import/check') return send(200, await studioImport(root, uploads, body, false));
        const answer = await write(endpoint, body, async () => (endpoint === 'import/apply' ? { status: 200, body: await studioImport(root, uploads, body, true) } : post(url, body)));
        return send(answer.status, answer.body);
      } catch (err) {
        if (err instanceof Refusal) {
          const { links, problems, ...more } = err.details;
          return send(err.status, { error: err.message, ...more, ...(links && { links: links.map(withField) }), ...(problems && { problems: problems.map((p) => withText(p)) }) });
        }
        if (abandoned(req, res)) return;
        // Whatever else went wrong is logged, and the studio gets JSON it can show, not an HTML error page.
        console.error(`studio: ${req.method} ${url.pathname} failed:`, err);
        return send(500, { error: FAILED });
      }
    })();
  };
}

/**
 * A write comes from the studio's own page or not at all: other sites can reach a dev server on
 * localhost from a visitor's browser, so a POST needs this origin (403), a JSON body (415, which a
 * cross-site form cannot send without a preflight) and a well-formed body (400).
 */
async function writeRequest(req: IncomingMessage): Promise<Record<string, unknown>> {
  return jsonObject(await requestBody(req, 'application/json', 'studio writes are JSON (Content-Type: application/json)', 5_000_000, () => new Refusal(413, 'too large for a document')));
}

/**
 * An upload: the same rules as a write, but the body is the file's bytes, sent as
 * application/octet-stream (which, too, a cross-site form cannot send), up to the size a picture may be.
 */
const uploadRequest = (req: IncomingMessage) =>
  requestBody(req, 'application/octet-stream', 'an upload is the file itself (Content-Type: application/octet-stream)', UPLOAD_LIMIT, (size) => tooLarge(size));

async function requestBody(req: IncomingMessage, type: string, wrongType: string, limit: number, over: (size: number) => Refusal): Promise<Buffer> {
  const origin = req.headers.origin;
  const sameOrigin = origin ? origin === `http://${req.headers.host}` || origin === `https://${req.headers.host}` : req.headers['sec-fetch-site'] === 'same-origin';
  if (!sameOrigin) throw new Refusal(403, 'studio writes are accepted from the studio page only (same origin)');
  if ((req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() !== type) throw new Refusal(415, wrongType);
  // Refused before reading when the request says it is too large (a picture of 30 MB is not read to say so).
  const declared = Number(req.headers['content-length']);
  if (declared > limit) throw over(declared);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw over(size);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Every file under public/ by its path there (what an image or PDF field may name). */
function publicFiles(dir: string): string[] {
  return listFolder(dir).files.filter((f) => !f.split('/').some((part) => part.startsWith('.')));
}
