// Stage 12 of loading the content: the JSON Schema files editors read are the ones the zod schemas
// make (json-schema.ts).
import { join } from 'node:path';
import { jsonSchemaFiles } from './json-schema.ts';
import { readIfThere, type Run } from './read.ts';

/** Stage 12, the JSON Schema files editors read (schemas/*.schema.json) match the zod schemas. */
export function checkSchemaFiles(run: Run) {
  for (const { file, json } of jsonSchemaFiles()) {
    const path = join(run.root, 'schemas', file);
    if (readIfThere(path) !== json) run.reportFile(`schemas/${file}`, 'stale-json-schema', {});
  }
}
