// Stage 3c of loading the content: the rules of a lab supplier's range that no one document can check
// alone. Each order code names one pack in the whole catalogue, whatever its case (D22); the categories
// form a tree, without a loop (D23; a parent that does not exist is a reference, which the references'
// stage follows); the products still waiting for a picture are counted in one warning (D24).
import { loopThrough } from '../../../schemas/category-tree.ts';
import { productIdOfFile, RECORD_FILES } from '../../../schemas/routes.ts';
import type { Run } from './read.ts';
import type { RecordDocs } from './records.ts';

/** How many products the warning names before it says how many more. */
const NAMED = 5;

export function checkRange(run: Run, recs: RecordDocs) {
  checkOrderCodes(run);
  checkCategoryLoops(run, recs);
  countProductsWithoutPicture(run, recs);
}

/** An order code used twice, at the second, naming the first (files in path order: the same run, the same report). */
function checkOrderCodes(run: Run) {
  const first = new Map<string, string>();
  for (const [rel, src] of run.sources) {
    if (!productIdOfFile(rel)) continue;
    const packs = (run.parsed.get(rel) as { packs?: unknown } | undefined)?.packs;
    if (!Array.isArray(packs)) continue;
    packs.forEach((pack: unknown, i) => {
      const code = (pack as { code?: unknown } | null)?.code;
      if (typeof code !== 'string' || !code.trim()) return;
      const key = code.trim().toLowerCase();
      const other = first.get(key);
      if (other) run.report(src, ['packs', i, 'code'], 'duplicate-code', { code: code.trim(), other });
      else first.set(key, `${src.display} (packs[${i}])`);
    });
  }
}

/** A category that is its own parent, through any number of others: at each category of the loop. */
function checkCategoryLoops(run: Run, recs: RecordDocs) {
  const src = run.sources.get(RECORD_FILES.categories);
  recs.categoriesDoc?.categories.forEach((c, i) => {
    const loop = loopThrough(recs.categories, c.id);
    if (loop) run.report(src!, ['categories', i, 'parent'], 'category-loop', { loop });
  });
}

/** One warning for every product without a picture of its own, at the first such product's file. */
function countProductsWithoutPicture(run: Run, recs: RecordDocs) {
  const waiting = [...recs.productDocs].filter(([, doc]) => !doc.image);
  if (waiting.length === 0) return;
  const [firstFile] = waiting[0]!;
  run.report(run.sources.get(firstFile)!, [], 'products-without-picture', { count: waiting.length, first: waiting.slice(0, NAMED).map(([rel]) => productIdOfFile(rel)!) });
}
