import { Button, Group } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { IconMail, IconPrinter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { brandedName } from '../../../schemas/collections';
import { pageDataPath } from '../../../schemas/routes';
import { fixedSlot } from '../../../schemas/slots';
import { openQuote } from '../../dialogs';
import { COMPARE_PAGE, compareSearch, idsFromParam, setCompared, useCompared } from '../../lib/compare';
import type { BlockPropsOf } from '../../../schemas/blocks';
import type { PagePicture, ResolvedPage } from '../../page/types';
import { InternalLink } from '../../ui/actions';
import { PicturesProvider } from '../../ui/Picture';
import { ProductPicture } from '../../ui/ProductPicture';
import { PrintFooter } from '../../ui/PrintFooter';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

type Detail = BlockPropsOf<'product-detail'>;
interface Compared extends Detail {
  url: string;
  pictures: Record<string, PagePicture>;
}

/** A product's page document, as its product-detail block shows it; undefined when it has none (a product gone since the address was shared). */
async function productOf(route: string): Promise<Compared | undefined> {
  const response = await fetch(pageDataPath(route));
  if (!response.ok) return undefined;
  const page = (await response.json()) as ResolvedPage;
  const detail = page.blocks.find((b) => b.block.type === 'product-detail');
  return detail && { ...(detail.props as Detail), url: route, pictures: page.pictures };
}

const thumb = fixedSlot(160);

export function ProductCompare({ block, productRoute }: BlockComponentProps<'product-compare'>) {
  const param = useRouterState({ select: (s) => (s.location.search as Record<string, unknown>).products });
  const navigate = useNavigate();
  const picked = useCompared();
  const [ready, setReady] = useState(false);
  const [products, setProducts] = useState<(Compared | undefined)[] | undefined>();
  useEffect(() => setReady(true), []);
  // The address names the products; without any, the ones picked on this device (and the address then names them).
  const fromAddress = idsFromParam(param);
  const ids = fromAddress.length > 0 ? fromAddress : picked;
  const key = ids.join(',');
  useEffect(() => {
    if (!ready || !productRoute) return;
    if (fromAddress.length === 0 && picked.length > 0) void navigate({ to: COMPARE_PAGE as '/', search: compareSearch(picked) as never, replace: true });
    let live = true;
    setProducts(undefined);
    Promise.all(ids.map((id) => productOf(productRoute.replace('[id]', id)).catch(() => undefined))).then((list) => live && setProducts(list));
    return () => {
      live = false;
    };
  }, [ready, key, productRoute]);

  const shown = (products ?? []).filter((p): p is Compared => p !== undefined);
  const missing = products ? ids.filter((_, i) => !products[i]) : [];
  const remove = (id: string) => {
    const rest = ids.filter((x) => x !== id);
    setCompared(rest);
    void navigate({ to: COMPARE_PAGE as '/', search: (rest.length ? compareSearch(rest) : {}) as never, replace: true });
  };
  const rows = shown.length > 0 ? compareRows(shown) : [];
  const quote = () =>
    openQuote(`Quote request for: ${shown.map((p) => `${brandedName(p.product, p.brand)}${p.product.model ? ` (model ${p.product.model})` : ''}`).join('; ')}`);

  return (
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>
      {(!ready || ids.length === 0) && (
        <p className="compare-empty">
          Pick up to four products with <strong>Compare</strong> on a product list or <strong>Add to compare</strong> on a product's page: they show here side by side,
          with the specifications where they differ marked. <InternalLink to="/products" className="mantine-focus-auto link">Browse the products</InternalLink>
        </p>
      )}
      {ready && ids.length > 0 && !products && <p role="status">Loading the products…</p>}
      {missing.length > 0 && <p role="status">No longer in the catalogue: {missing.join(', ')}.</p>}
      {shown.length > 0 && (
        <>
          <Group gap="sm" mb="md" className="no-print">
            <Button onClick={quote} leftSection={<IconMail size={18} aria-hidden />}>
              Request a quote for {shown.length === 1 ? 'this product' : `these ${shown.length} products`}
            </Button>
            <Button variant="outline" onClick={() => window.print()} leftSection={<IconPrinter size={18} aria-hidden />}>
              Print
            </Button>
          </Group>
          <PicturesProvider value={Object.assign({}, ...shown.map((p) => p.pictures))}>
            <div className="compare-scroll">
              <table className="compare-table">
                <caption className="visually-hidden">The products side by side; rows marked "differs" are where they are not the same</caption>
                <thead>
                  <tr>
                    <td />
                    {shown.map((p) => (
                      <th key={p.product.id} scope="col">
                        <ProductPicture image={p.product.image} standIn={p.standIn} name={p.product.name} slot={thumb} className="compare-picture" />
                        <InternalLink to={p.url} className="mantine-focus-auto link">
                          {brandedName(p.product, p.brand)}
                        </InternalLink>
                        <button type="button" className="mantine-focus-auto link no-print compare-remove" onClick={() => remove(p.product.id)}>
                          Remove<span className="visually-hidden"> {p.product.name}</span>
                        </button>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.name} className={r.differs ? 'differs' : undefined}>
                      <th scope="row">
                        {r.name}
                        {r.differs && <span className="differs-mark">differs</span>}
                      </th>
                      {r.values.map((v, i) => (
                        <td key={shown[i]!.product.id}>{v.length > 1 ? <ul>{v.map((x) => <li key={x}>{x}</li>)}</ul> : (v[0] ?? '–')}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </PicturesProvider>
        </>
      )}
      <PrintFooter />
    </Section>
  );
}

/** The rows of the comparison: what every product page says of a product, each specification value a row of its own. */
function compareRows(products: Compared[]): { name: string; values: string[][]; differs: boolean }[] {
  const valueNames = [...new Set(products.flatMap((p) => p.table.map((r) => r.name)))];
  const rows: { name: string; values: string[][] }[] = [
    { name: 'Brand', values: products.map((p) => [p.brand.name]) },
    { name: 'Category', values: products.map((p) => [p.category.name]) },
    { name: 'Model', values: products.map((p) => (p.product.model ? [p.product.model] : [])) },
    { name: 'Packs', values: products.map((p) => p.packs.rows.map((r) => `${r.label} (${r.code})`)) },
    ...valueNames.map((name) => ({ name, values: products.map((p) => p.table.filter((r) => r.name === name).map((r) => r.value)) })),
    { name: 'Other specifications', values: products.map((p) => p.lines) },
    { name: 'Applications', values: products.map((p) => p.product.applications) },
    { name: 'Availability', values: products.map((p) => [p.discontinued ? 'Discontinued' : 'Available to order']) },
  ];
  return rows
    .filter((r) => r.values.some((v) => v.length > 0))
    .map((r) => ({ ...r, differs: products.length > 1 && new Set(r.values.map((v) => v.join('\n'))).size > 1 }));
}
