// The figures tests/unit/content.test.ts finds in the documents reach the built pages.
import { expect, hydrated, test } from './fixtures';

test('the home page shows its claimed figures and the five product range tabs', async ({ page, consoleErrors }) => {
  await page.goto('/');
  for (const figure of ['15+', '1000+', '5000+', '25+']) await expect(page.getByText(figure, { exact: true })).toBeVisible();
  // 500+ clients and 500+ product categories.
  await expect(page.getByText('500+', { exact: true })).toHaveCount(2);
  await expect(page.getByText('Years supplying laboratories', { exact: true })).toBeVisible();
  await expect(page.getByText('Clients served', { exact: true })).toBeVisible();

  await expect(page.getByRole('tab')).toHaveText([
    'Lab Chemicals & Supplies', 'Laboratory Instruments', 'Analytical Instruments', 'Safety Equipment', 'Heating & Cooling',
  ]);
  await expect(page.getByRole('tab', { name: 'Lab Chemicals & Supplies' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('Analytical Reagents');
  await hydrated(page);
  expect(consoleErrors).toEqual([]);
});

test('the weighing balances page shows each balance type with its readability and capacity', async ({ page }) => {
  await page.goto('/services/weighing-balances');
  const types: [string, string, string][] = [
    ['Analytical Balances', '0.1 mg', 'up to 320 g'],
    ['Precision Balances', '1 mg', 'up to 64 kg'],
    ['Semi-Micro Balances', '0.01 mg', 'up to 220 g'],
    ['Moisture Analysers', '0.001%', 'up to 200 g'],
  ];
  for (const [type, readability, capacity] of types) {
    const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: type, exact: true }) });
    await expect(card.getByText(readability, { exact: true })).toBeVisible();
    await expect(card.getByText(capacity, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/40\+ years/).first()).toBeVisible();
});
