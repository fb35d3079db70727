import { expect, hydrated, test } from './fixtures';

// External links open in a new tab without handing over the opener or the referrer (section 7).
const PAGES = ['/', '/contact', '/services', '/services/scientific-equipment', '/services/water-testing', '/partner/palintest', '/services/life-sciences-products'];

for (const path of PAGES) {
  test(`every link to another site on ${path} opens a new tab with rel="noopener noreferrer"`, async ({ page }) => {
    await page.goto(path);
    await hydrated(page);
    const links = await page.locator('a[href]').evaluateAll((as) =>
      (as as HTMLAnchorElement[]).map((a) => ({ href: a.href, target: a.target, rel: a.rel.split(/\s+/).sort().join(' '), text: a.textContent?.trim() })),
    );
    const external = links.filter((l) => /^https?:/.test(l.href) && new URL(l.href).origin !== new URL(page.url()).origin);
    expect(external.length).toBeGreaterThan(3);
    for (const l of external) expect(l, l.text).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' });
    for (const l of links.filter((x) => x.target === '_blank')) expect(l.rel, l.href).toBe('noopener noreferrer');
  });
}

test('WhatsApp and Call Now use wa.me and tel: links built from the site document', async ({ page }) => {
  await page.goto('/contact');
  const chat = page.locator('#message');
  await expect(chat.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/254700000101');
  await expect(chat.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', 'tel:+254700000101');
  const hrefs = await page.locator('main a[href^="https://wa.me/"], main a[href^="tel:"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(new Set(hrefs)).toEqual(new Set(['https://wa.me/254700000101', 'tel:+254700000101', 'tel:+254700000102']));
});
