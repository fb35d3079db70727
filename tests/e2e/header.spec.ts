import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

// Header navigation (section 2 'Header and footer', section 4): hover mega-menus on desktop,
// a drawer on phones; both usable with the keyboard.
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const trigger = (page: Page, name: string) => nav(page).getByRole('button', { name });
// A disclosure: the button shows and hides a group of links named after it.
const dropdown = (page: Page, name: string) => nav(page).getByRole('group', { name });

test.describe('desktop mega-menus @desktop', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/privacy-policy');
    await hydrated(page);
  });

  test('open on hover, with every link and View All, and close when the pointer leaves', async ({ page, consoleErrors }) => {
    await trigger(page, 'Services').hover();
    const menu = dropdown(page, 'Services');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveCount(20);
    await expect(menu.getByRole('link', { name: /View All Services/ })).toHaveAttribute('href', '/services');
    await expect(trigger(page, 'Services')).toHaveAttribute('aria-expanded', 'true');
    // Moving onto the dropdown keeps it open.
    await menu.getByRole('link', { name: 'Microscopy' }).hover();
    await expect(menu).toBeVisible();
    await page.mouse.move(700, 600);
    await expect(menu).toBeHidden();
    await expect(trigger(page, 'Services')).toHaveAttribute('aria-expanded', 'false');

    await trigger(page, 'Industries').hover();
    await expect(dropdown(page, 'Industries').getByRole('link')).toHaveCount(7);
    await trigger(page, 'Policies').hover();
    await expect(dropdown(page, 'Industries')).toBeHidden();
    await expect(dropdown(page, 'Policies').getByRole('link')).toHaveCount(8);
    expect(consoleErrors).toEqual([]);
  });

  test('a link in the menu goes to its page and the menu closes', async ({ page }) => {
    await trigger(page, 'Industries').hover();
    await dropdown(page, 'Industries').getByRole('link', { name: 'Healthcare' }).click();
    await expect(page).toHaveURL(/\/industries\/healthcare$/);
    await expect(page.locator('h1')).toContainText(/health/i);
    await expect(dropdown(page, 'Industries')).toBeHidden();
  });

  test('keyboard: focus opens, Tab and arrows walk the links, Escape closes and returns focus', async ({ page }) => {
    await nav(page).getByRole('link', { name: 'Products', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(trigger(page, 'Services')).toBeFocused();
    const menu = dropdown(page, 'Services');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Scientific Equipment' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Water Testing' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger(page, 'Services')).toBeFocused();
    await page.waitForTimeout(300);
    await expect(menu).toBeHidden();
    // Enter (or ArrowDown) opens it again from its button.
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Scientific Equipment' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/services\/scientific-equipment$/);
  });

  test('keyboard: tabbing past the last link closes the menu and opens the next one', async ({ page }) => {
    await trigger(page, 'Industries').focus();
    const menu = dropdown(page, 'Industries');
    await expect(menu).toBeVisible();
    for (let i = 0; i < 7; i++) await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: /View All Industries/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(trigger(page, 'Policies')).toBeFocused();
    await expect(menu).toBeHidden();
    await expect(dropdown(page, 'Policies')).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(dropdown(page, 'Policies')).toBeHidden();
  });

  test('Products is in the header, beside the menus, and leads to the catalogue', async ({ page }) => {
    await nav(page).getByRole('link', { name: 'Products', exact: true }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.locator('h1')).toBeVisible();
  });

  test('a click on the button opens the menu (touch screens at desktop width)', async ({ page }) => {
    await trigger(page, 'Policies').click();
    await expect(dropdown(page, 'Policies')).toBeVisible();
    await page.locator('main h1').click();
    await expect(dropdown(page, 'Policies')).toBeHidden();
  });
});

test('a menu opened by focus before the app starts stays open when it does @desktop', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/boot-[^/]*\.js$/, async (r) => (await held, r.continue()));
  await page.goto('/privacy-policy', { waitUntil: 'commit' });
  await trigger(page, 'Industries').focus();
  await expect(dropdown(page, 'Industries')).toBeVisible();
  release();
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('data-live', '');
  await expect(dropdown(page, 'Industries')).toBeVisible();
  await expect(trigger(page, 'Industries')).toHaveAttribute('aria-expanded', 'true');
});

test.describe('mobile menu @phone', () => {
  test('a menu opened before the app starts stays open when it does, and its links then open in the app', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/boot-[^/]*\.js$/, async (r) => (await held, r.continue()));
    await page.goto('/services', { waitUntil: 'commit' });
    await page.locator('summary[aria-label="Menu"]').tap();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
    release();
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-live', '');
    await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await menu.getByRole('link', { name: 'Products', exact: true }).tap();
    await expect(page).toHaveURL(/\/products$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test('Back closes the menu and stays on the page; Back from a page chosen in it returns to where it was opened', async ({ page }) => {
    await page.goto('/policies');
    await hydrated(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).tap();
    await expect(page).toHaveURL(/\/contact$/);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await page.goBack();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/contact$/);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await drawer.getByRole('link', { name: 'Products', exact: true }).tap();
    await expect(page).toHaveURL(/\/products$/);
    await expect(drawer).toBeHidden();
    await page.goBack();
    await expect(page).toHaveURL(/\/contact$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/policies$/);
  });

  test('the menu button toggles the drawer; Home and Contact point at the home anchors', async ({ page, consoleErrors }) => {
    await page.goto('/services');
    await hydrated(page);
    await expect(nav(page)).toBeHidden();
    const burger = page.getByRole('button', { name: 'Open menu' });
    await burger.tap();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    const mobile = drawer.getByRole('navigation', { name: 'Mobile' });
    await expect(mobile.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/#home');
    await expect(mobile.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/#contact');
    // The same lists as the desktop menus, behind their group.
    await expect(mobile.getByRole('link', { name: 'Products', exact: true })).toHaveAttribute('href', '/products');
    await mobile.getByRole('button', { name: 'Industries' }).tap();
    await expect(mobile.getByRole('link', { name: 'Pharmaceutical' })).toHaveAttribute('href', '/industries/pharmaceutical');
    await expect(mobile.getByRole('link', { name: 'View All Industries' })).toHaveAttribute('href', '/industries');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(burger).toBeFocused();
    await burger.tap();
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Close menu' }).tap();
    await expect(drawer).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });

  test('Contact in the drawer goes to the contact section of home and closes the drawer', async ({ page }) => {
    await page.goto('/services');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Contact Us' }).tap();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(page.locator('#contact')).toBeInViewport();
  });
});
