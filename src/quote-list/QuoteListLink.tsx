import { IconListCheck } from '@tabler/icons-react';
import site from 'virtual:site';
import { InternalLink } from '../ui/actions';
import { productCount, useAnnouncement } from './announce';
import { useQuoteList } from './store';

/**
 * The header's "Quote list" link with the number of products on the list (D18), and the live region
 * that reads out each addition. The count's place is kept while it is unknown or 0, so nothing moves
 * when it appears.
 */
export function QuoteListLink() {
  const count = useQuoteList()?.length ?? 0;
  const said = useAnnouncement();
  return (
    <>
      <InternalLink to={site.pages.quote} className="quote-list-link mantine-focus-auto" aria-label={count > 0 ? `Quote list, ${productCount(count)}` : undefined}>
        <IconListCheck size={16} aria-hidden />
        <span className="quote-list-label">Quote list</span>
        <span className="quote-count" aria-hidden>
          {count > 0 ? count : ''}
        </span>
      </InternalLink>
      <span role="status" className="visually-hidden">
        {said}
      </span>
    </>
  );
}
