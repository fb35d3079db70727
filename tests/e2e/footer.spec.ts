import { readFileSync } from 'node:fs';
import type { SiteDocument } from '../../schemas/site';
import { expect, test } from './fixtures';

const site = JSON.parse(readFileSync('pages-data/site.json', 'utf8')) as SiteDocument;

test('the footer of every page gives the phone numbers, each a call link a finger can hit', async ({ page }) => {
  for (const path of ['/', '/policies/anti-bribery']) {
    await page.goto(path);
    const footer = page.getByRole('contentinfo');
    for (const phone of site.phones) {
      const call = footer.getByRole('link', { name: phone });
      await expect(call).toHaveAttribute('href', `tel:${phone.replace(/[^\d+]/g, '')}`);
      expect((await call.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
  }
});
