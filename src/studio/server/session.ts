// Who is signed in, for the parts of the studio that exist only under `npm run studio` (the studio
// server): undefined under `npm run dev`, where the studio has no accounts.
import { createContext, useContext } from 'react';
import type { Me } from './api';

export const SERVER = import.meta.env.VITE_STUDIO_SERVER === '1';

export const MeContext = createContext<Me | undefined>(undefined);
export const useMe = () => useContext(MeContext);

/** A value as a person reads it: text as it is, anything else as short JSON. */
export function shown(value: unknown): string {
  if (value === undefined) return '(none)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  const json = JSON.stringify(value);
  return json.length > 160 ? `${json.slice(0, 157)}…` : json;
}

/** A time in Nairobi, as the studio shows every time. */
export const nairobi = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { timeZone: 'Africa/Nairobi', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
