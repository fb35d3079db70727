import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SiteDocument } from '../../schemas/site';
import { loadContent } from '../../src/node/content/load';
import { securityHeaders } from '../../src/node/serve/headers';
import { FORMS_SCRIPT } from '../../src/page/early-forms';
import { SAVE_DATA_SCRIPT } from '../../src/page/save-data';
import { addProducts } from '../support/products';
import { scratchProject } from '../support/scratch';
import { hostFiles, imageOrigins, NGINX_HEADERS_FILE, SERVER_HEADERS_FILE } from '../../src/node/build/host-files';

const { content } = await loadContent(resolve(__dirname, '../..'));
if (!content) throw new Error('content is invalid: run npm run validate');
const files = hostFiles(content, content.site);
/** The redirect rules of a _redirects file: from, and where to with what code. */
const rulesOf = (text: string) =>
  new Map(
    text
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => {
        const [from, to, code] = l.split(/ +/);
        return [from!, [to, code]] as const;
      }),
  );
const cspOf = (site: SiteDocument, images: string[] = []) =>
  Object.fromEntries(securityHeaders(site, images)['Content-Security-Policy']!.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));

describe('the host configuration the build writes into dist/', () => {
  it('_redirects sends old .html addresses of pages, and only those, to the clean path', () => {
    const rules = rulesOf(files._redirects!);
    expect(rules.get('/contact.html')).toEqual(['/contact', '301']);
    expect(rules.get('/services/water-testing/index.html')).toEqual(['/services/water-testing', '301!']);
    expect(rules.get('/palintest.html')).toEqual(['/palintest', '301']);
    expect(rules.get('/index.html')).toEqual(['/', '301!']);
    expect(rules.has('/404.html')).toBe(false);
    for (const [from, [to, code]] of rules) {
      if (code!.startsWith('301') && !from.includes(':')) expect(content.routes.has(to!), from).toBe(true);
    }
  });

  it("_redirects sends an old address of a page a template makes by its template's rule, and does not grow with the catalogue", async () => {
    // Where a host sends an address, reading the rules in order as Netlify and Cloudflare Pages do (:name is one path segment).
    const sendTo = (text: string, path: string) => {
      for (const [from, [to]] of rulesOf(text)) {
        const m = new RegExp(`^${from.replace(/\./g, '\\.').replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`).exec(path);
        if (m) return to!.replace(/:(\w+)/g, (_, name: string) => m.groups![name]!);
      }
    };
    const made = [...content.routes].filter(([, p]) => p.entry).map(([route]) => route);
    expect(made.length).toBeGreaterThan(0);
    for (const route of made) {
      expect(sendTo(files._redirects!, `${route}.html`), route).toBe(route);
      expect(sendTo(files._redirects!, `${route}/index.html`), route).toBe(route);
    }
    // 1,000 and 1,500 more products: listings by brand and by category of several pages in both, and the same rules.
    const grown = async (count: number) => {
      const scratch = scratchProject('redirects-');
      try {
        addProducts(scratch, count);
        const c = (await loadContent(scratch.dir)).content!;
        return hostFiles(c, c.site)._redirects!;
      } finally {
        scratch.remove();
      }
    };
    const [some, more] = [await grown(1000), await grown(1500)];
    expect(more).toBe(some);
    expect(more).not.toContain('bench-');
    expect(sendTo(more, '/products/bench-01350/index.html')).toBe('/products/bench-01350');
    expect(sendTo(more, '/products/category/reagents/2.html')).toBe('/products/category/reagents/2');
  });

  it('every host gets the same security headers: _headers, our server and nginx', () => {
    const headers = JSON.parse(files[SERVER_HEADERS_FILE]!) as Record<string, string>;
    for (const [name, value] of Object.entries(headers)) {
      expect(files._headers).toContain(`  ${name}: ${value}`);
      expect(files[NGINX_HEADERS_FILE]).toContain(`add_header ${name} "${value}" always;`);
    }
  });
});

describe('the content security policy follows the site document (issue 15)', () => {
  const site = content.site;
  it('lets the page talk to its own origin, and to the form endpoint only when one is named', () => {
    expect(cspOf(site)['connect-src']).toBe("'self'");
    expect(cspOf({ ...site, features: { ...site.features, formEndpoint: 'https://forms.example.org/acacia/submit' } })['connect-src']).toBe("'self' https://forms.example.org");
  });

  it('runs the site\'s own script files and, of the scripts written into a page, only the two every page carries: for Save-Data (issue 38) and its forms before the app (issue 52)', () => {
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(cspOf(site)['script-src']).toBe(`'self' ${hash(SAVE_DATA_SCRIPT)} ${hash(FORMS_SCRIPT)}`);
  });

  it('lets a form without scripts post to the mail program, and to the form endpoint only when one is named (D19)', () => {
    expect(cspOf(site)['form-action']).toBe("'self' mailto:");
    expect(cspOf({ ...site, features: { ...site.features, formEndpoint: 'https://forms.example.org/acacia/submit' } })['form-action']).toBe("'self' mailto: https://forms.example.org");
  });

  it('frames only the map host, and loads pictures from the site and the hosts the content names', () => {
    expect(cspOf(site)['frame-src']).toBe(new URL(site.map.embedUrl).origin);
    expect(cspOf({ ...site, map: { ...site.map, embedUrl: 'https://maps.example.net/embed?q=1' } })['frame-src']).toBe('https://maps.example.net');
    expect(imageOrigins(content)).toEqual([]);
    // A remote picture in a page, and a partner's remote logo: their hosts, once each.
    const page = content.pages.get('/services/water-testing')!;
    const hero = page.doc.blocks[0] as { image?: { src: string; alt: string } };
    const remote = {
      ...content,
      pages: new Map([...content.pages, [page.route, { ...page, doc: { ...page.doc, blocks: [{ ...page.doc.blocks[0]!, image: { ...hero.image!, src: 'https://cdn.example.com/bench.jpg' } } as never, ...page.doc.blocks.slice(1)] } }]]),
      partners: new Map([...content.partners].map(([id, p]) => [id, id === 'palintest' ? { ...p, logo: 'https://media.example.org/logo.png' } : p])),
    };
    expect(imageOrigins(remote)).toEqual(['https://cdn.example.com', 'https://media.example.org']);
    expect(cspOf(site)['img-src']).toBe("'self'");
    expect(cspOf(site, ['https://cdn.example.com'])['img-src']).toBe("'self' https://cdn.example.com");
  });
});
