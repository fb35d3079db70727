// The facets files (src/lib/facets.ts): one per category with products, what a listing's filters need
// of every product it lists (those of the categories under it too, D23), with the values of its packs
// (D22). A pure function of the content, written with its keys and products in a fixed order, so the
// same content always gives the same files (an incremental build compares them).
import { isDiscontinued, sharedFilters, valuesOf } from '../../../schemas/collections.ts';
import { productCardSlot } from '../../../schemas/blocks/product-related.ts';
import type { Product } from '../../../schemas/records.ts';
import { entryRoute, facetsPath } from '../../../schemas/routes.ts';
import { attributeKey, type FacetFile, type FacetProduct, type FacetValue } from '../../lib/facets.ts';
import type { PagePicture } from '../../page/types.ts';
import type { Content } from '../content/load.ts';
import { recordsOf } from '../../page/resolve.ts';

type FacetContent = Pick<Content, 'products' | 'categories' | 'partners' | 'suppliers' | 'templates' | 'pictures' | 'encoded'>;

export function facetFiles(content: FacetContent): Map<string, string> {
  const route = content.templates.products;
  const out = new Map<string, string>();
  if (!route) return out;
  const r = recordsOf(content);
  const tree = r.tree();
  const brandName = (id: string) => content.partners.get(id)?.name ?? content.suppliers.get(id)?.name ?? id;
  // Each category's products, and those of the categories under it, in the order of their ids.
  const listed = new Map<string, Product[]>();
  for (const p of content.products.values()) {
    if (isDiscontinued(p)) continue;
    for (const c of tree.path(p.category)) (listed.get(c.id) ?? listed.set(c.id, []).get(c.id)!).push(p);
  }
  for (const category of [...content.categories.values()].sort((a, b) => a.id.localeCompare(b.id))) {
    const products = listed.get(category.id);
    if (!products) continue;
    const attributes = sharedFilters(r.listedCategories(category.id)).map((a) => ({ name: a.name, key: attributeKey(a.name), type: a.type, ...(a.unit ? { unit: a.unit } : {}) }));
    const brands = [...new Set(products.map((p) => p.brand))].map((id) => ({ id, name: brandName(id) })).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    const brandIndex = new Map(brands.map((b, i) => [b.id, i]));
    const categories = [...new Set(products.map((p) => p.category))].sort();
    const categoryIndex = new Map(categories.map((c, i) => [c, i]));
    const pictures: Record<string, PagePicture> = {};
    const rows = products.map((p): FacetProduct => {
      const standIn = r.standIn(p);
      const picture = p.image ?? standIn;
      if (picture) addPicture(content, pictures, picture.src);
      const values = attributes.map((a): FacetValue => {
        const all = valuesOf(p, a.name).map((v) => v.value);
        return all.length === 0 ? null : all.length === 1 ? all[0]! : all;
      });
      const row: FacetProduct = [p.id, p.name, brandIndex.get(p.brand)!, p.model ?? '', picture?.src ?? '', picture?.alt ?? '', values, categoryIndex.get(p.category)!];
      if (!p.image && standIn) row.push(1);
      return row;
    });
    const file: FacetFile = {
      category: { id: category.id, name: tree.label(category.id) },
      categories: categories.map((c) => tree.label(c)),
      productRoute: entryRoute(route, '[id]'),
      attributes,
      brands,
      products: rows,
      pictures: Object.fromEntries(Object.entries(pictures).sort(([a], [b]) => a.localeCompare(b))),
    };
    out.set(facetsPath(category.id), JSON.stringify(file));
  }
  return out;
}

/** A card's picture as a page gives it (PagePicture), once per src. */
function addPicture(content: FacetContent, pictures: Record<string, PagePicture>, src: string) {
  const facts = content.pictures.get(src);
  const encoded = content.encoded?.pictures.get(src);
  if (facts && !pictures[src]) pictures[src] = { width: facts.width, height: facts.height, sizes: productCardSlot.sizes, ...(encoded ? { encoded: { base: encoded.base, widths: encoded.widths } } : {}) };
}
