import { useEffect, useState } from 'react';

/**
 * Fields filled in from the page's address (?details=… from a Request Quote button, ?interest=… from
 * a catalogue button: src/dialogs/index.tsx dialogLink) on a page the app draws; on the page the browser
 * loads, the inline script has filled them in already (src/page/early-forms.ts). A field the visitor
 * typed into keeps what they typed.
 */
export function usePrefill<K extends string>(names: readonly K[]): Partial<Record<K, string>> {
  const [values, setValues] = useState<Partial<Record<K, string>>>({});
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const found = names.flatMap((n) => (query.get(n) ? [[n, query.get(n)!] as const] : []));
    if (found.length) setValues(Object.fromEntries(found) as Partial<Record<K, string>>);
    // Read once, as the page starts.
  }, []);
  return values;
}
