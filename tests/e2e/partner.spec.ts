import type { Page, Request } from '@playwright/test';
import { expect, hydrated, startUnderPausedClock, test } from './fixtures';

// Partner detail pages (section 2 'Partner detail', section 4, section 8, D14).
const hero = (page: Page) => page.locator('main section.hero');

test('a partner page by its fixed path and by /partner/{id}: badge, links in new tabs, cards and contact', async ({ page, consoleErrors }) => {
  for (const path of ['/palintest', '/partner/palintest']) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Palintest');
    await expect(hero(page).getByText('Official Distributor', { exact: true })).toBeVisible();
    await expect(hero(page).getByRole('img', { name: 'Palintest logo' })).toHaveAttribute('src', '/images/brands/palintest.svg');
    const site = hero(page).getByRole('link', { name: 'Visit Website' });
    await expect(site).toHaveAttribute('href', 'https://www.palintest.com');
    await expect(site).toHaveAttribute('target', '_blank');
    await expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    // No catalogue URL in the record, so no Product Catalog button.
    await expect(hero(page).getByRole('link', { name: 'Product Catalog' })).toHaveCount(0);
    const about = page.locator('#about-partner');
    for (const title of ['Specialties', 'Category', 'Certifications', 'Operating countries', 'Contact information']) await expect(about.getByRole('heading', { name: title })).toBeVisible();
    await expect(about).toContainText('ISO 9001');
    await expect(about).toContainText('United Kingdom, Kenya');
    await expect(about.locator('dl')).toContainText('Established1947');
    await expect(about.getByRole('link', { name: 'Visit Partner Website' })).toHaveAttribute('target', '_blank');
  }
  expect(consoleErrors).toEqual([]);
});

test("only the official distributor carries the 'Official Distributor' badge", async ({ page }) => {
  await page.goto('/lovibond');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lovibond');
  await expect(page.getByText('Official Distributor', { exact: true })).toHaveCount(0);
});

test('cards and contact fields appear only when present (micromedica has no contact details)', async ({ page }) => {
  await page.goto('/micromedica');
  const about = page.locator('#about-partner');
  await expect(about.getByRole('heading', { name: 'Specialties' })).toBeVisible();
  await expect(about.getByRole('heading', { name: 'Category' })).toBeVisible();
  await expect(about.getByText('Microbiology & Pathology')).toBeVisible();
  await expect(about.getByRole('heading', { name: 'Certifications' })).toHaveCount(0);
  await expect(about.getByRole('heading', { name: 'Operating countries' })).toHaveCount(0);
  await expect(about.locator('dl')).toHaveCount(0);
  await expect(about.getByRole('link', { name: 'Visit Partner Website' })).toHaveAttribute('href', 'https://micromedicalab.com');
});

test('an unknown partner id replaces the history entry with /404', async ({ page }) => {
  await page.goto('/services');
  await hydrated(page);
  await page.goto('/partner/nope');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Oops! Page not found');
});

test('a stored partner picture that fails to load is replaced by the local placeholder', async ({ page }) => {
  await page.route('**/images/brands/lovibond.svg', (r) => r.abort());
  await page.goto('/lovibond');
  await hydrated(page);
  await expect(hero(page).getByRole('img', { name: 'Lovibond logo' })).toHaveAttribute('src', '/images/placeholder.svg');
});

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="96"><rect width="320" height="96" fill="#0b5"/></svg>';

test.describe('image probing (section 4, D14)', () => {
  test('a logo found on the partner website replaces the stored one; candidates are images sent without a referrer', async ({ page, consoleErrors }) => {
    const seen: Request[] = [];
    await page.route('https://www.palintest.com/**', async (route) => {
      seen.push(route.request());
      if (new URL(route.request().url()).pathname === '/images/logo.svg') await route.fulfill({ contentType: 'image/svg+xml', body: LOGO });
      else await route.abort();
    });
    await page.goto('/palintest');
    const logo = hero(page).getByRole('img', { name: 'Palintest logo' });
    await expect(logo).toHaveAttribute('src', 'https://www.palintest.com/images/logo.svg');
    await expect(logo).toHaveJSProperty('naturalWidth', 320);
    // The hero picture is probed after the logo: 80 candidates, none of which loads.
    await expect.poll(() => seen.filter((r) => /\.(jpg|webp)$/.test(r.url())).length, { timeout: 15_000 }).toBe(80);
    expect(seen.length).toBeLessThanOrEqual(40 + 80);
    for (const r of seen) {
      expect(r.headers()['referer']).toBeUndefined();
      expect(r.resourceType()).toBe('image');
    }
    await expect(hero(page).getByRole('img', { name: 'Palintest products' })).toHaveAttribute('src', '/images/services/water-testing.svg');
    expect(consoleErrors).toEqual([]);
  });

  test('a hero picture found on the partner website replaces the stored one', async ({ page }) => {
    await page.route('https://www.lovibond.com/**', (route) =>
      new URL(route.request().url()).pathname === '/wp-content/uploads/banner.jpg' ? route.fulfill({ contentType: 'image/svg+xml', body: LOGO }) : route.abort(),
    );
    await page.goto('/lovibond');
    await expect(hero(page).getByRole('img', { name: 'Lovibond products' })).toHaveAttribute('src', 'https://www.lovibond.com/wp-content/uploads/banner.jpg');
    await expect(hero(page).getByRole('img', { name: 'Lovibond logo' })).toHaveAttribute('src', '/images/brands/lovibond.svg');
  });

  test('probing asks 6 at a time, gives each 1.5 s, and stops when the visitor leaves the page', async ({ page }) => {
    const seen: string[] = [];
    // The partner's site never answers.
    await page.route('https://www.hannainst.com/**', (route) => {
      seen.push(route.request().url());
    });
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.goto('/hanna-instruments');
    await startUnderPausedClock(page);
    await hydrated(page);
    await expect.poll(() => seen.length).toBe(6);
    await page.clock.runFor(1400);
    expect(seen).toHaveLength(6);
    await page.clock.runFor(200);
    await expect.poll(() => seen.length).toBe(12);
    await page.locator('header').getByRole('link', { name: /home/i }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Laboratory & Life Sciences Products in Kenya');
    await page.clock.runFor(10_000);
    await page.waitForTimeout(300);
    expect(seen).toHaveLength(12);
  });
});

test('the partners listing on /services groups the brands; each card says in its link text which partner it leads to', async ({ page }) => {
  await page.goto('/services');
  const listing = page.locator('#partners');
  const group = listing.locator('div').filter({ has: page.getByRole('heading', { level: 3, name: 'Water Testing & Analysis' }) }).last();
  await expect(group.getByRole('heading', { level: 4 })).toHaveText(['Palintest', 'Lovibond', 'Hanna Instruments']);
  // Twelve cards, twelve different link texts: a list of links read out of context still makes sense.
  const learn = listing.getByRole('link', { name: /^Learn More about / });
  await expect(learn).toHaveCount(12);
  expect(new Set(await learn.allInnerTexts()).size).toBe(12);
  await expect(listing.getByRole('link', { name: 'Learn More about Palintest', exact: true })).toHaveAttribute('href', '/palintest');
  const visit = listing.getByRole('link', { name: 'Visit Site: Palintest (opens in a new tab)', exact: true });
  await expect(visit).toHaveAttribute('href', 'https://www.palintest.com');
  await expect(visit).toHaveAttribute('target', '_blank');
});
