import type { Page } from '@playwright/test';
import { captureMail, expect, handoffNotice, hydrated, press, test } from './fixtures';

// Request Quote and Product Catalogue Request dialogs (section 4, 5, 7; D5).
const footer = (page: Page) => page.locator('footer');

async function read(mails: { all: () => Promise<string[]> }) {
  const sent = await mails.all();
  expect(sent).toHaveLength(1);
  const url = new URL(sent[0]!);
  return { to: url.pathname, subject: url.searchParams.get('subject'), body: url.searchParams.get('body')?.split('\r\n') };
}

test.describe('Request Quote', () => {
  test('from the footer: fields and checks of section 5, the mailto of section 7, then it closes', async ({ page, isMobile, consoleErrors }) => {
    const mails = await captureMail(page);
    await page.goto('/policies');
    await hydrated(page);
    const opener = footer(page).getByRole('link', { name: 'Request Quote' });
    await press(opener, isMobile);
    const dialog = page.getByRole('dialog', { name: 'Request a Quote' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Full Name')).toBeFocused();
    await expect(dialog.getByLabel('Full Name')).toHaveAttribute('required', '');
    await expect(dialog.getByLabel('Email Address')).toHaveAttribute('type', 'email');
    await expect(dialog.getByLabel('Email Address')).toHaveAttribute('required', '');
    for (const optional of ['Phone Number', 'Company/Institution', 'Details']) await expect(dialog.getByLabel(optional)).not.toHaveAttribute('required', '');
    await expect(dialog.getByLabel('Details')).toHaveValue('');

    // The browser's own checks stop an incomplete request.
    await dialog.getByLabel('Email Address').fill('no-at-sign');
    await press(dialog.getByRole('button', { name: 'Send Request' }), isMobile);
    await expect(dialog.getByLabel('Full Name')).toBeFocused();
    await dialog.getByLabel('Full Name').fill("Grace O'Neill & Sons");
    await press(dialog.getByRole('button', { name: 'Send Request' }), isMobile);
    await expect(dialog.getByLabel('Email Address')).toBeFocused();
    expect(await mails.all()).toEqual([]);
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Email Address').fill('grace@sons.example');
    await dialog.getByLabel('Phone Number').fill('+254 722 000 000');
    await dialog.getByLabel('Company/Institution').fill('Ngong Road Clinic');
    await dialog.getByLabel('Details').fill('10 × centrifuge tubes #50?\nDeliver to Ngong Road = ok 😀');
    await press(dialog.getByRole('button', { name: 'Send Request' }), isMobile);
    await expect(dialog).toBeHidden();
    expect(await read(mails)).toEqual({
      to: 'info@acacia-scientific.example',
      subject: "Quote Request from Grace O'Neill & Sons",
      body: [
        "Name: Grace O'Neill & Sons",
        'Email: grace@sons.example',
        'Phone: +254 722 000 000',
        'Company: Ngong Road Clinic',
        'Details: 10 × centrifuge tubes #50?',
        'Deliver to Ngong Road = ok 😀',
      ],
    });
    await expect(opener).toBeFocused();

    // No endpoint (D6): the notice says the mail app should open, and nothing says sent.
    const notice = handoffNotice(page);
    await expect(notice).toContainText('Your mail app should open with your message: press Send there.');
    await expect(notice.getByRole('link', { name: 'info@acacia-scientific.example' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: /sent/i })).toHaveCount(0);
    // Nothing typed is lost: the notice brings the dialog back as it was.
    await press(notice.getByRole('button', { name: 'Back to the form' }), isMobile);
    await expect(dialog.getByLabel('Full Name')).toHaveValue("Grace O'Neill & Sons");
    await expect(dialog.getByLabel('Email Address')).toHaveValue('grace@sons.example');
    await expect(dialog.getByLabel('Phone Number')).toHaveValue('+254 722 000 000');
    await expect(dialog.getByLabel('Company/Institution')).toHaveValue('Ngong Road Clinic');
    await expect(dialog.getByLabel('Details')).toHaveValue('10 × centrifuge tubes #50?\nDeliver to Ngong Road = ok 😀');
    await expect(notice).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("a blank name is sent as 'Website Visitor'", async ({ page }) => {
    const mails = await captureMail(page);
    await page.goto('/policies');
    await hydrated(page);
    await footer(page).getByRole('link', { name: 'Request Quote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a Quote' });
    await dialog.getByLabel('Full Name').fill('   ');
    await dialog.getByLabel('Email Address').fill('a@b.example');
    await dialog.getByLabel('Email Address').press('Enter');
    await expect(dialog).toBeHidden();
    expect((await read(mails)).subject).toBe('Quote Request from Website Visitor');
  });

  test('Cancel and Escape close it without sending, and focus goes back to the button', async ({ page, isMobile }) => {
    const mails = await captureMail(page);
    await page.goto('/policies');
    await hydrated(page);
    const opener = footer(page).getByRole('link', { name: 'Request Quote' });
    await press(opener, isMobile);
    const dialog = page.getByRole('dialog', { name: 'Request a Quote' });
    await dialog.getByLabel('Full Name').fill('Somebody');
    await press(dialog.getByRole('button', { name: 'Cancel' }), isMobile);
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Full Name')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    expect(await mails.all()).toEqual([]);
  });

  test("a D5 button opens it with its details filled in ('Request Water Testing Demo')", async ({ page, isMobile }) => {
    const mails = await captureMail(page);
    await page.goto('/services/water-testing');
    await hydrated(page);
    const opener = page.locator('main').getByRole('link', { name: 'Request Water Testing Demo' });
    await press(opener, isMobile);
    const dialog = page.getByRole('dialog', { name: 'Request a Quote' });
    await expect(dialog.getByLabel('Details')).toHaveValue('Demonstration request: water testing');
    await dialog.getByLabel('Full Name').fill('Otieno');
    await dialog.getByLabel('Email Address').fill('otieno@county.example');
    await press(dialog.getByRole('button', { name: 'Send Request' }), isMobile);
    await expect(dialog).toBeHidden();
    const mail = await read(mails);
    expect(mail.subject).toBe('Quote Request from Otieno');
    expect(mail.body).toContain('Details: Demonstration request: water testing');
    await expect(opener).toBeFocused();
  });
});

test("a card's Request Quote on home opens it with the card's details", async ({ page, isMobile }) => {
  await page.goto('/');
  await hydrated(page);
  await press(page.locator('#services').getByRole('link', { name: 'Request Quote' }).first(), isMobile);
  await expect(page.getByRole('dialog', { name: 'Request a Quote' }).getByLabel('Details')).toHaveValue('Quote request: Laboratory Chemicals & Reagents');
});

test.describe('Product Catalogue Request', () => {
  test('from the footer: Name and Email required, the mailto to the catalogue mailbox, then it closes', async ({ page, isMobile, consoleErrors }) => {
    const mails = await captureMail(page);
    await page.goto('/industries');
    await hydrated(page);
    const opener = footer(page).getByRole('link', { name: 'Product Catalogue Request' });
    await press(opener, isMobile);
    const dialog = page.getByRole('dialog', { name: 'Product Catalogue Request' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('required', '');
    await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(dialog.getByLabel('Email')).toHaveAttribute('required', '');
    await expect(dialog.getByLabel('Catalogue/Interest')).not.toHaveAttribute('required', '');
    await expect(dialog.getByLabel('Notes')).not.toHaveAttribute('required', '');
    await press(dialog.getByRole('button', { name: 'Request Catalogue' }), isMobile);
    await expect(dialog.getByLabel('Name')).toBeFocused();
    expect(await mails.all()).toEqual([]);

    await dialog.getByLabel('Name').fill('Wanjiku Kamau');
    await dialog.getByLabel('Email').fill('wanjiku@school.example');
    await dialog.getByLabel('Catalogue/Interest').fill('Glassware + consumables');
    await dialog.getByLabel('Notes').fill('Form 3 & 4 practicals\nБюджет: 100%');
    await press(dialog.getByRole('button', { name: 'Request Catalogue' }), isMobile);
    await expect(dialog).toBeHidden();
    expect(await read(mails)).toEqual({
      to: 'catalogue@acacia-scientific.example',
      subject: 'Product Catalogue Request from Wanjiku Kamau',
      body: ['Name: Wanjiku Kamau', 'Email: wanjiku@school.example', 'Interest: Glassware + consumables', 'Notes: Form 3 & 4 practicals', 'Бюджет: 100%'],
    });
    await expect(opener).toBeFocused();
    await expect(handoffNotice(page).getByRole('link', { name: 'catalogue@acacia-scientific.example' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: /sent/i })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('Cancel closes it without sending', async ({ page, isMobile }) => {
    const mails = await captureMail(page);
    await page.goto('/industries');
    await hydrated(page);
    await press(footer(page).getByRole('link', { name: 'Product Catalogue Request' }), isMobile);
    const dialog = page.getByRole('dialog', { name: 'Product Catalogue Request' });
    await press(dialog.getByRole('button', { name: 'Cancel' }), isMobile);
    await expect(dialog).toBeHidden();
    expect(await mails.all()).toEqual([]);
  });

  for (const [path, label, interest] of [
    ['/services/laboratory-chemicals', 'Chemical Catalogue', 'Laboratory chemicals'],
    ['/', 'Download Catalogue', 'Laboratory Chemicals & Reagents'],
  ] as const) {
    test(`'${label}' on ${path} opens it with the interest filled in`, async ({ page, isMobile }) => {
      const mails = await captureMail(page);
      await page.goto(path);
      await hydrated(page);
      await press(page.locator('main').getByRole('link', { name: label }).first(), isMobile);
      const dialog = page.getByRole('dialog', { name: 'Product Catalogue Request' });
      await expect(dialog.getByLabel('Catalogue/Interest')).toHaveValue(interest);
      await dialog.getByLabel('Name').fill('Lab Manager');
      await dialog.getByLabel('Email').fill('lab@uni.example');
      await press(dialog.getByRole('button', { name: 'Request Catalogue' }), isMobile);
      expect((await read(mails)).body).toContain(`Interest: ${interest}`);
    });
  }
});

test('the page does not scroll behind an open dialog, and scrolls again once it is closed @desktop', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('link', { name: 'Request Quote' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Request a Quote' })).toBeVisible();
  const before = await page.evaluate(() => scrollY);
  await page.mouse.move(10, 400);
  await page.mouse.wheel(0, 800);
  await page.waitForTimeout(300); // a wheel scroll is smooth: give it time to move the page, were it to
  expect(await page.evaluate(() => scrollY)).toBe(before);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.mouse.wheel(0, 800);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(before);
});

test('a phone menu drawn ahead and hidden does not stop the page scrolling; open, it does @phone', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  // Drawn ahead once the page is idle (Header.tsx), kept mounted while closed.
  await expect(page.locator('.mantine-Drawer-overlay')).toHaveCount(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.mouse.move(10, 400);
  await page.mouse.wheel(0, 800);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
  await page.evaluate(() => scrollTo(0, 0));
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.mouse.wheel(0, 800);
  await page.waitForTimeout(300); // a wheel scroll is smooth: give it time to move the page, were it to
  expect(await page.evaluate(() => scrollY)).toBe(0);
});
