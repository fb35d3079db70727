import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SiteDocument } from '../../schemas/site';
import { loadContent } from '../../src/node/content/load';
import { securityHeaders } from '../../src/node/serve/headers';
import { hostFiles, imageOrigins, NGINX_HEADERS_FILE, SERVER_HEADERS_FILE } from '../../src/node/build/host-files';

const { content } = await loadContent(resolve(__dirname, '../..'));
if (!content) throw new Error('content is invalid: run npm run validate');
const files = hostFiles(content, content.site);
const cspOf = (site: SiteDocument, images: string[] = []) =>
  Object.fromEntries(securityHeaders(site, images)['Content-Security-Policy']!.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));

describe('the host configuration the build writes into dist/', () => {
  it('_redirects sends old .html addresses of pages, and only those, to the clean path', () => {
    const rules = new Map(
      files._redirects!
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
      if (code!.startsWith('301')) expect(content.routes.has(to!), from).toBe(true);
    }
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
