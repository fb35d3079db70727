// The git CLI, run without a shell. No argument ever comes from a request: refs and paths are made by
// the server (a person's id, a file the studio already checked), each path follows a `--`, and what
// people type (their name, a commit message) goes in through the environment or standard input.
import { execFile } from 'node:child_process';

export interface GitOptions {
  /** The folder git runs in: the clone, or one of its worktrees. */
  cwd: string;
  env?: Record<string, string>;
  input?: string | Buffer;
  /** Exit codes that are answers, not failures (`merge-base --is-ancestor` answers 1 for no). */
  ok?: number[];
}

export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly code: number | null,
    readonly stderr: string,
    readonly stdout: string,
  ) {
    super(`git ${args.join(' ')} failed (${code}): ${stderr.trim() || stdout.trim()}`);
  }
}

/** Runs git; resolves with its standard output and exit code. */
export function runGit(args: readonly string[], options: GitOptions): Promise<{ stdout: string; code: number }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      args,
      {
        cwd: options.cwd,
        maxBuffer: 256 * 1024 * 1024,
        encoding: 'utf8',
        env: {
          ...process.env,
          // Never ask anyone anything, never read the operator's own settings for what the server decides.
          GIT_TERMINAL_PROMPT: '0',
          GIT_CONFIG_NOSYSTEM: '1',
          LC_ALL: 'C',
          ...options.env,
        },
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? ((err as { code: number }).code) : null) : 0;
        if (code === 0 || (code !== null && options.ok?.includes(code))) resolve({ stdout, code });
        else reject(new GitError(args, code, stderr, stdout));
      },
    );
    if (options.input !== undefined) child.stdin!.end(options.input);
    else child.stdin!.end();
  });
}

export const git = async (args: readonly string[], options: GitOptions): Promise<string> => (await runGit(args, options)).stdout;

/** The commit a ref names, or undefined when there is none. */
export async function revParse(cwd: string, ref: string): Promise<string | undefined> {
  const { stdout, code } = await runGit(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd, ok: [1, 128] });
  return code === 0 ? stdout.trim() : undefined;
}

/** The text of a file at a commit, or undefined when the commit has no such file. */
export async function fileAt(cwd: string, commit: string, file: string): Promise<string | undefined> {
  const { stdout, code } = await runGit(['cat-file', '-p', `${commit}:${file}`], { cwd, ok: [128] });
  return code === 0 ? stdout : undefined;
}

/** The blob id of a file at a commit, or '' when the commit has no such file. */
export async function blobAt(cwd: string, commit: string, file: string): Promise<string> {
  const { stdout, code } = await runGit(['rev-parse', '--verify', '--quiet', `${commit}:${file}`], { cwd, ok: [1, 128] });
  return code === 0 ? stdout.trim() : '';
}

/** The files that differ between two commits (renames as a deletion and an addition). */
export async function changedFiles(cwd: string, from: string, to: string): Promise<string[]> {
  const out = await git(['diff', '--no-renames', '--name-only', '-z', from, to, '--'], { cwd });
  return out.split('\0').filter(Boolean);
}

export const isAncestor = async (cwd: string, ancestor: string, of: string) =>
  (await runGit(['merge-base', '--is-ancestor', ancestor, of], { cwd, ok: [1] })).code === 0;

/** Who a commit is by: the environment git reads for its author and committer. */
export function identity(author: { name: string; email: string }, committer: { name: string; email: string }, date?: string): Record<string, string> {
  return {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: committer.name,
    GIT_COMMITTER_EMAIL: committer.email,
    ...(date && { GIT_AUTHOR_DATE: date }),
  };
}

/** Text a person typed, as one line of a commit: control characters and line breaks become spaces; at most `max` characters. */
export function oneLine(text: string, max = Infinity): string {
  const line = text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').replace(/ {2,}/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
