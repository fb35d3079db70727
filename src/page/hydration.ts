// Start-up of a prerendered page. React hydrates the shell, then each block of the page on its own
// (every block sits in a Suspense boundary). Until the last block is done, a link click goes to the
// browser, which loads the prerendered page, rather than to the router, which would change a
// half-hydrated tree under React (recoverable errors 422/520 and a client re-render).
let hydrating = false;
let blocksToGo = 0;
let done = () => {};

function passLinkClicksToBrowser(e: MouseEvent) {
  if (hydrating && e.target instanceof Element && e.target.closest('a[href]')) e.stopPropagation();
}

function end() {
  hydrating = false;
  window.removeEventListener('click', passLinkClicksToBrowser, true);
  done();
}

export const hydration = {
  /** onDone runs once the last block has hydrated. */
  begin(onDone: () => void) {
    done = onDone;
    hydrating = true;
    window.addEventListener('click', passLinkClicksToBrowser, true);
  },
  active: () => hydrating,
  /** The page view, as it first renders: how many blocks are still to hydrate. */
  expectBlocks(n: number) {
    if (!hydrating) return;
    blocksToGo = n;
    if (n === 0) end();
  },
  /** A block has hydrated (its effects run once its boundary has committed). */
  blockDone() {
    if (hydrating && --blocksToGo <= 0) end();
  },
};
