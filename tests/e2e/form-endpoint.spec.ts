// D6 and D8 with a form endpoint: a scratch copy of the site names one in its site document and is
// built once; the endpoint is played by the test (page.route), answering 200 or 500 or never. A
// message is called sent only after a 2xx; any failure keeps what was typed and offers the e-mail
// route; no answer within 15 s is a failure too (run out on the page's clock, not waited for).
import type { Locator, Page, Route } from '@playwright/test';
import type { SiteDocument } from '../../schemas/site';
import { type Scratch, scratchProject, serveScratch } from '../support/scratch';
import { axeViolations, captureMail, expect, hydrated, notSentNotice, press, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

const ENDPOINT = 'https://forms.example/submit';

let scratch: Scratch;
let site: { url: string; stop: () => Promise<void> };

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(600_000); // a build on a busy machine can take minutes: this only catches a hang
  scratch = scratchProject('form-endpoint-');
  scratch.editJson<SiteDocument>('pages-data/site.json', (doc) => {
    doc.features.formEndpoint = ENDPOINT;
  });
  scratch.npm('build');
  site = await serveScratch(scratch);
});

test.afterAll(async () => {
  await site?.stop();
  scratch?.remove();
});

/**
 * Plays the form endpoint: answers each POST with this status (with the CORS headers a real form
 * service sends), or never answers. Gives the JSON bodies posted to it, and a way to change the answer.
 */
async function endpoint(page: Page, first: number | 'never') {
  let answer = first;
  const posted: unknown[] = [];
  const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'Content-Type, Accept' };
  await page.route(ENDPOINT, async (route: Route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    posted.push(request.postDataJSON());
    if (answer !== 'never') await route.fulfill({ status: answer, headers: cors, contentType: 'application/json', body: '{}' });
  });
  return { posted, answerWith: (next: number) => (answer = next) };
}

const contact = {
  Name: 'Amina Odhiambo',
  Email: 'amina@lab.example',
  Message: 'Two photometers, delivered to Kisumu.',
};

async function fillContact(page: Page) {
  await page.goto(`${site.url}/contact`);
  await hydrated(page);
  const form = page.locator('#message').getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Full Name', { exact: false }).fill(contact.Name);
  await form.getByLabel('Email Address', { exact: false }).fill(contact.Email);
  await form.getByLabel('Message', { exact: false }).fill(contact.Message);
  return form;
}

async function expectKept(form: Locator) {
  await expect(form.getByLabel('Full Name', { exact: false })).toHaveValue(contact.Name);
  await expect(form.getByLabel('Email Address', { exact: false })).toHaveValue(contact.Email);
  await expect(form.getByLabel('Message', { exact: false })).toHaveValue(contact.Message);
}

/** The failure notice offers the e-mail route: a mailto with the composed message. */
async function expectMailRoute(page: Page, subject: string) {
  const link = notSentNotice(page).getByRole('link', { name: 'Send it from your mail app instead' });
  const href = new URL((await link.getAttribute('href'))!);
  expect(href.protocol).toBe('mailto:');
  expect(href.searchParams.get('subject')).toBe(subject);
}

test.describe('the contact form', () => {
  test('is called sent, and cleared, once the endpoint answers 2xx', async ({ page, isMobile, consoleErrors }) => {
    const { posted } = await endpoint(page, 200);
    const mails = await captureMail(page);
    const form = await fillContact(page);
    await press(form.getByRole('button', { name: 'Send Message' }), isMobile);
    await expect(page.getByRole('alert').filter({ hasText: 'Message Sent!' })).toContainText("Thank you for contacting us. We'll get back to you soon.");
    await expect(form.getByLabel('Full Name', { exact: false })).toHaveValue('');
    await expect(form.getByLabel('Message', { exact: false })).toHaveValue('');
    expect(posted).toEqual([{ name: contact.Name, email: contact.Email, phone: '', company: '', message: contact.Message, subject: `Website enquiry from ${contact.Name}` }]);
    expect(await mails.all()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('keeps every field and offers the e-mail route when the endpoint answers 500; sent again once it answers 2xx', async ({ page, isMobile }) => {
    const { answerWith } = await endpoint(page, 500);
    const form = await fillContact(page);
    await press(form.getByRole('button', { name: 'Send Message' }), isMobile);
    await expect(notSentNotice(page)).toContainText('Our server answered with an error (500). Everything you typed is still in the form.');
    await expectMailRoute(page, `Website enquiry from ${contact.Name}`);
    await expectKept(form);
    await expect(page.getByText('Message Sent!')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    answerWith(200);
    await press(form.getByRole('button', { name: 'Send Message' }), isMobile);
    await expect(page.getByRole('alert').filter({ hasText: 'Message Sent!' })).toBeVisible();
    await expect(notSentNotice(page)).toHaveCount(0);
    await expect(form.getByLabel('Message', { exact: false })).toHaveValue('');
  });

  test('gives up after 15 s without an answer, keeping every field and offering the e-mail route', async ({ page, isMobile }) => {
    await page.clock.install();
    const { posted } = await endpoint(page, 'never');
    const form = await fillContact(page);
    const send = form.getByRole('button', { name: 'Send Message' });
    await press(send, isMobile);
    await expect.poll(() => posted.length).toBe(1);
    await page.clock.fastForward(15_000);
    await expect(notSentNotice(page)).toContainText('Our server did not answer within 15 seconds.');
    await expectMailRoute(page, `Website enquiry from ${contact.Name}`);
    await expectKept(form);
    await expect(send).toBeEnabled();
    await expect(page.getByText('Message Sent!')).toHaveCount(0);
  });
});

test.describe('the newsletter (D8)', () => {
  const box = (page: Page) => page.locator('footer').getByRole('form', { name: 'Newsletter' });

  test('says the subscription was received, and clears the box, once the endpoint answers 2xx', async ({ page, isMobile }) => {
    const { posted } = await endpoint(page, 200);
    await page.goto(`${site.url}/policies`);
    await hydrated(page);
    await box(page).getByLabel('Email address').fill('lab@uni.example');
    await press(box(page).getByRole('button', { name: 'Subscribe' }), isMobile);
    await expect(page.getByRole('alert').filter({ hasText: 'Subscription received' })).toContainText("We'll add lab@uni.example to the newsletter.");
    await expect(box(page).getByLabel('Email address')).toHaveValue('');
    expect(posted).toEqual([{ email: 'lab@uni.example', subject: 'Newsletter subscription' }]);
  });

  test('keeps the address and offers the e-mail route when the endpoint answers 500', async ({ page, isMobile }) => {
    await endpoint(page, 500);
    await page.goto(`${site.url}/policies`);
    await hydrated(page);
    await box(page).getByLabel('Email address').fill('lab@uni.example');
    await press(box(page).getByRole('button', { name: 'Subscribe' }), isMobile);
    await expect(notSentNotice(page)).toContainText('Our server answered with an error (500).');
    await expectMailRoute(page, 'Newsletter subscription');
    await expect(box(page).getByLabel('Email address')).toHaveValue('lab@uni.example');
    await expect(page.getByRole('alert').filter({ hasText: 'Subscription received' })).toHaveCount(0);
  });
});

test('the quote dialog stays open with what was typed when the endpoint fails, and closes as sent after a 2xx', async ({ page, isMobile }) => {
  const { posted, answerWith } = await endpoint(page, 500);
  await page.goto(`${site.url}/policies`);
  await hydrated(page);
  const opener = page.locator('footer').getByRole('link', { name: 'Request Quote' });
  await press(opener, isMobile);
  const dialog = page.getByRole('dialog', { name: 'Request a Quote' });
  await dialog.getByLabel('Full Name').fill('Otieno');
  await dialog.getByLabel('Email Address').fill('otieno@county.example');
  await dialog.getByLabel('Details').fill('Two turbidity meters');
  await press(dialog.getByRole('button', { name: 'Send Request' }), isMobile);

  // The not-sent notice is inside the dialog, where the keyboard can reach its e-mail link.
  const inside = dialog.getByRole('alert').filter({ hasText: 'Your message did not reach us' });
  await expect(inside).toContainText('Our server answered with an error (500).');
  const mail = new URL((await inside.getByRole('link', { name: 'Send it from your mail app instead' }).getAttribute('href'))!);
  expect(mail.searchParams.get('subject')).toBe('Quote Request from Otieno');
  await expect(dialog.getByLabel('Full Name')).toHaveValue('Otieno');
  await expect(dialog.getByLabel('Details')).toHaveValue('Two turbidity meters');
  expect(await axeViolations(page)).toEqual([]);

  answerWith(200);
  await press(dialog.getByRole('button', { name: 'Send Request' }), isMobile);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'Quote request sent' })).toBeVisible();
  await expect(opener).toBeFocused();
  expect(posted).toHaveLength(2);
  expect(posted[1]).toEqual({ name: 'Otieno', email: 'otieno@county.example', phone: '', company: '', details: 'Two turbidity meters', subject: 'Quote Request from Otieno' });
});
