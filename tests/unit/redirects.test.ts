// pages-data/redirects.json (D17): the one matching rule, and what the build writes for each host.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redirectTarget } from '../../src/lib/redirects';
import { loadContent } from '../../src/node/content/load';
import { hostFiles, NGINX_REDIRECTS_FILE, SERVER_REDIRECTS_FILE } from '../../src/node/build/host-files';

const rules = [
  { from: '/services/microscopy', to: '/services/microscopes' },
  { from: '/About-Us.html', to: '/contact' },
  { from: '/products/[id]', to: '/catalogue/[id]' },
  { from: '/products/special', to: '/services' },
];

describe('where a redirect sends an address', () => {
  it('an exact address, with or without a trailing slash', () => {
    expect(redirectTarget(rules, '/services/microscopy')).toBe('/services/microscopes');
    expect(redirectTarget(rules, '/services/microscopy/')).toBe('/services/microscopes');
    expect(redirectTarget(rules, '/About-Us.html')).toBe('/contact');
    expect(redirectTarget(rules, '/about-us.html')).toBeUndefined();
    expect(redirectTarget(rules, '/services/microscopy/x')).toBeUndefined();
  });

  it('a pattern carries its [id] over, one segment deep, after every exact address', () => {
    expect(redirectTarget(rules, '/products/photometer-7500')).toBe('/catalogue/photometer-7500');
    expect(redirectTarget(rules, '/products/special')).toBe('/services');
    expect(redirectTarget(rules, '/products')).toBeUndefined();
    expect(redirectTarget(rules, '/products/a/b')).toBeUndefined();
  });

  it('a pattern carries over an id only: lowercase words joined by hyphens (issue 36, item 3)', () => {
    for (const id of ['x\r\nSet-Cookie: session=attacker', 'x y', 'X', 'a_b', 'a.b', '-a', 'a--b', '%0d%0a', 'a"b', 'ü']) {
      expect(redirectTarget(rules, `/products/${id}`), JSON.stringify(id)).toBeUndefined();
    }
    expect(redirectTarget(rules, '/products/n-4410')).toBe('/catalogue/n-4410');
  });
});

describe('the host files of the redirects', async () => {
  const root = resolve(__dirname, '../..');
  const overrides = new Map([
    // The pattern leads to the products' template page, which stands for every address under /products/.
    ['redirects.json', JSON.stringify({ $schema: '../schemas/redirects.schema.json', redirects: [{ from: '/services/microscopy-old', to: '/services/microscopy' }, { from: '/goods/[id]', to: '/products/[id]' }] })],
  ]);
  const { content, problems } = await loadContent(root, { overrides, skipSchemaFiles: true });
  it('the content with them is valid', () => expect(problems).toEqual([]));
  const files = content ? hostFiles(content, content.site) : {};

  it('_redirects: one 301 line each, [id] as :id', () => {
    const lines = files._redirects!.split('\n').filter((l) => / 301$/.test(l) && !l.includes('.html'));
    expect(lines).toEqual(['/services/microscopy-old  /services/microscopy  301', '/goods/:id  /products/:id  301']);
  });

  it('our server reads them as they are; nginx gets a map of regular expressions, exact addresses first', () => {
    expect(JSON.parse(files[SERVER_REDIRECTS_FILE]!)).toEqual(content!.redirects);
    expect(files[NGINX_REDIRECTS_FILE]).toContain('    "~^/services/microscopy-old/*$"  "/services/microscopy";\n    "~^/goods/([a-z0-9]+(?:-[a-z0-9]+)*)/*$"  "/products/$1";\n}');
  });
});
