// Stage 3b of loading the content: each product's specification values (and its packs') against its
// category's attributes, and the attributes themselves.
import type { Attribute, ProductCategory } from '../../../schemas/records.ts';
import { productIdOfFile, RECORD_FILES } from '../../../schemas/routes.ts';
import { fieldPath, type Path, show, type SourceFile } from './locate.ts';
import type { Run } from './read.ts';
import type { RecordDocs } from './records.ts';
import { nearest } from './suggest.ts';

/**
 * Stage 3b, the specification values: each names an attribute of its product's category, once, with
 * a value of the attribute's type and its unit; a category's attributes are well formed; a product
 * replaced by another is discontinued.
 */
export function checkSpecifications(run: Run, recs: RecordDocs) {
  const categoriesFile = run.sources.get(RECORD_FILES.categories);
  recs.categoriesDoc?.categories.forEach((c, i) => {
    const seen = new Set<string>();
    c.attributes?.forEach((a, j) => {
      const at: Path = ['categories', i, 'attributes', j];
      if (seen.has(a.name)) run.report(categoriesFile!, [...at, 'name'], 'duplicate-attribute', { name: a.name });
      seen.add(a.name);
      if (a.type === 'choice' && !a.choices) run.report(categoriesFile!, at, 'attribute-definition', { name: a.name, detail: 'a choice lists its "choices"' });
      if (a.type !== 'choice' && a.choices) run.report(categoriesFile!, [...at, 'choices'], 'attribute-definition', { name: a.name, detail: `a ${a.type} attribute has no "choices"` });
      if (a.type !== 'number' && a.unit) run.report(categoriesFile!, [...at, 'unit'], 'attribute-definition', { name: a.name, detail: `a ${a.type} attribute has no "unit"` });
    });
  });
  // Every product file that parses, valid or not, so that one run reports these with its other problems.
  for (const [rel, src] of run.sources) {
    const doc = productIdOfFile(rel) ? (run.parsed.get(rel) as { category?: unknown; specifications?: unknown; packs?: unknown; status?: unknown; replacedBy?: unknown } | undefined) : undefined;
    if (!doc || typeof doc !== 'object') continue;
    const failed = run.failedAt.get(rel);
    if (typeof doc.replacedBy === 'string' && !failed?.has('replacedBy')) {
      if (doc.replacedBy === productIdOfFile(rel)) run.report(src, ['replacedBy'], 'replaced-by-itself', {});
      else if (doc.status !== 'discontinued') run.report(src, ['replacedBy'], 'replaced-not-discontinued', { id: doc.replacedBy });
    }
    const category = typeof doc.category === 'string' ? recs.categories.get(doc.category) : undefined;
    if (!category) continue; // an unknown category is reported as such
    const failedAt = (at: Path) => failed?.has(fieldPath(at)) || [...(failed ?? [])].some((f) => f.startsWith(`${fieldPath(at)}.`));
    const check = (list: unknown, at: Path) => Array.isArray(list) && checkValues(run, src, category, list, at, failedAt);
    check(doc.specifications, ['specifications']);
    // A pack's own values are values of the same attributes (D22).
    if (Array.isArray(doc.packs)) doc.packs.forEach((pack: unknown, i) => pack && typeof pack === 'object' && check((pack as { specifications?: unknown }).specifications, ['packs', i, 'specifications']));
  }
}

/**
 * A list of specification values (a product's, or one of its packs'): each names an attribute of the
 * category, once, with a value of its type in its unit. Lines of text, and values their schema refused
 * (reported already), are passed over.
 */
function checkValues(run: Run, src: SourceFile, category: ProductCategory, list: unknown[], at: Path, refused: (at: Path) => boolean | undefined) {
  const attributes = category.attributes ?? [];
  const given = new Set<string>();
  list.forEach((v, i) => {
    const here: Path = [...at, i];
    if (!v || typeof v !== 'object' || refused(here)) return;
    const { name, value, unit } = v as { name: string; value: string | number; unit?: string };
    const attribute = attributes.find((a) => a.name === name);
    if (!attribute) {
      const known = attributes.map((a) => a.name);
      return run.report(src, [...here, 'name'], 'unknown-attribute', { name, category: category.id, guess: nearest(name, known), known });
    }
    if (given.has(name)) run.report(src, [...here, 'name'], 'duplicate-attribute', { name });
    given.add(name);
    const wrong = valueProblem(attribute, value);
    if (wrong) run.report(src, [...here, 'value'], 'attribute-type', { name, expected: wrong, received: show(value) });
    if ((attribute.unit ?? '') !== (unit ?? '')) {
      run.report(src, [...here, unit === undefined ? 'value' : 'unit'], 'attribute-unit', { name, expected: attribute.unit ? `"${attribute.unit}"` : 'none', received: unit ? `"${unit}"` : 'none' });
    }
  });
}

/** What an attribute expects, when a value is not that: undefined when the value fits. */
export function valueProblem(attribute: Attribute, value: string | number): string | undefined {
  if (attribute.type === 'number') return typeof value === 'number' ? undefined : `a number${attribute.unit ? ` in ${attribute.unit}` : ''}`;
  if (typeof value !== 'string') return 'text';
  if (attribute.type === 'choice' && attribute.choices && !attribute.choices.includes(value)) return `one of ${attribute.choices.map((c) => `"${c}"`).join(', ')}`;
  return undefined;
}
