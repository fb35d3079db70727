import { createContext, useContext } from 'react';
import type { ResolvedPage } from '../node/content';

export interface LoadedPage {
  /** 200 for a page of the site, 404 when the not-found document stands in. */
  status: 200 | 404;
  page: ResolvedPage;
}

export const PageContext = createContext<ResolvedPage | null>(null);

/** The page being rendered, with the partner and supplier records its blocks name. */
export function usePage(): ResolvedPage {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePage outside a page');
  return page;
}
