/** A click that opens a link here, not in a new tab or window: the app may handle it in place. */
export const plainClick = (e: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }) =>
  e.button === 0 && !(e.metaKey || e.ctrlKey || e.shiftKey || e.altKey);

/** Hands a mailto URL to the visitor's mail program. One place, so tests can observe it. */
export function openMailProgram(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.click();
}

/**
 * Puts text on the clipboard; true when it got there. The Clipboard API needs a secure context and
 * the page's permission, so where it refuses, a selected textarea is copied the older way. Focus
 * goes back to where it was, so a keyboard user stays on the button they pressed.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const focused = document.activeElement as HTMLElement | null;
    const area = document.createElement('textarea');
    area.value = text;
    area.readOnly = true;
    area.style.cssText = 'position:fixed;top:0;left:0;opacity:0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
      focused?.focus();
    }
  }
}
