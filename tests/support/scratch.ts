// A scratch copy of the project in a temporary folder, for tests that change content or configuration:
// they edit and build the copy, never the working tree's pages-data/ or public/.
import { execFileSync, type ExecFileSyncOptions, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const project = resolve(import.meta.dirname, '../..');
/** What a build, the server and the validator read; the rest (tests, .git, dist) is left out. */
const COPIED = ['package.json', 'tsconfig.json', 'vite.config.ts', 'index.html', 'src', 'schemas', 'pages-data', 'public', 'deploy'];

export interface Scratch {
  dir: string;
  /** Reads a file of the copy, by its path from the project root. */
  read(rel: string): string;
  /** Writes a file of the copy, creating its folder. */
  write(rel: string, text: string): void;
  /** Changes a JSON file of the copy and writes it back as the project's files are written. */
  editJson<T>(rel: string, edit: (value: T) => T | void): void;
  /** Runs an npm script of the project in the copy; throws with its output when it fails. */
  npm(script: string, args?: string[], options?: ExecFileSyncOptions): string;
  remove(): void;
}

export function scratchProject(prefix = 'scratch-'): Scratch {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of COPIED) cpSync(join(project, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(project, 'node_modules'), join(dir, 'node_modules'));
  return scratchAt(dir);
}

/**
 * A copy of a scratch copy, as it is: its build too, unless `without` names it (['dist', 'dist-ssr',
 * '.cache']); not the folders of earlier builds that a build deletes (dist.old-<pid>).
 */
export function copyScratch(from: Scratch, prefix: string, without: readonly string[] = []): Scratch {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of readdirSync(from.dir)) {
    if (entry !== 'node_modules' && !without.includes(entry) && !/\.(old|new)-\d+$/.test(entry)) cpSync(join(from.dir, entry), join(dir, entry), { recursive: true });
  }
  symlinkSync(join(project, 'node_modules'), join(dir, 'node_modules'));
  return scratchAt(dir);
}

function scratchAt(dir: string): Scratch {
  const path = (rel: string) => join(dir, rel);
  const scratch: Scratch = {
    dir,
    read: (rel) => readFileSync(path(rel), 'utf8'),
    write(rel, text) {
      mkdirSync(dirname(path(rel)), { recursive: true });
      writeFileSync(path(rel), text);
    },
    editJson(rel, edit) {
      const value = JSON.parse(scratch.read(rel));
      scratch.write(rel, JSON.stringify(edit(value) ?? value, null, 2) + '\n');
    },
    npm(script, args = [], options = {}) {
      try {
        return String(execFileSync('npm', ['run', '-s', script, ...(args.length ? ['--', ...args] : [])], { cwd: dir, encoding: 'utf8', stdio: 'pipe', ...options }));
      } catch (err) {
        const e = err as { stdout?: string; stderr?: string; status?: number };
        throw new Error(`npm run ${script} ${args.join(' ')} failed (exit ${e.status}) in ${dir}:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
      }
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  return scratch;
}

/** Serves a scratch copy's built dist/ with the project's own server on a free port. */
export async function serveScratch(scratch: Scratch): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const server = spawn(process.execPath, [join(scratch.dir, 'node_modules/tsx/dist/cli.mjs'), 'src/node/serve/serve.ts'], {
    cwd: scratch.dir,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout!.on('data', (d: Buffer) => (output += d));
  server.stderr!.on('data', (d: Buffer) => (output += d));
  const url = `http://localhost:${port}`;
  for (let tries = 0; ; tries++) {
    if (server.exitCode !== null) throw new Error(`the scratch server exited (${server.exitCode}):\n${output}`);
    if (tries === 200) throw new Error(`the scratch server did not answer at ${url} within 20 s:\n${output}`);
    if (await fetch(url).then(() => true, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      if (server.exitCode === null) {
        server.kill();
        await once(server, 'exit');
      }
    },
  };
}
