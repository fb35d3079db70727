// npm run validate [-- --format json]: every document under pages-data/, checked. Prints one line per
// problem (file:line:column  path  message) with its hint, or with --format json an array of
// { file, line, column, path, code, message, severity }. Under GitHub Actions it also prints ::error
// (and ::warning) lines, so a pull request shows each problem on its line. Exits 1 on any problem;
// warnings (the shipped example company still in site.json, a picture sharp on plain screens only)
// are printed and pass.
import { loadContent } from './load.ts';
import { describeProblem, describeWarnings, problemCount, type Problem } from './problems.ts';

const args = process.argv.slice(2);
const format = args.includes('--format') ? args[args.indexOf('--format') + 1] : 'text';
if (format !== 'text' && format !== 'json') {
  console.error(`--format ${format}: expected text or json`);
  process.exit(2);
}

const { content, problems, warnings } = await loadContent(process.cwd(), { once: true });

/** A GitHub Actions workflow command, its message and properties escaped as the runner expects. */
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
const githubLine = (p: Problem, severity: 'error' | 'warning') =>
  `::${severity} file=${property(p.file)},line=${p.line},col=${p.column},title=${property(p.code)}::${data(`${p.path || '(document)'}  ${p.message}`)}`;

if (format === 'json') {
  const entry = (severity: 'error' | 'warning') => ({ file, line, column, path, code, message }: Problem) => ({ file, line, column, path, code, message, severity });
  console.log(JSON.stringify([...problems.map(entry('error')), ...warnings.map(entry('warning'))], null, 2));
} else {
  for (const p of problems) console.error(describeProblem(p));
  if (warnings.length) console.error(describeWarnings(warnings));
}
if (process.env.GITHUB_ACTIONS === 'true') {
  for (const p of problems) console.log(githubLine(p, 'error'));
  for (const p of warnings) console.log(githubLine(p, 'warning'));
}

if (!content) {
  if (format === 'text') console.error(`\n${problemCount(problems)}.`);
  process.exit(1);
}
if (format === 'text') {
  console.log(
    `pages-data/: ${content.pages.size} page documents (${content.routes.size} addresses), ${content.partners.size} partners, ${content.suppliers.size} suppliers, ` +
      `${content.products.size} products in ${content.categories.size} categories: all valid${warnings.length ? ` (${problemCount(warnings, 'warning')}, above)` : ''}.`,
  );
}
