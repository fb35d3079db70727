// The content tree is the site (issue 13): in a scratch copy of the project, a page copied to a new
// file name and a partner added as a record and a page document are built and served with nothing
// else edited.
import { expect, hydrated, test } from './fixtures';
import { type Scratch, scratchProject, serveScratch } from '../support/scratch';

test.describe.configure({ mode: 'serial' });

let scratch: Scratch;
let site: { url: string; stop: () => Promise<void> };

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(600_000); // a build on a busy machine can take minutes: this only catches a hang
  scratch = scratchProject('content-tree-');
  scratch.write('pages-data/services/spectroscopy.json', scratch.read('pages-data/services/microscopy.json'));
  scratch.editJson<{ meta: { title: string }; blocks: { title?: string }[] }>('pages-data/services/spectroscopy.json', (doc) => {
    doc.meta.title = doc.blocks[0]!.title = 'Spectroscopy Instruments';
  });
  scratch.editJson<{ partners: { id: string; name: string; websiteUrl: string }[] }>('pages-data/records/partners.json', (doc) => {
    doc.partners.push({ ...doc.partners.find((p) => p.id === 'labtron')!, id: 'ohaus', name: 'Ohaus', websiteUrl: 'https://www.ohaus.com' });
  });
  scratch.write('pages-data/partner/ohaus.json', scratch.read('pages-data/partner/labtron.json').replace('"partner": "labtron"', '"partner": "ohaus"'));
  scratch.npm('validate');
  scratch.npm('build');
  site = await serveScratch(scratch);
});

test.afterAll(async () => {
  await site?.stop();
  scratch?.remove();
});

test('a copied page answers at its URL, is in the sitemap and the redirects, and the search finds it @desktop', async ({ page, request }) => {
  const res = await request.get(`${site.url}/services/spectroscopy`);
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain('<title>Spectroscopy Instruments');
  const sitemap = await (await request.get(`${site.url}/sitemap.xml`)).text();
  expect(sitemap).toContain('/services/spectroscopy</loc>');
  expect(scratch.read('dist/_redirects')).toMatch(/^\/services\/spectroscopy\.html +\/services\/spectroscopy +301$/m);

  await page.goto(`${site.url}/contact`);
  await hydrated(page);
  await page.keyboard.press('/');
  await page.keyboard.type('Spectroscopy Instruments');
  await page.getByRole('dialog').getByRole('button', { name: /^Spectroscopy Instruments/ }).first().click();
  await expect(page).toHaveURL(`${site.url}/services/spectroscopy`);
  await expect(page.locator('h1')).toBeVisible();
});

test('a partner added as a record and a page answers at /partner/{id} and at /{id} @desktop', async ({ page, request, consoleErrors }) => {
  for (const path of ['/partner/ohaus', '/ohaus']) {
    const res = await request.get(`${site.url}${path}`, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
  }
  expect((await request.get(`${site.url}/ohaus.html`, { maxRedirects: 0 })).headers()['location']).toBe('/ohaus');
  const sitemap = await (await request.get(`${site.url}/sitemap.xml`)).text();
  expect(sitemap).toContain('/ohaus</loc>');
  await page.goto(`${site.url}/ohaus`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ohaus');
  await expect(page.getByRole('link', { name: 'Visit Website' })).toHaveAttribute('href', 'https://www.ohaus.com');
  expect(consoleErrors).toEqual([]);
});
