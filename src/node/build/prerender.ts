// npm run build: the client bundle, a server bundle, then one prerendered HTML file per route (D10),
// reusing what the last build made where nothing it was made from changed (reuse.ts; `-- --full` reuses
// nothing). Everything is written into a new folder, which replaces dist/ once complete. Each stage is
// a module of this folder, named for its job; main runs them in order.
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadContent } from '../content/load.ts';
import { describeProblem, describeWarnings, problemCount } from '../content/problems.ts';
import { builtSite, withPicturePlan } from '../content/resolve.ts';
import { bundledContent } from '../content/vite-plugin.ts';
import { encodePictures } from '../pictures/encode.ts';
import { BUILD_ID_FILE, buildIdText, writeBuildId } from './build-id.ts';
import { bundles } from './bundles.ts';
import { precompress } from './compress.ts';
import { dist, out, root, ssrNew, ssrOut } from './folders.ts';
import { environment, lastBuild } from './last-build.ts';
import { buildWorkers } from './pool.ts';
import { renderPages } from './render.ts';
import { cpuSeconds, phases, picturesReport, searchReport } from './reports.ts';
import {
  allFiles, type BuildRecord, changedWhileBuilt, codeHashes, contentHash, hashOf, inputsHash, RECORD_FILE, RECORD_VERSION, recordText, removeLater, taker,
} from './reuse.ts';
import { buildSearchIndex } from './search-index.ts';
import { siteFiles } from './site-files.ts';

// Re-exported for the tests, which import them from here.
export { pageAssets } from './bundles.ts';
export { FIRST_ROUND_TRIP } from './compress.ts';
export { outputFile } from './render.ts';
export { sitemaps } from './sitemaps.ts';

/** The build's folder lacks a file its record says it made (deleted by hand): the build starts again, in full. */
class Lacking extends Error {}

/** Builds the site; `full` is why this build reuses nothing, when it is asked to. */
async function main(args: string[], full = args.includes('--full') ? 'asked for (--full)' : undefined) {
  const unknown = args.find((a) => a !== '--full');
  if (unknown) throw new Error(`npm run build: unknown argument ${unknown} (the one it takes is --full, to reuse nothing of the last build)`);
  const timer = phases();
  const last = lastBuild(full);
  if (last.upToDate) {
    writeBuildId(root, dist); // the content is the same, but its commit may be a later one
    return console.log(`dist/ is up to date: the code, the environment and the content are those of the build that made it (CPU in all ${cpuSeconds().toFixed(1)} s)`);
  }

  // Loaded once: the client and server builds are given the one document of it they put in the code
  // (vite-builds.ts) rather than loading it again. The pages it resolves name the pictures the build
  // encodes (src/node/pictures/plan.ts).
  const { content, problems, warnings } = await loadContent(root, { once: true }).then((r) => (r.content ? { ...r, content: withPicturePlan(r.content) } : r));
  if (!content) throw new Error(`Invalid content: ${problemCount(problems)}:\n${problems.map(describeProblem).join('\n')}`);
  if (warnings.length) console.warn(describeWarnings(warnings));
  const site = builtSite(content.site);
  const bundled = hashOf(JSON.stringify(bundledContent(content)));
  let reuse = last.record && last.record.bundled !== bundled ? undefined : last.record;
  const why = last.reason ?? (reuse ? undefined : 'the site document changed (it is part of the code: the header, the footer, the head of every page)');
  timer.end('content');

  const taken = taker(dist, out);
  const bundle = await bundles(content.site, reuse, taken);
  if (reuse && bundle.hash !== reuse.bundle.hash) reuse = undefined;
  console.log(reuse ? `reusing what the last build made where nothing it was made from changed (dist/${RECORD_FILE})` : `full build: ${why ?? 'the code bundles differ from the last build\'s'}`);
  timer.end(bundle.built ? 'client and server builds (a process of their own, whose CPU is not counted here)' : 'code bundles (from the last build)');
  console.log(picturesReport(await encodePictures(root, out, content.encoded!)));
  // Everything read from the project has been read: were it not what it was at the start, the record would lie.
  const read = inputsHash(codeHashes(root, environment), contentHash(root)) === last.inputs ? last : { ...last, ...changedWhileBuilt };
  timer.end('pictures');

  // What the build has put in its folder so far (the code, public/, the pictures): with the files it
  // makes after the pages, what it compresses; never listed again once its pages are in it.
  const beforePages = allFiles(out);
  const workers = buildWorkers({ entry: pathToFileURL(join(bundle.ssr, 'entry-server.js')).href, dist: out, template: bundle.record.template });
  const pages = await renderPages(content, site, bundle, reuse, taken, workers);
  // Fresh threads compress the rest: the main thread's peak comes next, as it makes the search files.
  await workers.recycle();
  timer.end('render');

  const written = siteFiles(content, site, reuse, taken);
  const id = buildIdText(root);
  timer.end('search, sitemap and host files');
  const made = [...beforePages.map((rel) => ({ rel })), ...written.files, ...(id ? [{ rel: BUILD_ID_FILE, text: id }] : [])];
  const compressed = await precompress(out, made, written, pages.done, reuse, taken, workers);
  await workers.end();
  timer.end('compression');
  const lacking = await taken.end();
  if (lacking) throw new Lacking(lacking);
  timer.end('the last build\'s files taken');
  console.log(`prerendered ${content.routes.size} routes into dist/ (${pages.rendered} drawn, ${content.routes.size - pages.rendered} reused from the last build; ${workers.done.copied} blocks copied from a page drawn before); ` +
    `sitemap.xml, robots.txt, host configuration; ${workers.done.compressed} files precompressed (.gz, .br), ${compressed.reused} taken from the last build`);
  console.log(searchReport(bundle.manifest, buildSearchIndex(content), written.search));

  // Last: the record (only a complete build has one), then the new folders replace the old.
  const record: BuildRecord = { version: RECORD_VERSION, inputs: read.inputs, code: read.code, bundled, bundle: bundle.record, pages: pages.keys, compressed: compressed.hashes };
  writeFileSync(join(out, RECORD_FILE), recordText(record));
  const old: string[] = [];
  for (const [dir, next] of [[ssrOut, bundle.built ? ssrNew : undefined], [dist, out]] as const) {
    if (!next) continue;
    if (existsSync(dir)) old.push(`${dir}.old-${process.pid}`), renameSync(dir, old[old.length - 1]!);
    renameSync(next, dir);
  }
  removeLater(old);
  timer.end('record and switch');
  console.log(timer.report());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  main(args).catch(async (err: unknown) => {
    if (!(err instanceof Lacking)) throw err;
    for (const dir of [out, ssrNew]) rmSync(dir, { recursive: true, force: true });
    await main(args, `a file of the last build is gone from dist/ (${err.message})`);
  }).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    // What this build wrote, incomplete, is deleted (dist/ is still the last complete build): first
    // renamed, so that the next build does not take it for the folder of a build that was stopped.
    const left = [out, ssrNew].filter(existsSync).map((dir) => (renameSync(dir, `${dir.replace(/\.new-/, '.old-')}`), dir.replace(/\.new-/, '.old-')));
    removeLater(left);
    process.exit(1);
  });
}
