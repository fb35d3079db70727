import { writeFileSync } from 'node:fs';
import { jsonSchemaFiles } from './json-schema.ts';

for (const { file, json } of jsonSchemaFiles()) {
  writeFileSync(new URL(`../../../schemas/${file}`, import.meta.url), json);
  console.log(`schemas/${file}`);
}
