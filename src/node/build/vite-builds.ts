// The client and server builds (Vite), in a process of their own that ends with them: Rolldown keeps the
// native memory it builds with, some 1 GB (a build of 10,000 products went from 256 MB to 1,242 MB
// resident in the client build and was still at 1,159 MB after the server build, of which 150 MB of
// JavaScript heap), which the build's process would otherwise hold while it draws every page.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiteDocument } from '../../../schemas/site.ts';
import type { Content } from '../content/load.ts';
import { shareContent } from '../content/vite-plugin.ts';

type Job = { site: SiteDocument; client: string; server: string };

/** Builds the client bundle into `client` (with public/) and the server bundle into `server`, from the site document (the only content in the code). */
export async function viteBuilds(job: Job): Promise<void> {
  // Under the build's own loader (tsx): fork passes the parent's execArgv on.
  const child = fork(fileURLToPath(import.meta.url), [], { stdio: 'inherit' });
  child.send(job);
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the client and server builds failed (exit ${code}; Vite's output is above)`);
}

if (process.send && resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  process.once('message', async ({ site, client, server }: Job) => {
    // The content was loaded and checked by the build; what the content plugin puts in the code is the site document alone (bundledContent).
    shareContent(Promise.resolve({ content: { site } as Content, problems: [] }));
    const { build } = await import('vite');
    await build({ configLoader: 'runner', logLevel: 'warn', build: { manifest: true, outDir: client, emptyOutDir: true } });
    await build({ configLoader: 'runner', logLevel: 'warn', build: { ssr: 'src/entry-server.tsx', outDir: server, emptyOutDir: true, copyPublicDir: false } });
    process.disconnect();
  });
}
