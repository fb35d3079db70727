import type { Locator, Page } from '@playwright/test';
import { captureMail, expect, handoffNotice, hydrated, press, test } from './fixtures';

// The contact form on home and on /contact (section 5, section 8, D6). No endpoint is configured in
// pages-data/site.json, so a message goes to the visitor's mail program.
const places = [
  { path: '/#contact', section: '#contact', rows: 5, title: 'Message Sent Successfully!', text: "We'll get back to you within 24 hours." },
  { path: '/contact', section: '#message', rows: 6, title: 'Message Sent!', text: "Thank you for contacting us. We'll get back to you soon." },
];

const form = (page: Page, section: string) => page.locator(section).getByRole('form', { name: 'Send us a message' });
const field = (f: Locator, label: string) => f.getByLabel(label, { exact: false });

const typed = [
  ['Full Name', 'Amina Odhiambo'],
  ['Email Address', 'amina@lab.example'],
  ['Phone Number', '+254 711 000 000'],
  ['Company/Institution', 'Kisumu Water & Sanitation'],
  ['Message', 'Two photometers?\nDelivery to Kisumu #3, 50% now.'],
] as const;
const body = 'Name: Amina Odhiambo\nEmail: amina@lab.example\nPhone: +254 711 000 000\nCompany/Institution: Kisumu Water & Sanitation\n\nTwo photometers?\nDelivery to Kisumu #3, 50% now.';

async function submit(page: Page, f: Locator, isMobile: boolean) {
  const button = f.getByRole('button', { name: 'Send Message' });
  if (isMobile) await button.tap();
  else await button.click();
}

for (const place of places) {
  test.describe(`on ${place.path}`, () => {
    test('has the fields of section 5, with only the browser’s own checks', async ({ page }) => {
      await page.goto(place.path);
      const f = form(page, place.section);
      await expect(field(f, 'Full Name')).toHaveAttribute('required', '');
      await expect(field(f, 'Email Address')).toHaveAttribute('type', 'email');
      await expect(field(f, 'Email Address')).toHaveAttribute('required', '');
      await expect(field(f, 'Phone Number')).not.toHaveAttribute('required', '');
      await expect(field(f, 'Company/Institution')).not.toHaveAttribute('required', '');
      await expect(field(f, 'Message')).toHaveAttribute('required', '');
      await expect(field(f, 'Message')).toHaveAttribute('rows', String(place.rows));
      await expect(f).not.toHaveAttribute('novalidate', /.*/);
    });

    test('an empty or badly addressed form is stopped by the browser and nothing is sent', async ({ page, isMobile }) => {
      const mails = await captureMail(page);
      await page.goto(place.path);
      await hydrated(page);
      const f = form(page, place.section);
      await submit(page, f, isMobile);
      await expect(field(f, 'Full Name')).toBeFocused();
      expect(await field(f, 'Full Name').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
      await field(f, 'Full Name').fill('Amina');
      await field(f, 'Email Address').fill('not-an-address');
      await field(f, 'Message').fill('Hello');
      await submit(page, f, isMobile);
      await expect(field(f, 'Email Address')).toBeFocused();
      expect(await field(f, 'Email Address').evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
      expect(await mails.all()).toEqual([]);
      await expect(page.getByText(place.title)).toHaveCount(0);
    });

    test('with no endpoint, a valid message goes to the mail program and the form keeps it: nothing says it was sent', async ({ page, context, isMobile, consoleErrors }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const mails = await captureMail(page); // no mail program opens here
      await page.goto(place.path);
      await hydrated(page);
      const f = form(page, place.section);
      for (const [label, value] of typed) await field(f, label).fill(value);
      await submit(page, f, isMobile);

      const notice = handoffNotice(page);
      await expect(notice).toContainText('Your mail app should open with your message: press Send there.');
      await expect(page.getByRole('alert').filter({ hasText: /sent/i })).toHaveCount(0);
      await expect(page.getByText(place.title)).toHaveCount(0);

      const sent = await mails.all();
      expect(sent).toHaveLength(1);
      // The address to write to, if nothing opened, opens the same message again.
      await expect(notice.getByRole('link', { name: 'info@acacia-scientific.example' })).toHaveAttribute('href', sent[0]!);
      await expect(notice.getByRole('link', { name: '+254 700 000 101' })).toHaveAttribute('href', 'tel:+254700000101');
      const url = new URL(sent[0]!);
      expect(url.pathname).toBe('info@acacia-scientific.example');
      expect(url.searchParams.get('subject')).toBe('Website enquiry from Amina Odhiambo');
      expect(url.searchParams.get('body')).toBe(body.replaceAll('\n', '\r\n'));
      for (const [label, value] of typed) await expect(field(f, label)).toHaveValue(value);

      await press(notice.getByRole('button', { name: 'Copy message' }), isMobile);
      await expect(notice.getByRole('status')).toHaveText('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`To: info@acacia-scientific.example\nSubject: Website enquiry from Amina Odhiambo\n\n${body}`);

      // Sent again, it opens the mail program again; the new notice replaces the last one.
      await submit(page, f, isMobile);
      await expect.poll(() => mails.all()).toHaveLength(2);
      await expect(handoffNotice(page)).toHaveCount(1);
      await expect(handoffNotice(page).getByRole('status')).toHaveText('');

      await press(f.getByRole('button', { name: 'Clear form' }), isMobile);
      for (const [label] of typed) await expect(field(f, label)).toHaveValue('');
      expect(consoleErrors).toEqual([]);
    });
  });
}

test('Copy message copies where the browser offers no Clipboard API (the selected-text fallback)', async ({ page, context, isMobile }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => {
    // The page's code sees no Clipboard API (as on a page served without HTTPS); the test keeps it to read the result.
    (window as unknown as { testClipboard: Clipboard }).testClipboard = navigator.clipboard;
    Object.defineProperty(navigator, 'clipboard', { value: undefined });
  });
  await captureMail(page);
  await page.goto('/contact');
  await hydrated(page);
  const f = form(page, '#message');
  for (const [label, value] of typed) await field(f, label).fill(value);
  await submit(page, f, isMobile);
  const copy = handoffNotice(page).getByRole('button', { name: 'Copy message' });
  await page.evaluate(() => (window as unknown as { testClipboard: Clipboard }).testClipboard.writeText('what was there before'));
  await press(copy, isMobile);
  await expect(handoffNotice(page).getByRole('status')).toHaveText('Copied');
  await expect(copy).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { testClipboard: Clipboard }).testClipboard.readText())).toBe(
    `To: info@acacia-scientific.example\nSubject: Website enquiry from Amina Odhiambo\n\n${body}`,
  );
});
