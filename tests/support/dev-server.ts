// `npm run dev` (vite) in a scratch copy of the project, for the studio's tests and benchmark.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import type { Scratch } from './scratch';

export interface DevServer {
  url: string;
  /** What vite printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startDevServer(scratch: Scratch, timeoutMs = 120_000): Promise<DevServer> {
  // The copy's node_modules is the project's (a link): vite's dependency cache goes into the copy
  // instead, so it never rewrites the cache of a dev server running elsewhere.
  scratch.write(
    'vite.scratch.config.ts',
    `import { mergeConfig } from 'vite';\nimport config from './vite.config.ts';\nexport default (env: never) => mergeConfig((config as (env: never) => object)(env), { cacheDir: '.vite-cache' });\n`,
  );
  const port = await freePort();
  const vite = spawn(process.execPath, [join(scratch.dir, 'node_modules/vite/bin/vite.js'), '--configLoader', 'runner', '--config', 'vite.scratch.config.ts', '--port', String(port), '--strictPort'], {
    cwd: scratch.dir,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  vite.stdout!.on('data', (d: Buffer) => (output += d));
  vite.stderr!.on('data', (d: Buffer) => (output += d));
  const url = `http://localhost:${port}`;
  for (const started = Date.now(); ; ) {
    if (vite.exitCode !== null) throw new Error(`vite exited (${vite.exitCode}):\n${output}`);
    if (Date.now() - started > timeoutMs) throw new Error(`vite did not answer at ${url}:\n${output}`);
    if (await fetch(`${url}/__studio/api/documents`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      if (vite.exitCode === null) {
        vite.kill();
        await once(vite, 'exit');
      }
    },
  };
}

/**
 * Opens the studio and the site's home page once: Vite transforms their modules on their first request,
 * minutes on a busy machine. A spec does this in its beforeAll, so that each test's time limit is spent on
 * what that test does.
 */
export async function warmStudio(dev: DevServer, browser: Browser, timeoutMs = 480_000): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.goto(`${dev.url}/__studio?page=/`, { timeout: timeoutMs });
    await page.frameLocator('iframe[title="Preview"]').locator('h1').waitFor({ timeout: timeoutMs });
    await page.goto(`${dev.url}/`, { timeout: timeoutMs });
    await page.locator('h1').waitFor({ timeout: timeoutMs });
  } finally {
    await page.close();
  }
}

/** How many times Vite bundled the browser's dependencies since it started (once, when they were all found at its start). */
export const dependencyBundlings = (dev: DevServer) => dev.output().match(/bundling dependencies/g)?.length ?? 0;
