import { useNavigate, useRouterState } from '@tanstack/react-router';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import type { ProductSummary } from '../../../schemas/collections';
import {
  attributeKey, choicesOf, type FacetAttribute, type FacetFile, filterProducts, type Filters, filtersFromParams, isFiltered, noFilters, paramsOfFilters, rangeOf,
} from '../../lib/facets';
import type { PagePicture } from '../../page/types';

/** Facets files fetched already, by address: a listing opened again (Back) filters at once. */
const fetched = new Map<string, Promise<FacetFile>>();
function facetsFile(url: string): Promise<FacetFile> {
  let file = fetched.get(url);
  if (!file) {
    file = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`${url}: ${r.status}`);
      return r.json() as Promise<FacetFile>;
    });
    file.catch(() => fetched.delete(url));
    fetched.set(url, file);
  }
  return file;
}

export interface Filtered {
  products: ProductSummary[];
  pictures: Record<string, PagePicture>;
  total: number;
}

/**
 * A category listing's filters: by brand and by each filterable attribute, every choice with how many
 * products it leaves. The choices are the page's address (Back, bookmarks and shared links reproduce
 * them). Drawn once the app runs, in the place the prerendered page keeps for them: without scripts the
 * listing's pages work as they are. Returns the panel, and the filtered products when any filter is on.
 */
export function useListingFilters(facets: { url: string; attributes: string[] } | undefined): { panel: React.ReactNode; filtered?: Filtered } {
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<FacetFile | undefined>();
  const [failed, setFailed] = useState(false);
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const search = useRouterState({ select: (s) => s.location.search }) as Record<string, unknown>;
  useEffect(() => setReady(true), []);
  // The attributes are known before the file comes (their keys read the address).
  const attributes: FacetAttribute[] = useMemo(() => file?.attributes ?? (facets?.attributes ?? []).map((name) => ({ name, key: attributeKey(name), type: 'text' as const })), [file, facets]);
  const filters = useMemo(() => filtersFromParams((k) => search[k], attributes), [search, attributes]);
  const active = isFiltered(filters);
  const wanted = ready && facets !== undefined && (open || active);
  useEffect(() => {
    if (!wanted || file) return;
    let live = true;
    facetsFile(facets!.url).then(
      (f) => live && setFile(f),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, file, facets]);

  const go = (next: Filters) => void navigate({ to: pathname as '/', search: paramsOfFilters(next, attributes) as never, resetScroll: false });
  const filtered = useMemo((): Filtered | undefined => {
    if (!file || !active) return undefined;
    const route = file.productRoute;
    const products = filterProducts(file, filters).map(([id, name, brand, model, src, alt, , category, standIn]): ProductSummary => ({
      id, name, brand: file.brands[brand]!.name, category: file.categories[category]!, ...(model ? { model } : {}),
      ...(src ? { [standIn ? 'standIn' : 'image']: { src, alt } } : {}), url: route.replace('[id]', id),
    }));
    return { products, pictures: file.pictures, total: file.products.length };
  }, [file, filters, active]);

  if (!facets) return { panel: null };
  const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  const panel = (
    <div className="listing-filters">
      {ready && (
        <>
          <button type="button" className="mantine-focus-auto listing-filters-toggle" aria-expanded={open || active} aria-controls="listing-filters-panel" onClick={() => setOpen(!(open || active))}>
            {active ? 'Filters on' : 'Filter these products'}
          </button>
          {active && (
            <button type="button" className="mantine-focus-auto link" onClick={() => go(noFilters())}>
              Clear filters
            </button>
          )}
          {(open || active) && (
            <div id="listing-filters-panel" className="listing-filters-panel">
              {failed && <p role="alert">The filters could not be loaded. Check the connection and try again.</p>}
              {!file && !failed && <p>Loading the filters…</p>}
              {file && (
                <>
                  <Choices legend="Brand" choices={choicesOf(file, filters, 'brand')} chosen={filters.brands} onToggle={(v) => go({ ...filters, brands: toggle(filters.brands, v) })} />
                  {file.attributes.map((a) =>
                    a.type === 'number' ? (
                      <Range key={a.key} attribute={a} range={rangeOf(file, filters, a.key)} chosen={filters.ranges[a.key] ?? {}} onChange={(r) => go({ ...filters, ranges: { ...filters.ranges, [a.key]: r } })} />
                    ) : (
                      <Choices key={a.key} legend={a.name} choices={choicesOf(file, filters, a.key)} chosen={filters.values[a.key] ?? []} onToggle={(v) => go({ ...filters, values: { ...filters.values, [a.key]: toggle(filters.values[a.key] ?? [], v) } })} />
                    ),
                  )}
                </>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
  return { panel, ...(filtered ? { filtered } : {}) };
}

function Choices({ legend, choices, chosen, onToggle }: { legend: string; choices: { value: string; label: string; count: number }[]; chosen: string[]; onToggle: (value: string) => void }) {
  if (choices.length === 0) return null;
  return (
    <fieldset>
      <legend>{legend}</legend>
      {choices.map((c) => (
        <label key={c.value} data-empty={c.count === 0 && !chosen.includes(c.value) ? '' : undefined}>
          <input type="checkbox" checked={chosen.includes(c.value)} onChange={() => onToggle(c.value)} />
          {c.label} <span className="count">({c.count})</span>
        </label>
      ))}
    </fieldset>
  );
}

/** A number attribute's range: from and to, in its unit; applied when the form is sent (Enter, or Apply). */
function Range({ attribute, range, chosen, onChange }: { attribute: FacetAttribute; range: { min?: number; max?: number; count: number }; chosen: { min?: number; max?: number }; onChange: (r: { min?: number; max?: number }) => void }) {
  const unit = attribute.unit ? ` (${attribute.unit})` : '';
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const num = (k: string) => {
      const v = String(data.get(k) ?? '').trim().replace(',', '.');
      return v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v);
    };
    const r: { min?: number; max?: number } = {};
    const [min, max] = [num('min'), num('max')];
    if (min !== undefined) r.min = min;
    if (max !== undefined) r.max = max;
    onChange(r);
  };
  if (range.min === undefined && chosen.min === undefined && chosen.max === undefined) return null;
  return (
    <form className="listing-range" onSubmit={submit} key={`${chosen.min}-${chosen.max}`}>
      <fieldset>
        <legend>
          {attribute.name}
          {unit}
        </legend>
        <label>
          From <input name="min" type="number" step="any" inputMode="decimal" defaultValue={chosen.min} placeholder={range.min === undefined ? '' : String(range.min)} />
        </label>
        <label>
          to <input name="max" type="number" step="any" inputMode="decimal" defaultValue={chosen.max} placeholder={range.max === undefined ? '' : String(range.max)} />
        </label>
        <button type="submit" className="mantine-focus-auto">
          Apply
        </button>
        {(chosen.min !== undefined || chosen.max !== undefined) && <span className="count">({range.count} in range)</span>}
      </fieldset>
    </form>
  );
}
