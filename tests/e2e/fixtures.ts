import { test as base, expect, type Page } from '@playwright/test';

/** Console errors a page logged, except the not-found page's own line naming the attempted path. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() !== 'error' && msg.type() !== 'warning') return;
      const text = msg.text();
      if (msg.type() === 'warning' && !/hydrat|did not match|Warning:/i.test(text)) return;
      if (text.startsWith('404 Error: User attempted to access non-existent route:')) return;
      // The browser's own line for a not-found document answered with status 404, as it should be.
      if (text.includes('status of 404') && msg.location().url === page.url()) return;
      errors.push(`${msg.type()}: ${text}`);
    });
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    await use(errors);
  },
});

export { expect };

/**
 * Waits until the client has hydrated the whole page, so interactions are live. React marks the root
 * at once but hydrates the page in slices; a navigation from the header, footer or search before the
 * last slice is done logs recoverable hydration errors. The last element gets its fiber last.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const all = document.getElementById('root')?.getElementsByTagName('*');
    const last = all?.[all.length - 1];
    return !!last && Object.keys(last).some((k) => k.startsWith('__reactFiber'));
  });
}
