// The company's identity in the documents (schemas/identity.ts): its {tokens} filled in from the site
// document as each document is checked, and the warnings while the site document holds the example's.
import { TOKEN } from '../../../schemas/collections.ts';
import { exampleIdentity, identityTokenNames, withIdentity } from '../../../schemas/identity.ts';
import { isTemplateFile, RECORD_FILES } from '../../../schemas/routes.ts';
import type { SiteDocument } from '../../../schemas/site.ts';
import { locate, type Path, show, type SourceFile } from './locate.ts';
import { message, type Problem } from './problems.ts';
import type { Report, Run } from './read.ts';
import { nearest } from './suggest.ts';

/**
 * A document with the company's identity filled into its texts ({company}, {email}...: schemas/identity.ts),
 * from the site document (the site document itself from itself). A {word} close to one of those is a
 * misspelt token, a problem; any other is text as written ("{x}"). In a template page every {word} is
 * a token, its entries' or the identity's (catalogue.ts checks those).
 */
export function withOwnIdentity<T>(src: SourceFile, doc: T, site: SiteDocument | undefined, report: Report): T {
  if (!site || !/\{[A-Za-z]+\}/.test(src.text)) return doc;
  const filled = withIdentity(doc, site);
  if (!isTemplateFile(src.rel)) {
    for (const [path, token] of tokensIn(filled)) if (nearest(token, identityTokenNames)) report(src, path, 'unknown-token', { token, allowed: identityTokenNames });
  }
  return filled;
}

function tokensIn(value: unknown, path: Path = []): [Path, string][] {
  if (typeof value === 'string') return [...value.matchAll(TOKEN)].map((m): [Path, string] => [path, m[1]!]);
  if (Array.isArray(value)) return value.flatMap((v, i) => tokensIn(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => tokensIn(v, [...path, k]));
  return [];
}

/**
 * Stage 13, the warnings: the fields of the site document that still hold the shipped example company's
 * values (D1), which a production build would publish as the company's. Warnings only, since the
 * example itself is built and tested as it is. SITE_URL, where it names a real site, stands for the url.
 */
export function exampleIdentityWarnings(run: Run): Problem[] {
  const overridden = process.env.SITE_URL && exampleIdentity(process.env.SITE_URL).length === 0;
  return exampleIdentity(run.parsed.get(RECORD_FILES.site))
    .filter(({ path }) => !(overridden && path.join('.') === 'url'))
    .map(({ path, value }) => locate(run.sources.get(RECORD_FILES.site)!, path, 'example-identity', message('example-identity', { value: show(value) })));
}
