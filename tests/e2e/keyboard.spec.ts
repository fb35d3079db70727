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

/** The indicator, allowing a moment for one set by script (the map frame's, set as focus leaves the page). */
async function focusIndicatorSoon(page: Page) {
  for (let i = 0; i < 10; i++) {
    const ring = await focusIndicator(page);
    if (ring) return ring;
    await page.waitForTimeout(50);
  }
  return '';
}

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
    const header = page.getByRole('banner');
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

  // One page of each kind, walked with Tab from the top to the end of the footer.
  for (const route of ['/', '/services/water-testing', '/industries/healthcare', '/partner/lovibond', '/contact', '/policies/ethical-policy']) {
    test(`${route}: every element Tab reaches shows a visible focus indicator, and none is hidden`, async ({ page }) => {
      await page.goto(route);
      await hydrated(page);
      const missing: string[] = [];
      const hidden: string[] = [];
      const seen = new Set<string>();
      for (let i = 0; i < 400; i++) {
        await page.keyboard.press('Tab');
        const where = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const path: string[] = [];
          for (let n: Element | null = el; n && n !== document.body; n = n.parentElement) path.push(`${n.tagName}:${[...(n.parentElement?.children ?? [])].indexOf(n)}`);
          const r = el.getBoundingClientRect();
          return { path: path.join('<'), body: el === document.body, visible: r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' };
        });
        if (where.body || seen.has(where.path)) break; // past the end of the page, or wrapped around
        seen.add(where.path);
        if (!where.visible) hidden.push(await describeFocused(page));
        else if (!(await focusIndicatorSoon(page))) missing.push(await describeFocused(page));
      }
      expect(seen.size).toBeGreaterThan(20);
      expect(missing, 'elements without a focus indicator').toEqual([]);
      expect(hidden, 'focusable elements a sighted keyboard user cannot see').toEqual([]);
    });
  }
});

test.describe('keyboard @phone', () => {
  test('the menu drawer: Enter opens it, focus stays inside, a group opens with Enter, Enter on a link goes there', async ({ page }) => {
    await page.goto('/contact');
    await hydrated(page);
    const burger = page.getByRole('button', { name: 'Open menu' });
    await burger.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect.poll(() => drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // Tab cycles within the drawer: a keyboard user cannot wander into the page behind it.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      expect(await focusIndicator(page)).not.toBe('');
    }
    const services = drawer.getByRole('button', { name: 'Services' });
    await services.focus();
    await page.keyboard.press('Enter');
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    // The group's links are shown from the next frame on; a person's next key press comes later.
    await expect(services.locator('xpath=following-sibling::*[1]').getByRole('link').first()).toBeVisible();
    await page.keyboard.press('Tab');
    const first = drawer.locator('a:focus');
    await expect(first).toHaveCount(1);
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/services\/[a-z-]+$/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(drawer).toBeHidden();
  });
});
