import type { Locator, Page } from '@playwright/test';
import { captureMail, expect, hydrated, test } from './fixtures';

// The contact form on home and on /contact (section 5, section 8, D6). No endpoint is configured in
// pages-data/site.json, so a message goes to the visitor's mail program.
const places = [
  { path: '/#contact', section: '#contact', rows: 5, title: 'Message Sent Successfully!', text: "We'll get back to you within 24 hours." },
  { path: '/contact', section: '#message', rows: 6, title: 'Message Sent!', text: "Thank you for contacting us. We'll get back to you soon." },
];

const form = (page: Page, section: string) => page.locator(section).getByRole('form', { name: 'Send us a message' });
const field = (f: Locator, label: string) => f.getByLabel(label, { exact: false });

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

    test('a valid message opens the mail program with every field, shows the toast and clears the form', async ({ page, isMobile, consoleErrors }) => {
      const mails = await captureMail(page);
      await page.goto(place.path);
      await hydrated(page);
      const f = form(page, place.section);
      await field(f, 'Full Name').fill('Amina Odhiambo');
      await field(f, 'Email Address').fill('amina@lab.example');
      await field(f, 'Phone Number').fill('+254 711 000 000');
      await field(f, 'Company/Institution').fill('Kisumu Water & Sanitation');
      await field(f, 'Message').fill('Two photometers?\nDelivery to Kisumu #3, 50% now.');
      await submit(page, f, isMobile);

      await expect(page.getByText(place.title)).toBeVisible();
      await expect(page.getByText(place.text)).toBeVisible();
      const sent = await mails.all();
      expect(sent).toHaveLength(1);
      const url = new URL(sent[0]!);
      expect(url.pathname).toBe('info@acacia-scientific.example');
      expect(url.searchParams.get('subject')).toBe('Website enquiry from Amina Odhiambo');
      expect(url.searchParams.get('body')).toBe(
        'Name: Amina Odhiambo\r\nEmail: amina@lab.example\r\nPhone: +254 711 000 000\r\nCompany/Institution: Kisumu Water & Sanitation\r\n\r\nTwo photometers?\r\nDelivery to Kisumu #3, 50% now.',
      );
      for (const label of ['Full Name', 'Email Address', 'Phone Number', 'Company/Institution', 'Message']) await expect(field(f, label)).toHaveValue('');
      expect(consoleErrors).toEqual([]);
    });
  });
}
