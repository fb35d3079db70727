import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import site from 'virtual:site';

/**
 * What a printed spec sheet ends with, for a buyer's procurement file: the company's contact details
 * and the page's address (its query too: a comparison's names its products). Shown in print only
 * (styles.css hides it on screen).
 */
export function PrintFooter() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const href = useRouterState({ select: (s) => s.location.href });
  // The prerendered page knows its path only; its query (a comparison's products) once the app runs.
  const [shown, setShown] = useState(path);
  useEffect(() => setShown(href), [href]);
  const a = site.address;
  return (
    <div className="print-only print-footer">
      <p>
        <strong>{site.name}</strong> · {[a.building, a.street, a.area, a.city, a.postalCode].join(', ')} · {site.phones.join(' · ')} · {site.mailboxes.contact}
      </p>
      <p>{`${site.url}${shown}`}</p>
    </div>
  );
}
