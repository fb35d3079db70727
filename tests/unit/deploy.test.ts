import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allRoutes } from '../../schemas/routes';
import { deployFiles } from '../../src/node/write-deploy';

const project = resolve(__dirname, '../..');

describe('host configurations under deploy/', () => {
  for (const [file, text] of Object.entries(deployFiles())) {
    it(`${file} is what npm run deploy-config writes from the headers and the route table`, () => {
      const committed = readFileSync(resolve(project, file), 'utf8');
      expect(committed, `${file} is stale: run npm run deploy-config`).toBe(text);
    });
  }

  it('_redirects sends old .html addresses of pages, and only those, to the clean path', () => {
    const rules = new Map(
      deployFiles()['deploy/_redirects']!
        .split('\n')
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => {
          const [from, to, code] = l.split(/ +/);
          return [from, [to, code]];
        }),
    );
    expect(rules.get('/contact.html')).toEqual(['/contact', '301']);
    expect(rules.get('/services/water-testing/index.html')).toEqual(['/services/water-testing', '301!']);
    expect(rules.get('/palintest.html')).toEqual(['/palintest', '301']);
    expect(rules.get('/index.html')).toEqual(['/', '301!']);
    expect(rules.has('/404.html')).toBe(false);
    for (const [from, [to, code]] of rules) {
      if (code!.startsWith('301')) expect(allRoutes, from).toContain(to);
    }
  });
});
