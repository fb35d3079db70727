import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/** The focused element's visible focus indicator: its computed outline or box-shadow, or '' if none. */
const focusIndicator = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 ? `outline ${s.outlineStyle} ${s.outlineWidth}` : '';
    const shadow = s.boxShadow !== 'none' ? `box-shadow ${s.boxShadow}` : '';
    return outline || shadow;
  });

const describeFocused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    return `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
  });

test.describe('keyboard @desktop', () => {
  test('the first Tab reaches the skip link, which moves focus to main', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('every focusable element in the header shows a visible focus indicator', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const header = page.locator('header');
    const missing: string[] = [];
    let visited = 0;
    await page.keyboard.press('Tab'); // the skip link
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const inHeader = await header.evaluate((h) => h.contains(document.activeElement));
      if (!inHeader) break;
      visited++;
      if (!(await focusIndicator(page))) missing.push(await describeFocused(page));
    }
    expect(visited).toBeGreaterThan(3);
    expect(missing, 'header elements without a focus indicator').toEqual([]);
  });
});
