import { expect, hydrated, test } from './fixtures';

// Home product range (section 2, section 4): five tabs, chemicals first, switching on click, tap or focus.
const LABELS = ['Lab Chemicals & Supplies', 'Laboratory Instruments', 'Analytical Instruments', 'Safety Equipment', 'Heating & Cooling'];

test.beforeEach(async ({ page }) => {
  await page.goto('/#products');
  await hydrated(page);
});

test('chemicals is the default tab', async ({ page }) => {
  const tabs = page.locator('#products').getByRole('tab');
  await expect(tabs).toHaveText(LABELS);
  await expect(page.getByRole('tab', { name: 'Lab Chemicals & Supplies' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveCount(1);
  await expect(page.getByRole('tabpanel')).toContainText('Analytical Reagents');
});

test('a click or tap switches the tab', async ({ page, isMobile }) => {
  const tab = page.getByRole('tab', { name: 'Safety Equipment' });
  if (isMobile) await tab.tap();
  else await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Lab Chemicals & Supplies' })).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByRole('tabpanel')).toContainText('Personal Protective Equipment');
  await expect(page.getByRole('tabpanel')).not.toContainText('Analytical Reagents');
});

test('keyboard: Tab reaches the selected tab, arrow keys move focus and switch with it', async ({ page }) => {
  // From the last control of the section before, Tab lands on the selected tab only.
  await page.locator('#services').locator('a, button').last().focus();
  await page.keyboard.press('Tab');
  const chemicals = page.getByRole('tab', { name: 'Lab Chemicals & Supplies' });
  await expect(chemicals).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const instruments = page.getByRole('tab', { name: 'Laboratory Instruments' });
  await expect(instruments).toBeFocused();
  await expect(instruments).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('Microscopes');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Heating & Cooling' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('Incubation');
});

test('a tab switches when it receives focus', async ({ page }) => {
  const analytical = page.getByRole('tab', { name: 'Analytical Instruments' });
  await analytical.focus();
  await expect(analytical).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('Spectroscopy');
});
