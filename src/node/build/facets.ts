// The facets files (src/lib/facets.ts): one per category with products, what a listing's filters need
// of every product of it. A pure function of the content, written with its keys and products in a
// fixed order, so the same content always gives the same files (an incremental build compares them).
import { isDiscontinued } from '../../../schemas/collections.ts';
import { productCardSlot } from '../../../schemas/blocks/product-related.ts';
import { entryRoute, facetsPath } from '../../../schemas/routes.ts';
import { attributeKey, type FacetFile, type FacetProduct } from '../../lib/facets.ts';
import type { PagePicture } from '../../page/types.ts';
import type { Content } from '../content/load.ts';

export function facetFiles(content: Pick<Content, 'products' | 'categories' | 'partners' | 'suppliers' | 'templates' | 'pictures' | 'encoded'>): Map<string, string> {
  const route = content.templates.products;
  const out = new Map<string, string>();
  if (!route) return out;
  const brandName = (id: string) => content.partners.get(id)?.name ?? content.suppliers.get(id)?.name ?? id;
  for (const category of [...content.categories.values()].sort((a, b) => a.id.localeCompare(b.id))) {
    const products = [...content.products.values()].filter((p) => p.category === category.id && !isDiscontinued(p));
    if (products.length === 0) continue;
    const attributes = (category.attributes ?? []).filter((a) => a.filter).map((a) => ({ name: a.name, key: attributeKey(a.name), type: a.type, ...(a.unit ? { unit: a.unit } : {}) }));
    const brands = [...new Set(products.map((p) => p.brand))].map((id) => ({ id, name: brandName(id) })).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    const pictures: Record<string, PagePicture> = {};
    const rows = products.map((p): FacetProduct => {
      const facts = content.pictures.get(p.image.src);
      const encoded = content.encoded?.pictures.get(p.image.src);
      if (facts && !pictures[p.image.src]) pictures[p.image.src] = { width: facts.width, height: facts.height, sizes: productCardSlot.sizes, ...(encoded ? { encoded: { base: encoded.base, widths: encoded.widths } } : {}) };
      const values = attributes.map((a) => {
        const v = p.specifications.find((s) => typeof s !== 'string' && s.name === a.name);
        return v && typeof v !== 'string' ? v.value : null;
      });
      return [p.id, p.name, brands.findIndex((b) => b.id === p.brand), p.model ?? '', p.image.src, p.image.alt, values];
    });
    const file: FacetFile = { category: { id: category.id, name: category.name }, productRoute: entryRoute(route, '[id]'), attributes, brands, products: rows, pictures: Object.fromEntries(Object.entries(pictures).sort(([a], [b]) => a.localeCompare(b))) };
    out.set(facetsPath(category.id), JSON.stringify(file));
  }
  return out;
}
