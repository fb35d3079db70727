// The commit a build was made from, written where the live site answers it (/_data/build.json): the
// studio server reads it to say when a publish is live (src/node/studio-server/live.ts). A host names
// the commit it builds (Netlify: COMMIT_REF, Cloudflare Pages: CF_PAGES_COMMIT_SHA); otherwise git does,
// when the content in the folder is the commit's (no uncommitted change under pages-data/ or public/).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const BUILD_ID_FILE = '_data/build.json';

export function buildCommit(root: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const named = env.COMMIT_REF ?? env.CF_PAGES_COMMIT_SHA;
  if (named && /^[0-9a-f]{40}$/.test(named)) return named;
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (git('status', '--porcelain', '--', 'pages-data', 'public') !== '') return undefined;
    return git('rev-parse', 'HEAD');
  } catch {
    return undefined; // not a git clone
  }
}

/** The text of _data/build.json when the commit is known (a build of uncommitted content names none). */
export function buildIdText(root: string): string | undefined {
  const commit = buildCommit(root);
  return commit && JSON.stringify({ commit }) + '\n';
}

/** Writes dist/_data/build.json when the commit is known. */
export function writeBuildId(root: string, dist: string): void {
  const text = buildIdText(root);
  if (text) writeFileSync(join(dist, BUILD_ID_FILE), text);
}
