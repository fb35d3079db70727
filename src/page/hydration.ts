let hydrating = false;

/** While the prerendered page hydrates, link clicks go to the browser (a full load), not the router. */
function passLinkClicksToBrowser(e: MouseEvent) {
  if (hydrating && e.target instanceof Element && e.target.closest('a[href]')) e.stopPropagation();
}

export const hydration = {
  begin() {
    hydrating = true;
    window.addEventListener('click', passLinkClicksToBrowser, true);
  },
  /** Called when the page content (the last part to hydrate) has committed. */
  end() {
    if (!hydrating) return;
    hydrating = false;
    window.removeEventListener('click', passLinkClicksToBrowser, true);
  },
};
