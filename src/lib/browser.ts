/** Hands a mailto URL to the visitor's mail program. One place, so tests can observe it. */
export function openMailProgram(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.click();
}
