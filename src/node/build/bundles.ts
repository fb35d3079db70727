// The code bundles: the client and server builds (or the last build's), the page template made of the
// client build's index.html, and the chunks and style sheets each page needs from them.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Manifest } from 'vite';
import type { SiteDocument } from '../../../schemas/site.ts';
import { INLINE_SCRIPTS } from '../../page/inline-scripts.ts';
import { dist, out, root, ssrNew, ssrOut } from './folders.ts';
import { allFiles, type BuildRecord, bundleFiles, copyPublic, filesHash, hashOf, type Taker } from './reuse.ts';
import { viteBuilds } from './vite-builds.ts';

export interface Bundle {
  /** Whether this build ran the client and server builds (else it took the last build's). */
  built: boolean;
  manifest: Manifest;
  /** The server bundle's folder. */
  ssr: string;
  hash: string;
  /** The client bundle's hash: which code the pages start (each page document names it as its `build`). */
  code: string;
  record: BuildRecord['bundle'];
}

/**
 * The client bundle in the new folder (with public/), and the server bundle: the last build's where its
 * record says the code and the site document (`site`, as loaded) are the same and its files are all
 * there, else built (vite-builds.ts).
 */
export async function bundles(site: SiteDocument, reuse: BuildRecord | undefined, taken: Taker): Promise<Bundle> {
  const serverFiles = allFiles(ssrOut);
  const lastClient = reuse && serverFiles.length > 0 && reuse.bundle.files.every((rel) => existsSync(join(dist, rel))) ? filesHash(dist, reuse.bundle.files) : undefined;
  if (reuse && lastClient && reuse.bundle.hash === hashOf(lastClient, filesHash(ssrOut, serverFiles))) {
    copyPublic(root, out);
    for (const rel of reuse.bundle.files) if (existsSync(join(out, rel))) unlinkSync(join(out, rel));
    taken.take(reuse.bundle.files);
    const gone = await taken.settled();
    if (gone) throw new Error(`dist/${gone} was deleted while the build read it`);
    const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8')) as Manifest;
    return { built: false, manifest, ssr: ssrOut, hash: reuse.bundle.hash, code: lastClient, record: reuse.bundle };
  }
  await viteBuilds({ site, client: out, server: ssrNew });
  const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8')) as Manifest;
  const { template, entryChunks, boot } = startAfterPaint(readFileSync(join(out, 'index.html'), 'utf8'));
  writeFileSync(join(out, boot.file), boot.code);
  // Vite's page is the template; each route's file is written in its place.
  unlinkSync(join(out, 'index.html'));
  const files = bundleFiles(root, out);
  const code = filesHash(out, files);
  const hash = hashOf(code, filesHash(ssrNew, allFiles(ssrNew)));
  // Each page names the code it starts, its boot script's data-build (src/router.tsx: a page document
  // of another build, met on a navigation inside the app, loads the page afresh): the client bundle's
  // hash, so the same code gives the same pages whatever the content, as a reusing build does.
  const named = template.replace(`<script type="module" src="/${boot.file}">`, `<script type="module" src="/${boot.file}" data-build="${code}">`);
  if (named === template) throw new Error('the page template has no boot script to name the build on');
  return { built: true, manifest, ssr: ssrNew, hash, code, record: { hash, files, template: named, entryChunks } };
}

/**
 * Vite's page names the entry script and preloads its chunks in the head, so they download alongside
 * the HTML and CSS and run before the first paint. Instead the page names src/page/boot.js, which
 * fetches and starts them (listed in #app-chunks) once the page is on screen. Vite lists the entry's
 * chunks each after those it imports, the entry last. The page's one inline script, for Save-Data, goes first.
 */
function startAfterPaint(html: string): { template: string; entryChunks: string[]; boot: { file: string; code: Buffer } } {
  const entryChunks: string[] = [];
  const code = readFileSync(resolve(root, 'src/page/boot.js'));
  const boot = { file: `assets/boot-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`, code };
  const template = html
    .replace(/\s*<link rel="modulepreload" crossorigin href="\/([^"]+)">/g, (_, f: string) => (entryChunks.push(f), ''))
    .replace(/<script type="module" crossorigin src="\/([^"]+)"><\/script>/, (_, f: string) => {
      entryChunks.push(f);
      return `<!--app-chunks-->\n    <script type="module" src="/${boot.file}"></script>`;
    });
  if (!template.includes('<!--app-chunks-->')) throw new Error('the client build\'s index.html has no entry script');
  // First in the head, before any picture is parsed (src/page/inline-scripts.ts).
  const charset = '<meta charset="UTF-8" />';
  if (!template.includes(charset)) throw new Error(`the client build's index.html has no ${charset}`);
  return { template: template.replace(charset, () => `${charset}${INLINE_SCRIPTS.map((s) => `\n    <script>${s}</script>`).join('')}`), entryChunks, boot };
}

/**
 * What a route needs before it can hydrate, beyond the entry and its document: the chunks (with their
 * imports and style sheets) of its block components. The manifest is read once
 * per build: the returned function is called for every page.
 */
export function pageAssets(manifest: Manifest): (route: string, blockTypes: readonly string[]) => { js: string[]; css: string[] } {
  const keyOf = new Map(Object.keys(manifest).map((key) => [key.replace(/^\0/, ''), key]));
  // The chunks of the block components and their block types, in the manifest's order (the order a page lists them in).
  const blockChunks = [...keyOf].flatMap(([id, key]) => {
    const type = /^src\/blocks\/([^/]+)\//.exec(id)?.[1];
    return type && manifest[key]!.isDynamicEntry ? [{ type, key }] : [];
  });
  // Vite's page already links the entry's style sheets (its own and its imports'); linked again, a
  // sheet's rules would be matched twice in every style recalculation.
  const entryCss = new Set<string>();
  const entryChunks = new Set<string>();
  const visitEntry = (key: string) => {
    if (entryChunks.has(key)) return;
    entryChunks.add(key);
    manifest[key]!.css?.forEach((f) => entryCss.add(f));
    manifest[key]!.imports?.forEach(visitEntry);
  };
  Object.keys(manifest).filter((k) => manifest[k]!.isEntry).forEach(visitEntry);
  return (route, blockTypes) => {
    const types = new Set(blockTypes);
    const roots = blockChunks.filter((c) => types.has(c.type)).map((c) => c.key);
    if (roots.length < types.size) throw new Error(`prerender ${route}: a block chunk is missing from the build manifest`);
    const js = new Set<string>();
    const css = new Set<string>();
    // Each chunk after those it imports (boot.js starts them in this order); style sheets as before.
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key]!;
      if (chunk.isEntry || seen.has(key)) return;
      seen.add(key);
      chunk.css?.forEach((f) => entryCss.has(f) || css.add(f));
      chunk.imports?.forEach(visit);
      js.add(chunk.file);
    };
    roots.forEach(visit);
    return { js: [...js], css: [...css] };
  };
}
