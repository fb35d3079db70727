import { formatProblem, loadContent } from './content.ts';

const { content, problems } = loadContent();
for (const p of problems) console.error(formatProblem(p));
if (!content) {
  console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} in pages-data/.`);
  process.exit(1);
}
console.log(`pages-data/: ${content.pages.size} pages, ${content.partners.size} partners, ${content.suppliers.size} suppliers: all valid.`);
