import { loadContent } from '../../src/node/content/load';
import { expect, hydrated, test } from './fixtures';

const { content } = await loadContent();
if (!content) throw new Error('content is invalid: run npm run validate');

// A product's page printed for a procurement file (catalogue.spec.ts checks what is left off the paper):
// one A4 sheet, the picture beside the product's name, and not the brand's other products.
test('each product of the site prints on one A4 page @desktop', async ({ page }) => {
  for (const id of content.products.keys()) {
    await page.goto(`/products/${id}`);
    await hydrated(page);
    const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page\b/g), id).toHaveLength(1);
  }
  await page.goto('/products/photometer-7500');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'More from Palintest' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  const [name, picture] = [(await page.locator('h1').boundingBox())!, (await page.locator('main img').first().boundingBox())!];
  expect(picture.x).toBeGreaterThan(name.x + name.width / 2);
  await expect(page.getByRole('heading', { name: /^More from/ })).toBeHidden();
});
