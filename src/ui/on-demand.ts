import { useCallback, useState } from 'react';

/**
 * A module fetched when first asked for (a drawer, a dialog), not with the page:
 * [the module once it has arrived, a function that asks for it and resolves when it is there].
 * A failed fetch leaves nothing behind, so the next request tries again.
 */
export function useOnDemand<M>(load: () => Promise<M>): [M | undefined, () => Promise<M>] {
  const [mod, setMod] = useState<M>();
  const request = useCallback(
    () =>
      load().then((m) => {
        setMod(() => m);
        return m;
      }),
    [load],
  );
  return [mod, request];
}

/**
 * Tells the visitor that something they asked for could not be fetched (a bad network). A native
 * alert, because what failed to arrive may be the code that would show a nicer message.
 */
export function sayNotLoaded() {
  window.alert('This could not be loaded. Please check your connection and try again.');
}
