import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

// Partner detail pages (section 2 'Partner detail', section 8, D14).
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
    // No catalogue URL in the record, so no Product Catalogue button.
    await expect(hero(page).getByRole('link', { name: 'Product Catalogue' })).toHaveCount(0);
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
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
});

test('a stored partner picture that fails to load is replaced by the local placeholder', async ({ page }) => {
  await page.route('**/images/brands/lovibond.svg', (r) => r.abort());
  await page.goto('/lovibond');
  await hydrated(page);
  await expect(hero(page).getByRole('img', { name: 'Lovibond logo' })).toHaveAttribute('src', '/images/placeholder.svg');
});

test('a partner page asks no host but the site for anything: its pictures are the site\'s own (D14)', async ({ page, consoleErrors }) => {
  const hosts = new Set<string>();
  page.on('request', (r) => hosts.add(new URL(r.url()).host));
  for (const path of ['/palintest', '/hanna-instruments', '/micromedica']) {
    await page.goto(path);
    await hydrated(page);
    // Anything started after the load event (in-browser probing once was) has asked by then.
    await page.waitForLoadState('networkidle');
    await expect(hero(page).getByRole('img').first()).toHaveJSProperty('complete', true);
  }
  expect([...hosts]).toEqual([new URL(page.url()).host]);
  expect(consoleErrors).toEqual([]);
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
