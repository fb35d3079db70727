import { expect, hydrated, test } from './fixtures';

// The comparison (issue 37 item 7) on the real site's products; catalogue.spec.ts tries it at size.
const FOUR = '/compare?products=md-610-photometer,photometer-7500,comparator-2000-plus,pooltest-9-bluetooth';

test('on a 360 px phone the comparison scrolls within its table, and the quote form opened from it fits the screen @phone', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(FOUR);
  await hydrated(page);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveCount(4);
  // The table is wider than the phone: it scrolls sideways in its own box, and the page does not.
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth)).toBe(true);
  expect(await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])).toEqual([360, 360]);
  await page.getByRole('button', { name: 'Request a quote for these 4 products' }).tap();
  const dialog = page.getByRole('dialog');
  for (const field of [dialog, dialog.getByLabel('Details'), dialog.getByRole('button', { name: /Send/ })]) {
    const box = (await field.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  expect(consoleErrors).toEqual([]);
});

test('the comparison says in plain words whether each product can be ordered', async ({ page }) => {
  await page.goto(FOUR);
  const row = page.getByRole('table').getByRole('row', { name: /^Availability/ });
  await expect(row.getByRole('cell')).toHaveText(['Available to order', 'Available to order', 'Available to order', 'Available to order']);
  await expect(page.getByRole('table')).not.toContainText('Offered');
});
