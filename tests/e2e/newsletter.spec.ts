import type { Page } from '@playwright/test';
import { captureMail, expect, handoffNotice, hydrated, press, test } from './fixtures';

// The footer's newsletter box (D8). No endpoint is configured in pages-data/site.json, so a
// subscription goes to the visitor's mail program, as a contact message does (D6).
const box = (page: Page) => page.locator('footer').getByRole('form', { name: 'Newsletter' });

test('Subscribe hands the request to the mail program, says so without calling it sent, and keeps the address', async ({ page, isMobile, consoleErrors }) => {
  const mails = await captureMail(page);
  await page.goto('/policies');
  await hydrated(page);
  await box(page).getByLabel('Email address').fill('lab@uni.example');
  await press(box(page).getByRole('button', { name: 'Subscribe' }), isMobile);

  await expect(handoffNotice(page)).toContainText('Your mail app should open with your message: press Send there.');
  await expect(page.getByRole('alert').filter({ hasText: /sent|received/i })).toHaveCount(0);
  const sent = await mails.all();
  expect(sent).toHaveLength(1);
  const url = new URL(sent[0]!);
  expect(url.pathname).toBe('info@acacia-scientific.example');
  expect(url.searchParams.get('subject')).toBe('Newsletter subscription');
  expect(url.searchParams.get('body')).toBe('Please add lab@uni.example to the newsletter.');
  await expect(box(page).getByLabel('Email address')).toHaveValue('lab@uni.example');
  expect(consoleErrors).toEqual([]);
});

test('an invalid address gets the browser’s own message, and nothing goes anywhere', async ({ page, isMobile }) => {
  const mails = await captureMail(page);
  await page.goto('/policies');
  await hydrated(page);
  const email = box(page).getByLabel('Email address');
  await email.fill('not-an-address');
  await press(box(page).getByRole('button', { name: 'Subscribe' }), isMobile);
  await expect(email).toBeFocused();
  expect(await email.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
  expect(await mails.all()).toEqual([]);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
