// The studio's self-hosted site (issue 52, item 11): each publish is built into a folder of its own
// under STUDIO_SITE_DIR/builds/ and served by switching `current` to it; the builds before it beyond
// the KEEP last are deleted. Over a site whose build script only writes a page, so that four builds
// take seconds (the real build is tested under nginx by tests/e2e/studio-server-site.spec.ts).
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StudioConfig } from '../../src/node/studio-server/config';
import { KEEP, LiveSite } from '../../src/node/studio-server/live';
import { Publisher } from '../../src/node/studio-server/publish';
import { Repo } from '../../src/node/studio-server/repo';
import { git } from '../support/studio-server';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'studio-live-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it(`keeps the build it serves and the ${KEEP} before it, and deletes the older`, async () => {
  const seed = join(dir, 'seed');
  git(dir, 'init', '--quiet', '--initial-branch=main', seed);
  const build = "const fs = require('fs'); fs.mkdirSync('dist', { recursive: true }); fs.copyFileSync('page.txt', 'dist/index.html')";
  writeFileSync(join(seed, 'package.json'), JSON.stringify({ name: 'site', private: true, scripts: { build: `node -e "${build}"` } }));
  const commits: string[] = [];
  for (let i = 1; i <= 5; i++) {
    writeFileSync(join(seed, 'page.txt'), `publish ${i}\n`);
    git(seed, 'add', '--all');
    git(seed, 'commit', '--quiet', '-m', `publish ${i}`);
    commits.push(git(seed, 'rev-parse', 'HEAD'));
  }
  git(dir, 'clone', '--quiet', '--bare', seed, join(dir, 'remote.git'));
  git(dir, 'clone', '--quiet', join(dir, 'remote.git'), join(dir, 'clone'));
  const config = { repo: join(dir, 'clone'), data: join(dir, 'data'), remote: 'origin', branch: 'main', siteDir: join(dir, 'www') } as StudioConfig;
  const repo = new Repo(config);
  await repo.fetch();
  const live = new LiveSite(config, repo, new Publisher(repo), () => undefined);

  for (const commit of commits) expect(await live.build(commit)).toBeUndefined();
  const builds = readdirSync(join(dir, 'www/builds')).sort();
  expect(builds.map((b) => b.slice(-40))).toEqual(commits.slice(-1 - KEEP));
  expect(readlinkSync(join(dir, 'www/current'))).toBe(join('builds', builds.at(-1)!));
  expect(readFileSync(join(dir, 'www/current/index.html'), 'utf8')).toBe('publish 5\n');
});
