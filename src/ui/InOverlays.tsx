import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { OVERLAYS } from './theme';

/**
 * Renders its children into the overlays' section (theme.ts), for a dialog or drawer drawn ahead of a
 * tap (with `withinPortal={false}`). Mantine's Portal draws nothing on its first render and its
 * children only in a second, synchronous render from a layout effect: a whole form dialog in one long
 * task, which a slow phone's tap waits behind. Drawn here, they are part of the transition that draws
 * the rest of the tree, in slices that yield. Only for code fetched on the client, never prerendered.
 */
export function InOverlays({ children }: { children: ReactNode }) {
  return createPortal(children, document.getElementById(OVERLAYS)!);
}
