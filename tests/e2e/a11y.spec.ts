import { axeViolations, captureMail, expect, handoffNotice, hydrated, requiredMarkers, test } from './fixtures';

// Issue 7: axe-core finds no violation in the states a visitor can open (every route as it loads is
// checked in routes.spec.ts).
test.describe('axe in the states a visitor opens', () => {
  test('a mega-menu @desktop', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' }).click();
    await expect(page.getByRole('group', { name: 'Services' })).toBeVisible();
    expect(await axeViolations(page, 'header')).toEqual([]);
  });

  test('the mobile menu @phone', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('button', { name: 'Services' }).tap();
    await expect(drawer.getByRole('link', { name: 'Microscopy' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the search dialog with results', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Search the site' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Search' }).fill('water');
    await expect(page.getByRole('dialog').getByRole('button').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const name of ['Request Quote', 'Product Catalogue Request']) {
    test(`the ${name} dialog`, async ({ page }) => {
      await page.goto('/contact');
      await hydrated(page);
      await page.locator('footer').getByRole('button', { name }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('the supplier product view and a product dialog', async ({ page }) => {
    await page.goto('/services/water-testing');
    await hydrated(page);
    await page.getByRole('button', { name: /^View products \(\d+\) from Palintest$/ }).click();
    await expect(page.locator('.product-view')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('.product-view').getByRole('button', { name: 'Details' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('another product range tab', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('tab').nth(2).click();
    expect(await axeViolations(page, '#products')).toEqual([]);
  });

  for (const [path, section] of [['/', '#contact'], ['/contact', '#message']] as const) {
    test(`the contact form on ${path} after the message went to the mail program, and copied`, async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto(path);
      await hydrated(page);
      const form = page.locator(`${section} form`);
      await form.getByRole('textbox', { name: /full name/i }).fill('Amina Otieno');
      await form.getByRole('textbox', { name: /email/i }).fill('amina@example.com');
      await form.getByRole('textbox', { name: /message/i }).fill('Please quote 10 burettes.');
      await captureMail(page); // no mail program here
      await form.getByRole('button', { name: 'Send Message' }).click();
      await handoffNotice(page).getByRole('button', { name: 'Copy message' }).click();
      await expect(handoffNotice(page).getByRole('status')).toHaveText('Copied');
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('every form\'s required-field markers read at 4.5:1 or more: the contact form, the newsletter box and both dialogs @desktop', async ({ page }) => {
    await page.goto('/contact');
    await hydrated(page);
    const markers = await requiredMarkers(page);
    for (const name of ['Request Quote', 'Product Catalogue Request']) {
      await page.locator('footer').getByRole('button', { name }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      markers.push(...(await requiredMarkers(page.getByRole('dialog'))));
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
    }
    expect(markers.map((m) => m.label)).toEqual(expect.arrayContaining(['Full Name *', 'Email Address *', 'Message *', 'Email address *', 'Name *', 'Email *']));
    expect(markers.filter((m) => m.ratio < 4.5)).toEqual([]);
  });
});
