import { Kbd, UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import site from 'virtual:site';
import { InternalLink } from '../ui/actions';
import { onDemand, saveData, sayNotLoaded, useOnDemand, whenIdle } from '../ui/on-demand';
import { startTypeAhead, takeTyped } from './type-ahead';

// The search dialog (Spotlight), its index and the code that ranks it are fetched on the first sign
// of intent (hover, focus, '/', Ctrl+K), never with the page; the dialog's code (not its index) also
// once the page is idle. A finger on the button fetches the dialog's code only: the index, a large
// chunk to evaluate, would arrive just as the tap opens the dialog, and hold it back.
const loadDialog = onDemand(() => import('./SearchDialog'));
const prefetchDialog = () => void loadDialog().catch(() => undefined);
/** A pointer resting on the button, or focus: the dialog and its index; not when the browser asks to save data (then on opening). */
const prefetch = () => {
  if (saveData()) return;
  loadDialog().then((m) => m.loadSearch().catch(() => undefined), () => undefined);
};

/** Header search (D7): finds pages, products, partners and policies; '/' and Ctrl+K open it. */
export function SearchBox() {
  const [dialog, loadDialogNow, prepareDialog] = useOnDemand(loadDialog);
  // Counts the requests to open, so each one (re)opens the dialog.
  const [requests, setRequests] = useState(0);
  useEffect(() => whenIdle(prepareDialog), [prepareDialog]);
  const open = () => {
    startTypeAhead();
    if (dialog) return setRequests((n) => n + 1);
    loadDialogNow().then(
      () => setRequests((n) => n + 1),
      () => {
        takeTyped();
        sayNotLoaded();
      },
    );
  };
  useHotkeys([
    ['mod+K', open],
    ['/', open],
  ]);
  // Before the app runs (D19), the same look as a link to the page that shows the way to every part
  // of the site; once it runs, the button that opens search (src/styles.css, .no-js-only and .js-only).
  const look = (
    <>
      <IconSearch size={16} aria-hidden />
      <span className="search-label">Search</span>
      <Kbd size="xs" visibleFrom="sm">
        /
      </Kbd>
    </>
  );
  return (
    <>
      <InternalLink to={site.pages.search} className="search-trigger no-js-only" aria-label="Search the site">
        {look}
      </InternalLink>
      <UnstyledButton className="search-trigger js-only" onClick={open} onMouseEnter={prefetch} onFocus={prefetch} onTouchStart={prefetchDialog} aria-label="Search the site">
        {look}
      </UnstyledButton>
      {dialog && requests > 0 && <dialog.default requests={requests} />}
    </>
  );
}
