// npm run check:html: html-validate and the W3C's Nu HTML Checker (vnu.jar, one java process for all
// pages) over every HTML file the build wrote into dist/; prints `dist/file.html:line:column  rule-id
// message` per problem and exits 1 on any. Run after npm run build.
// (html-validate's own CLI needs fs.globSync, which Node 20 lacks; its Node API does not.)
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type ConfigData, HtmlValidate } from 'html-validate';

export const config: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // Purely stylistic rules, off:
    'attr-case': 'off', // React writes camelCase attributes such as autoComplete and tabIndex
    'doctype-style': 'off', // <!doctype html> or <!DOCTYPE html> is the same document
    'void-style': 'off', // React writes void elements self-closed (<img/>)
    'attribute-boolean-style': 'off', // React writes boolean attributes as attr="" (hidden="")
    'tel-non-breaking': 'off', // phone numbers wrap as the layout needs; a wrapped number still dials
    // Mantine, part of the fixed stack, sets each component's CSS variables in its style attribute.
    'no-inline-style': 'off',
    // It counts the title's raw text, &amp; as 5 characters; npm run validate checks the decoded
    // title (with the site's suffix) at its source, at the file and line an author edits.
    'long-title': 'off',
  },
};

const dist = join(process.cwd(), 'dist');

async function main() {
  if (!existsSync(join(dist, 'index.html'))) {
    console.error('dist/ is empty: run npm run build first');
    process.exit(1);
  }
  const validator = new HtmlValidate(config);
  const files = (readdirSync(dist, { recursive: true }) as string[]).filter((f) => f.endsWith('.html')).sort();
  const nu = nuCheck(files.map((f) => join(dist, f))); // runs in java beside html-validate
  let errors = 0;
  for (const file of files) {
    const html = readFileSync(join(dist, file), 'utf8');
    const report = await validator.validateString(html, `dist/${file}`);
    for (const d of repeatedStyleSheets(html)) {
      console.log(`dist/${file}:${d.line}:${d.column}  repeated-stylesheet  ${d.href} is linked again: the browser matches its rules twice in every style recalculation`);
      errors++;
    }
    for (const d of unparsedExpects(html)) {
      console.log(`dist/${file}:${d.line}:${d.column}  expect-target  #${d.id} is not in the page: the browser draws nothing until the whole page is parsed and its scripts have run`);
      errors++;
    }
    for (const result of report.results) {
      for (const m of result.messages) {
        console.log(`${result.filePath}:${m.line}:${m.column}  ${m.ruleId}  ${m.message}`);
        errors++;
      }
    }
  }
  console.log(`html-validate: ${files.length} pages checked, ${errors} ${errors === 1 ? 'error' : 'errors'}`);
  const nuErrors = await nu;
  for (const m of nuErrors) console.log(`${m.file}:${m.line}:${m.column}  vnu  ${m.message}`);
  console.log(`Nu HTML Checker: ${files.length} pages checked, ${nuErrors.length} ${nuErrors.length === 1 ? 'error' : 'errors'}`);
  if (errors > 0 || nuErrors.length > 0) process.exit(1);
}

/** The line and column of a character of a file. */
function position(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, index).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** Style sheets a page links more than once, at their second link. */
export function repeatedStyleSheets(html: string): { href: string; line: number; column: number }[] {
  const seen = new Set<string>();
  const repeated: { href: string; line: number; column: number }[] = [];
  for (const m of html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)) {
    const href = /\bhref="([^"]*)"/.exec(m[0])?.[1];
    if (!href) continue;
    if (seen.has(href)) repeated.push({ href, ...position(html, m.index) });
    seen.add(href);
  }
  return repeated;
}

/**
 * The <link rel="expect" blocking="render"> of a page whose target is not in it. The browser holds
 * the first frame until it has parsed the element the link names (index.html: the page's first block);
 * where there is none, until the whole page is parsed and its scripts have run.
 */
export function unparsedExpects(html: string): { id: string; line: number; column: number }[] {
  const missing: { id: string; line: number; column: number }[] = [];
  for (const m of html.matchAll(/<link\b[^>]*\brel="expect"[^>]*>/g)) {
    const id = /\bhref="#([^"]+)"/.exec(m[0])?.[1];
    if (id && !html.includes(` id="${id}"`)) missing.push({ id, ...position(html, m.index) });
  }
  return missing;
}

interface NuMessage {
  file: string;
  line: number;
  column: number;
  message: string;
}

/**
 * The Nu HTML Checker's errors over the given files, checked by one java process (its warnings, such
 * as a section without a heading, are advice and left out). It reads HTML as the HTML standard does,
 * so it catches what html-validate lets through, such as a component prop that reaches the DOM as an
 * attribute no element has.
 */
export function nuCheck(files: string[]): Promise<NuMessage[]> {
  const jar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
  return new Promise((resolve, reject) => {
    const java = spawn('java', ['-jar', jar, '--errors-only', '--format', 'json', '--stdout', ...files], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    java.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    java.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new Error('java not found: the Nu HTML Checker needs Java 11 or later (Debian: apt-get install default-jre-headless; bash .ci/run installs it)') : err),
    );
    java.on('close', (code) => {
      let report: { messages: { type: string; url?: string; firstLine?: number; lastLine?: number; firstColumn?: number; message: string; extract?: string }[] };
      try {
        report = JSON.parse(out);
      } catch {
        return reject(new Error(`the Nu HTML Checker stopped (exit ${code}) without a report:\n${out}`));
      }
      resolve(
        report.messages
          .filter((m) => (m.type === 'error' || m.type === 'non-document-error') && !expectLink(m))
          .map((m) => ({
            file: m.url?.startsWith('file:') ? relative(process.cwd(), fileURLToPath(m.url)) : (m.url ?? '(vnu)'),
            line: m.firstLine ?? m.lastLine ?? 0,
            column: m.firstColumn ?? 0,
            message: m.message,
          })),
      );
    });
  });
}

/**
 * The HTML standard lets <link rel="expect"> be render-blocking (its "expect" link type); this checker
 * predates that and takes `blocking` for a style sheet's attribute alone. Only that message, and only
 * on such a link (index.html's), is left out.
 */
const expectLink = (m: { message: string; extract?: string }) =>
  m.message.startsWith('A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”') && /<link rel="expect"[^>]*>/.test(m.extract ?? '');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
