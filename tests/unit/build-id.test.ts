// The commit a build names in /_data/build.json (src/node/build/build-id.ts): what the studio server
// reads from the live site to say when a publish is live.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCommit } from '../../src/node/build/build-id';

const dir = mkdtempSync(join(tmpdir(), 'build-id-'));
const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.com' } }).trim();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('buildCommit', () => {
  it('is the host\'s commit where it names one, git\'s when the content is committed, and none when it is not', () => {
    expect(buildCommit(dir, {})).toBeUndefined(); // not a clone
    git('init', '--quiet');
    mkdirSync(join(dir, 'pages-data'));
    writeFileSync(join(dir, 'pages-data/index.json'), '{}\n');
    git('add', '--all');
    git('commit', '--quiet', '-m', 'content');
    const head = git('rev-parse', 'HEAD');
    expect(buildCommit(dir, {})).toBe(head);
    writeFileSync(join(dir, 'pages-data/index.json'), '{ "changed": true }\n');
    expect(buildCommit(dir, {})).toBeUndefined();
    const netlify = 'a'.repeat(40);
    expect(buildCommit(dir, { COMMIT_REF: netlify })).toBe(netlify);
    expect(buildCommit(dir, { CF_PAGES_COMMIT_SHA: 'b'.repeat(40) })).toBe('b'.repeat(40));
  });
});
