// What a host needs beside the pages, written into dist/ by the build from the content of that build
// (D11, D12): nothing here is committed, so adding a page or changing the site document needs no
// extra command. dist/_headers and dist/_redirects are read by Netlify and Cloudflare Pages from the
// publish directory; dist/.host/ holds the headers and redirects for our own server and the includes
// of deploy/nginx.conf (a dot folder: neither server serves it).
import { pageDocument } from '../../../schemas/page.ts';
import { partnersDocument, suppliersDocument } from '../../../schemas/records.ts';
import type { Redirect } from '../../../schemas/redirects.ts';
import { entryRoute, isPattern, NOT_FOUND_ROUTE, PATTERN_SEGMENT, routeOfFile, SLUG } from '../../../schemas/routes.ts';
import { siteDocument, type SiteDocument } from '../../../schemas/site.ts';
import type { Content } from '../content/load.ts';
import type { Page } from '../content/pages.ts';
import { walkReferences } from '../content/references.ts';
import { cacheControl, securityHeaders } from '../serve/headers.ts';

export const HOST_DIR = '.host';
export const SERVER_HEADERS_FILE = `${HOST_DIR}/security-headers.json`;
export const NGINX_HEADERS_FILE = `${HOST_DIR}/nginx-security-headers.conf`;
export const SERVER_REDIRECTS_FILE = `${HOST_DIR}/redirects.json`;
export const NGINX_REDIRECTS_FILE = `${HOST_DIR}/nginx-redirects.conf`;

const generated = 'Written by `npm run build` from pages-data/ and src/node/serve/headers.ts.';

/** The origins of the remote pictures the content names (D13): the CSP lets the browser load them. */
export function imageOrigins(content: Content): string[] {
  const origins = new Set<string>();
  const collect = (schema: Parameters<typeof walkReferences>[0], value: unknown) =>
    walkReferences(schema, value, [], (kind, ref) => {
      if ((kind === 'file' || kind === 'picture') && /^https:/.test(ref)) origins.add(new URL(ref).origin);
    });
  collect(siteDocument, content.site);
  collect(partnersDocument, { partners: [...content.partners.values()] });
  collect(suppliersDocument, { suppliers: [...content.suppliers.values()] });
  for (const page of content.pages.values()) collect(pageDocument, page.doc);
  return [...origins].sort();
}

function nginxSecurityHeaders(headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => {
    if (/["\\$]/.test(value)) throw new Error(`${name}: nginx would need escaping for ${value}`);
    return `add_header ${name} "${value}" always;`;
  });
  return [`# ${generated}`, '# Included by deploy/nginx.conf; `always` puts them on every answer, 404s and redirects too.', ...lines, ''].join('\n');
}

function hostHeaders(headers: Record<string, string>): string {
  const block = (path: string, values: Record<string, string>) => [path, ...Object.entries(values).map(([k, v]) => `  ${k}: ${v}`)].join('\n');
  return [
    `# Netlify / Cloudflare Pages response headers. ${generated}`,
    '#',
    "# Everything outside /assets/ (the HTML first) keeps the hosts' default",
    '# `Cache-Control: public, max-age=0, must-revalidate`, which like the `no-cache` of our own server',
    '# means "revalidate on every use". No /* Cache-Control rule on purpose: the hosts add up the values',
    '# of every rule that matches a path, so it would spoil the /assets/* one.',
    '',
    block('/*', headers),
    '',
    '# Hashed build output: the name changes when the content does.',
    block('/assets/*', { 'Cache-Control': cacheControl.assets }),
    '',
  ].join('\n');
}

/**
 * pages-data/redirects.json for nginx: a map from the request's path to where it goes, which
 * deploy/nginx.conf answers with a 301 keeping the query. Regular expressions, tried in order, so a
 * trailing slash and a pattern's [id] are matched as `npm run serve` matches them (src/lib/redirects.ts);
 * an exact address comes before any pattern there too. $uri is decoded (%0d%0a is a line break), so
 * a pattern captures an id's characters only: anything else would go into the Location header as it is.
 */
function nginxRedirects(redirects: readonly Redirect[]): string {
  const escape = (path: string) => path.replace(/\./g, '\\.');
  const ordered = [...redirects.filter((r) => !isPattern(r.from)), ...redirects.filter((r) => isPattern(r.from))];
  const lines = ordered.map(({ from, to }) =>
    isPattern(from)
      ? `    "~^${escape(from.slice(0, -PATTERN_SEGMENT.length))}(${SLUG})/*$"  "${to.slice(0, -PATTERN_SEGMENT.length)}$1";`
      : `    "~^${escape(from)}/*$"  "${to}";`,
  );
  return [
    '# Written by `npm run build` from pages-data/redirects.json.',
    '# Included by deploy/nginx.conf in the http context: where an old address goes ("" for none).',
    'map $uri $site_redirect {',
    '    default  "";',
    ...lines,
    '}',
    '',
  ].join('\n');
}

function hostRedirects(pages: readonly (readonly [string, Page])[], redirects: readonly Redirect[]): string {
  // Netlify applies a rule to a path that is also a file (x/index.html) only when forced with `!`.
  const rulesOf = (r: string) => (r === '/' ? [['/index.html', '/', '301!']] : [[`${r}.html`, r, '301'], [`${r}/index.html`, r, '301!']]);
  const rules = pages.filter(([, p]) => !p.entry).flatMap(([route]) => rulesOf(route));
  // Pages a template makes (thousands in a catalogue) get their template's rules instead of one each:
  // Cloudflare Pages reads at most 2,000 static redirects and 100 dynamic ones.
  const patterns = [...new Set(pages.filter(([, p]) => p.entry).map(([route, p]) => templatePattern(route, p)))].flatMap(rulesOf);
  const widths = [0, 1].map((i) => [...rules, ...patterns].reduce((w, rule) => Math.max(w, rule[i]!.length), 0));
  const width = (i: number) => widths[i]!;
  const line = ([from, to, code]: string[]) => `${from!.padEnd(width(0))}  ${to!.padEnd(width(1))}  ${code}`;
  return [
    `# Netlify / Cloudflare Pages redirects. ${generated}`,
    '#',
    '# Unknown paths: both hosts answer 404 with dist/404.html on their own, so there is no catch-all here.',
    '# Old .html addresses of every page go to the clean path for good (D11); the query string is kept.',
    '# An .html address of anything else is an unknown path: the not-found page explains old .html links.',
    '# Written for Netlify. Cloudflare Pages redirects .html addresses by itself, and sends /x to /x/ for',
    '# a folder page (dist/x/index.html): pages then answer at /x/, one redirect away from their canonical.',
    ...rules.map(line),
    '',
    '# The pages templates make, by their address: one segment each (:id), a listing\'s later pages one more (:page).',
    '# Any address of that shape goes to its clean path; one no page answers is then not found there.',
    ...patterns.map(line),
    '',
    '# pages-data/redirects.json (D17): addresses no page answers any more, for good, keeping the query;',
    '# a trailing slash matches too. [id] is one path segment (:id): these hosts cannot narrow it to an id\'s',
    '# characters as our server and nginx do, so a segment that is not an id is sent on to an address no page answers.',
    ...redirects.map(({ from, to }) => `${from.replace(`/${PATTERN_SEGMENT}`, '/:id')}  ${to.replace(`/${PATTERN_SEGMENT}`, '/:id')}  301`),
    '',
    "# The not-found page's own route is not a page; the build manifest and these files are not part of the site.",
    '# (Netlify only: Cloudflare Pages ignores lines it cannot read, such as these 404 rewrites.)',
    `${NOT_FOUND_ROUTE}  /404.html  404!`,
    '/.vite/*  /404.html  404!',
    `/${HOST_DIR}/*  /404.html  404!`,
    '',
  ].join('\n');
}

/** The address of a page a template makes, as a pattern: /products/:id, or a listing's later page /products/category/:id/:page. */
function templatePattern(route: string, page: Page): string {
  const template = routeOfFile(page.file);
  const pattern = entryRoute(template, ':id');
  return route.split('/').length > template.split('/').length ? `${pattern}/:page` : pattern;
}

/** Every file the build writes for hosts, by its path under dist/. */
export function hostFiles(content: Content, site: SiteDocument): Record<string, string> {
  const headers = securityHeaders(site, imageOrigins(content));
  const pages = [...content.routes].filter(([route]) => route !== NOT_FOUND_ROUTE).sort(([a], [b]) => (a < b ? -1 : 1));
  return {
    '_headers': hostHeaders(headers),
    '_redirects': hostRedirects(pages, content.redirects),
    [SERVER_HEADERS_FILE]: JSON.stringify(headers, null, 2) + '\n',
    [NGINX_HEADERS_FILE]: nginxSecurityHeaders(headers),
    [SERVER_REDIRECTS_FILE]: JSON.stringify(content.redirects, null, 2) + '\n',
    [NGINX_REDIRECTS_FILE]: nginxRedirects(content.redirects),
  };
}
