// Stage 1 of loading the content: the files of pages-data/ read and parsed, and the run of the loader
// that every stage after it shares.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { SiteDocument } from '../../../schemas/site.ts';
import { listFolder } from './files.ts';
import type { LoadOptions } from './load.ts';
import { at, locate, type Path, type SourceFile, sourceFile } from './locate.ts';
import { type Code, message, type Params, type Problem, WARNINGS } from './problems.ts';

/**
 * One run of the loader: the files it read and the problems found so far. Each stage (a module of this
 * folder) reads it, adds its problems, and returns what the next stages need.
 */
export interface Run {
  root: string;
  /** Where the file a document names under public/ (/images/x.jpg) is read from. */
  publicPath: (ref: string) => string;
  /** Every JSON file under pages-data/ (or standing in for one), by its path there, in path order. */
  sources: Map<string, SourceFile>;
  /** The files that parse as JSON, by path. */
  parsed: Map<string, unknown>;
  problems: Problem[];
  /** Problems that do not make the content invalid (problems.ts WARNINGS): reported beside it. */
  warnings: Problem[];
  /** The fields of each document its schema check failed at: references there are not followed again. */
  failedAt: Map<string, Set<string>>;
  report: Report;
  reportFile: <C extends Code>(file: string, code: C, params: Params<C>) => void;
  /** Whether a document's verdict is kept for the next load (LoadOptions.once). */
  keepVerdicts: boolean;
  /** The site document, once checked: the documents checked after it take the company's identity from it. */
  identity?: SiteDocument | undefined;
}

export type Report = <C extends Code>(src: SourceFile, path: Path, code: C, params: Params<C>, atKey?: boolean) => void;

/** Stage 1, read the files: every JSON file under pages-data/ (or its override), parsed; one that is not JSON is a problem. */
export function readFiles(root: string, { overrides, publicFiles, once }: LoadOptions): Run {
  const dataDir = join(root, 'pages-data');
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const run: Run = {
    root,
    publicPath: (ref) => publicFiles?.get(ref) ?? join(root, 'public', ref),
    sources: new Map(),
    parsed: new Map(),
    problems,
    warnings,
    failedAt: new Map(),
    keepVerdicts: !once,
    report: (src, path, code, params, atKey = false) => (WARNINGS.has(code) ? warnings : problems).push(locate(src, path, code, message(code, params), atKey)),
    reportFile: (file, code, params) => problems.push({ file, line: 1, column: 1, path: '', code, message: message(code, params) }),
  };
  const listed = listFolder(dataDir);
  // Links in pages-data/ and public/ are never read through (src/node/content/files.ts says why).
  for (const [folder, { links }] of [['pages-data', listed], ['public', listFolder(join(root, 'public'))]] as const) {
    for (const { path, target } of links) run.reportFile(`${folder}/${path}`, 'link', { folder, target });
  }
  const files = new Set([...listed.files.filter(isJson), ...(overrides?.keys() ?? [])]);
  for (const [rel, text] of overrides ?? []) if (text === null) files.delete(rel);
  for (const rel of [...files].sort()) {
    const display = `pages-data/${rel}`;
    const text = overrides?.get(rel) ?? readIfThere(join(dataDir, rel));
    if (text === undefined) continue; // deleted since it was listed (a checkout in another window): not there
    const src = sourceFile(rel, display, text);
    run.sources.set(rel, src);
    try {
      run.parsed.set(rel, JSON.parse(text));
    } catch {
      // jsonc-parser says where; only its first error, the later ones are echoes of it.
      const errors: ParseError[] = [];
      parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
      const e = errors[0];
      problems.push(at(src, e?.offset ?? 0, '', 'malformed-json', message('malformed-json', { detail: e ? describeParseError(e) : 'not a JSON document' })));
    }
  }
  return run;
}

export function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A file's text; undefined when it is not there (any more). */
export function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

const isJson = (file: string) => file.endsWith('.json');

/** Every JSON file under pages-data/, by its path there. */
export const contentFiles = (root = process.cwd()) => listFolder(join(root, 'pages-data')).files.filter(isJson);

function describeParseError(e: ParseError): string {
  const code = printParseErrorCode(e.error);
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
