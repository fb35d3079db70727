// npm run check:html: html-validate over every HTML file the build wrote into dist/; prints
// `dist/file.html:line:column  rule-id  message` per problem and exits 1 on any. Run after npm run build.
// (html-validate's own CLI needs fs.globSync, which Node 20 lacks; its Node API does not.)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  let errors = 0;
  for (const file of files) {
    const report = await validator.validateString(readFileSync(join(dist, file), 'utf8'), `dist/${file}`);
    for (const result of report.results) {
      for (const m of result.messages) {
        console.log(`${result.filePath}:${m.line}:${m.column}  ${m.ruleId}  ${m.message}`);
        errors++;
      }
    }
  }
  console.log(`html-validate: ${files.length} pages checked, ${errors} ${errors === 1 ? 'error' : 'errors'}`);
  if (errors > 0) process.exit(1);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
