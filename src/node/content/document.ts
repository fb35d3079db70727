// Stage 2 of loading the content: one document checked against its schema, after its $schema link and
// its placeholders; the schema's verdict is kept while the document's text is unchanged.
import type { z } from 'zod';
import { RECORD_FILES } from '../../../schemas/routes.ts';
import type { SiteDocument } from '../../../schemas/site.ts';
import { PLACEHOLDER_PICTURE } from '../../../schemas/slots.ts';
import { withOwnIdentity } from './identity.ts';
import { schemaFileOf } from './json-schema.ts';
import { issueProblems, type Path, show } from './locate.ts';
import type { Run } from './read.ts';

/** A parsed and schema-checked document, kept while its text is unchanged (the studio re-validates on every keystroke), unless the run keeps none (LoadOptions.once). */
const checked = new Map<string, { text: string; data: unknown; result: z.ZodSafeParseResult<unknown> }>();

/**
 * Stage 2, check a document: its `$schema` link, its placeholders and its schema. The valid
 * document, or undefined when it does not parse or fails its schema (with its problems reported).
 */
export function checkDocument<S extends z.ZodType>(run: Run, rel: string, schema: S): z.output<S> | undefined {
  const schemaFile = schemaFileOf(rel);
  const src = run.sources.get(rel);
  const data = run.parsed.get(rel);
  if (!src || data === undefined) return undefined;
  const want = schemaRef(rel, schemaFile);
  const given = data && typeof data === 'object' ? (data as { $schema?: unknown }).$schema : undefined;
  if (given !== want) run.report(src, ['$schema'], 'schema-link', { expected: want, received: show(given) });
  if (src.text.includes(PLACEHOLDER) || src.text.includes(PLACEHOLDER_PICTURE)) for (const [path, text] of placeholders(data)) run.report(src, path, 'placeholder', { text: show(text) });
  const key = `${schemaFile} ${rel}`;
  let hit = checked.get(key);
  if (hit?.text !== src.text) {
    hit = { text: src.text, data, result: schema.safeParse(data, { reportInput: true }) };
    if (run.keepVerdicts) checked.set(key, hit);
  }
  if (!hit.result.success) {
    const found = hit.result.error.issues.flatMap((issue) => issueProblems(src, schema, data, issue));
    run.problems.push(...found);
    run.failedAt.set(rel, new Set(found.map((p) => p.path)));
    return undefined;
  }
  return withOwnIdentity(src, hit.result.data, rel === RECORD_FILES.site ? (hit.result.data as SiteDocument) : run.identity, run.report) as z.output<S>;
}

/** Text a scaffold leaves for the author to replace (npm run new-page). */
export const PLACEHOLDER = 'TODO:';

function placeholders(value: unknown, path: Path = []): [Path, string][] {
  if (typeof value === 'string') return value.includes(PLACEHOLDER) || value === PLACEHOLDER_PICTURE ? [[path, value]] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => placeholders(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => placeholders(v, [...path, k]));
  return [];
}

/** The `$schema` a document at `rel` names: its schema file by a relative path. */
export function schemaRef(rel: string, schemaFile: string): string {
  return `${'../'.repeat(rel.split('/').length)}schemas/${schemaFile}`;
}
