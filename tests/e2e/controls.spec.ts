import type { Locator, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

// Controls that are what they look like (issue 51 item 4): a control the app carries out in place is a
// link before the app runs (no-scripts.spec.ts follows them), and a button once it runs, to assistive
// technology and to the keyboard: Space presses it (from a link it scrolls the page), as Enter does.

/** Focuses the control, presses the key and says whether the page scrolled meanwhile. */
async function pressKey(page: Page, control: Locator, key: 'Space' | 'Enter') {
  await control.focus();
  const before = await page.evaluate(() => scrollY);
  await page.keyboard.press(key);
  return { scrolled: (await page.evaluate(() => scrollY)) !== before };
}

test('on /, every Request Quote and Download Catalogue is a button opening its dialog, by Space or Enter @desktop', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await hydrated(page);
  for (const [name, dialog] of [
    ['Request Quote', 'Request a Quote'],
    ['Download Catalogue', 'Product Catalogue Request'],
  ] as const) {
    const controls = page.getByRole('button', { name, exact: true });
    expect(await controls.count()).toBeGreaterThanOrEqual(12);
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    for (const control of await controls.all()) await expect(control).toHaveAttribute('aria-haspopup', 'dialog');
    for (const key of ['Space', 'Enter'] as const) {
      const { scrolled } = await pressKey(page, controls.nth(3), key);
      await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
      expect(scrolled, key).toBe(false);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: dialog })).toBeHidden();
    }
  }
  const footer = page.getByRole('contentinfo');
  for (const name of ['Request Quote', 'Product Catalogue Request']) await expect(footer.getByRole('button', { name })).toHaveAttribute('aria-haspopup', 'dialog');
  expect(consoleErrors).toEqual([]);
});

test('Add to quote list is a button that Space presses; on the list, it is the link to the list @desktop', async ({ page, consoleErrors }) => {
  await page.goto('/products/photometer-7500');
  await hydrated(page);
  const hero = page.locator('main section').first();
  const add = hero.getByRole('button', { name: 'Add to quote list' });
  await expect(add).not.toHaveAttribute('aria-haspopup');
  const { scrolled } = await pressKey(page, add, 'Space');
  expect(scrolled).toBe(false);
  const listed = hero.getByRole('link', { name: 'In quote list' });
  await expect(listed).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/quote$/);
  await expect(page.getByRole('link', { name: 'Photometer 7500' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a supplier\'s View products is a button, and each product\'s Details opens its dialog by Space @desktop', async ({ page }) => {
  await page.goto('/services/water-testing');
  await hydrated(page);
  const view = page.getByRole('button', { name: /^View products \(\d+\) from Palintest$/ });
  await pressKey(page, view, 'Space');
  const details = page.locator('.product-view').getByRole('button', { name: 'Details' }).first();
  await expect(details).toHaveAttribute('aria-haspopup', 'dialog');
  const { scrolled } = await pressKey(page, details, 'Space');
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(scrolled).toBe(false);
});

test('a tap on them does the same on a phone @phone', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.locator('#services').getByRole('button', { name: 'Request Quote' }).first().tap();
  await expect(page.getByRole('dialog', { name: 'Request a Quote' })).toBeVisible();
});
