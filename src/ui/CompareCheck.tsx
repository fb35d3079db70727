import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { COMPARE_MAX, COMPARE_PAGE, compareSearch, toggleCompared, useCompared } from '../lib/compare';
import { CURRENT } from './actions';

/**
 * A product's "Compare" check (a card's, or "Add to compare" on its page), with a link to the
 * comparison once picked. Drawn once the app runs: without scripts there is nothing to compare with,
 * so the prerendered page holds only its place (the same height, so nothing moves when it appears).
 */
export function CompareCheck({ id, name, label = 'Compare' }: { id: string; name: string; label?: string }) {
  const picked = useCompared();
  const [ready, setReady] = useState(false);
  const [full, setFull] = useState(false);
  useEffect(() => setReady(true), []);
  const on = picked.includes(id);
  return (
    <div className="compare-check">
      {ready && (
        <>
          <label>
            <input type="checkbox" checked={on} onChange={() => setFull(!toggleCompared(id))} aria-describedby={full ? `compare-full-${id}` : undefined} />
            <span>
              {label}
              <span className="visually-hidden"> {name}</span>
            </span>
          </label>
          {on && picked.length > 0 && (
            <Link to={COMPARE_PAGE as '/'} search={compareSearch(picked) as never} activeOptions={CURRENT} className="mantine-focus-auto link">
              Compare {picked.length} →
            </Link>
          )}
          {full && !on && (
            <span id={`compare-full-${id}`} role="status" className="compare-full">
              {COMPARE_MAX} at most: take one out first
            </span>
          )}
        </>
      )}
    </div>
  );
}
