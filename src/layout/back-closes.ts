import { useEffect, useRef } from 'react';

// The browser's Back (a phone's back button or gesture) closes the search dialog or the phone menu
// rather than leaving the page under it, also on the first page of a visit. Opening one adds a step to
// the tab's history at the same address (with the native pushState: the router is not told, its own
// entry stays under it); Back takes the step off and closes it, and its popstate goes no further.
// Closed another way, the step is taken off by the app; a page chosen in it is opened once it is.
const STEP = 'overlay';

/** The open overlay whose step is the tab's current history entry. */
let open: { close: () => void } | undefined;
/** What to do once the app's own Back has taken a step off (its popstate is not the router's). */
let afterBack: (() => void) | undefined;

if (typeof window !== 'undefined') {
  // A capture listener on window runs before the router's (a plain listener on the same target).
  window.addEventListener(
    'popstate',
    (e) => {
      if (afterBack) {
        e.stopImmediatePropagation();
        const next = afterBack;
        afterBack = undefined;
        next();
      } else if (open && !window.history.state?.[STEP]) {
        e.stopImmediatePropagation();
        const { close } = open;
        open = undefined;
        close();
      }
    },
    { capture: true },
  );
}

function takeStepOff(then: () => void) {
  open = undefined;
  afterBack = then;
  window.history.back();
}

/** While `opened`, Back calls close; closed otherwise, the step it added comes off. */
export function useBackCloses(opened: boolean, close: () => void) {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!opened) return;
    History.prototype.pushState.call(window.history, { ...window.history.state, [STEP]: true }, '');
    const mine = { close: () => latest.current() };
    open = mine;
    return () => {
      if (open === mine) takeStepOff(() => {});
    };
  }, [opened]);
}

/** Goes somewhere from inside an open overlay: its step first comes off, so Back then returns to this page. */
export function leaveOverlay(go: () => void) {
  if (open) takeStepOff(go);
  else go();
}
