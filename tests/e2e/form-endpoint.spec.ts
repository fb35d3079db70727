// D6 and D8 with a form endpoint: a scratch copy of the site names one in its site document and is
// built once; the endpoint is played by the test (page.route), answering 200 or 500 or never. A
// message is called sent only after a 2xx; any failure keeps what was typed and offers the e-mail
// route; no answer within 15 s is a failure too (run out on the page's clock, not waited for).
import type { BrowserContext, Locator, Page, Route } from '@playwright/test';
import type { SiteDocument } from '../../schemas/site';
import { OUTBOX } from '../../src/outbox/names';
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
type Answer = number | 'never' | 'offline';

async function endpoint(page: Page, first: Answer) {
  let answer = first;
  const posted: unknown[] = [];
  const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'Content-Type, Accept' };
  await page.route(ENDPOINT, async (route: Route) => {
    const request = route.request();
    if (answer === 'offline') return route.abort('internetdisconnected');
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    posted.push(request.postDataJSON());
    if (answer !== 'never') await route.fulfill({ status: answer, headers: cors, contentType: 'application/json', body: '{}' });
  });
  return { posted, answerWith: (next: Answer) => (answer = next) };
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
    expect(posted).toEqual([{ name: contact.Name, email: contact.Email, phone: '', company: '', message: contact.Message, subject: `Website enquiry from ${contact.Name}`, id: expect.any(String) }]);
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
    expect(posted).toEqual([{ email: 'lab@uni.example', subject: 'Newsletter subscription', id: expect.any(String) }]);
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
  expect(posted[1]).toEqual({ name: 'Otieno', email: 'otieno@county.example', phone: '', company: '', details: 'Two turbidity meters', subject: 'Quote Request from Otieno', id: expect.any(String) });
  // A resend after a failure is a new message: a new id.
  expect((posted[1] as { id: string }).id).not.toBe((posted[0] as { id: string }).id);
});

test.describe('without the site\'s scripts (D19)', () => {
  test('the contact form posts its fields to the endpoint, whose answer the browser shows; nothing lands in an address', async ({ page }) => {
    await page.route(/\/assets\/[^?]*\.js(\?|$)/, (r) => r.abort('blockedbyclient'));
    const posted: { type: string | undefined; body: string }[] = [];
    await page.route(ENDPOINT, (route) => {
      posted.push({ type: route.request().headers()['content-type'], body: route.request().postData() ?? '' });
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Received</title><p>Thank you: your message has arrived.</p>' });
    });
    await page.goto(`${site.url}/contact`);
    const form = page.locator('#message').getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Full Name', { exact: false }).fill(contact.Name);
    await form.getByLabel('Email Address', { exact: false }).fill(contact.Email);
    await form.getByLabel('Message', { exact: false }).fill(contact.Message);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('your message has arrived')).toBeVisible();
    expect(page.url()).toBe(ENDPOINT);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.type).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(posted[0]!.body))).toEqual({
      subject: 'Website enquiry from Website Visitor',
      name: contact.Name,
      email: contact.Email,
      phone: '',
      company: '',
      message: contact.Message,
    });
  });
});

/**
 * The network goes down: the browser says so, and the endpoint (played by the test's route, which
 * the browser's offline mode does not reach) cannot be reached either.
 */
async function goOffline(context: BrowserContext, answerWith: (a: Answer) => void) {
  // The notices' code, fetched once the page is idle, is here before the network goes (without it the
  // page says the same in a native dialog).
  for (const page of context.pages()) await expect(page.locator('#overlays .mantine-Notifications-root').first()).toBeAttached();
  answerWith('offline');
  await context.setOffline(true);
}

/** The network comes back: the endpoint answers this, and each page has seen the browser's 'online' event. */
async function backOnline(context: BrowserContext, answerWith: (a: Answer) => void, answer: Answer) {
  answerWith(answer);
  const online = await Promise.all(context.pages().map((page) => page.evaluateHandle(() => ({ seen: new Promise((seen) => addEventListener('online', seen, { once: true })) }))));
  await context.setOffline(false);
  await Promise.all(online.map((handle) => handle.evaluate((h) => h.seen)));
}

/**
 * Waits until the page has done what it does when the network comes back, and what it does as it
 * starts: src/outbox/start.ts sends the outbox then, from the 'online' event and from an idle callback,
 * each under the outbox's lock. The lock, asked for after both, is granted once every send before it is
 * done, answers and all: whatever the page posted by then is in `posted`.
 */
async function sendsSettled(page: Page) {
  await page.evaluate(async (lock) => {
    // Idle callbacks run in the order they were asked for: this one after the page's own.
    await new Promise((idle) => requestIdleCallback(idle));
    await navigator.locks.request(lock, () => undefined);
  }, OUTBOX.lock);
}

/** How many messages are kept on the device to be sent (src/outbox/outbox.ts): none once each has gone, so none can go again. */
const keptMessages = (page: Page) =>
  page.evaluate(
    ({ db, store }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(db, 1);
        open.onupgradeneeded = () => open.result.createObjectStore(store, { keyPath: 'id' });
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction(store, 'readonly').objectStore(store).count();
          count.onsuccess = () => (open.result.close(), resolve(count.result));
          count.onerror = () => reject(count.error);
        };
      }),
    OUTBOX,
  );

/**
 * Sends with the network down: the page says the message is kept, the endpoint gets nothing and one
 * message is kept on the device; then the network comes back, the endpoint answering 200.
 */
async function sentOfflineThenOnline(page: Page, { posted, answerWith }: { posted: unknown[]; answerWith: (a: Answer) => void }, send: Locator, isMobile: boolean) {
  await goOffline(page.context(), answerWith);
  await press(send, isMobile);
  await expect(page.getByRole('alert').filter({ hasText: 'Saved on this phone, not sent yet' })).toBeVisible();
  expect(posted).toEqual([]);
  expect(await keptMessages(page)).toBe(1);
  await backOnline(page.context(), answerWith, 200);
}

/** Adds each product to the quote list from its own page. */
async function addToQuoteList(page: Page, products: string[], isMobile: boolean) {
  for (const product of products) {
    await page.goto(`${site.url}/products/${product}`);
    await hydrated(page);
    // The product's own button, in the page's opening block (its related products follow).
    const hero = page.locator('main section').first();
    await press(hero.getByRole('link', { name: 'Add to quote list' }), isMobile);
    await expect(hero.getByRole('link', { name: 'In quote list' })).toBeVisible();
  }
}

test.describe('written offline (issue 38 item 4)', () => {
  test('a message is kept on the phone, said to be unsent, then sent exactly once when the network is back', async ({ page, context, isMobile }) => {
    const { posted, answerWith } = await endpoint(page, 200);
    const form = await fillContact(page);
    await goOffline(context, answerWith);
    await press(form.getByRole('button', { name: 'Send Message' }), isMobile);
    const held = page.getByRole('alert').filter({ hasText: 'Saved on this phone, not sent yet' });
    await expect(held).toContainText('It will be sent once you are back online');
    await expect(held.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\//);
    await expect(page.getByText('Message Sent!')).toHaveCount(0);
    expect(posted).toEqual([]);
    await backOnline(context, answerWith, 200);
    await expect(page.getByRole('alert').filter({ hasText: 'Sent: Website enquiry from Amina Odhiambo' })).toBeVisible();
    // The notice that it was not sent yet goes once it has been.
    await expect(held).toHaveCount(0);
    expect(posted).toEqual([{ name: contact.Name, email: contact.Email, phone: '', company: '', message: contact.Message, subject: `Website enquiry from ${contact.Name}`, id: expect.any(String) }]);
    // Nothing is left to send: another page, and the network coming and going again, send nothing more.
    await page.goto(`${site.url}/policies`);
    await hydrated(page);
    await goOffline(context, answerWith);
    await backOnline(context, answerWith, 200);
    await sendsSettled(page);
    expect(posted).toHaveLength(1);
  });

  test('a message kept on an earlier visit is sent on the next, once, with the id it was kept with', async ({ page, context, isMobile }) => {
    const { posted, answerWith } = await endpoint(page, 503);
    await page.goto(`${site.url}/policies`);
    await hydrated(page);
    await goOffline(context, answerWith);
    await page.locator('footer').getByRole('form', { name: 'Newsletter' }).getByLabel('Email address').fill('lab@uni.example');
    await press(page.locator('footer').getByRole('button', { name: 'Subscribe' }), isMobile);
    await expect(page.getByRole('alert').filter({ hasText: 'Saved on this phone, not sent yet' })).toBeVisible();
    // Back online, but the endpoint is down for now (503): the message stays kept.
    await backOnline(context, answerWith, 503);
    await expect.poll(() => posted.length).toBe(1);
    await page.close();
    answerWith(200);
    const next = await context.newPage();
    const again = await endpoint(next, 200);
    await next.goto(`${site.url}/industries`);
    await hydrated(next);
    await expect(next.getByRole('alert').filter({ hasText: 'Sent: Newsletter subscription' })).toBeVisible();
    expect(again.posted).toEqual([{ email: 'lab@uni.example', subject: 'Newsletter subscription', id: (posted[0] as { id: string }).id }]);
  });

  test("a quote dialog's request is kept on the phone, then sent exactly once when the network is back", async ({ page, isMobile }) => {
    const { posted, answerWith } = await endpoint(page, 200);
    await page.goto(`${site.url}/policies`);
    await hydrated(page);
    await press(page.locator('footer').getByRole('link', { name: 'Request Quote' }), isMobile);
    const dialog = page.getByRole('dialog', { name: 'Request a Quote' });
    await dialog.getByLabel('Full Name').fill('Otieno');
    await dialog.getByLabel('Email Address').fill('otieno@county.example');
    await dialog.getByLabel('Details').fill('Two turbidity meters');
    await sentOfflineThenOnline(page, { posted, answerWith }, dialog.getByRole('button', { name: 'Send Request' }), isMobile);
    await expect(page.getByRole('alert').filter({ hasText: 'Sent: Quote Request from Otieno' })).toBeVisible();
    expect(posted).toEqual([{ name: 'Otieno', email: 'otieno@county.example', phone: '', company: '', details: 'Two turbidity meters', subject: 'Quote Request from Otieno', id: expect.any(String) }]);
    expect(await keptMessages(page)).toBe(0);
  });

  test('a quote list sent offline is kept on the phone, then sent exactly once, with every product, when the network is back', async ({ page, isMobile }) => {
    const { posted, answerWith } = await endpoint(page, 200);
    await addToQuoteList(page, ['photometer-7500', 'md-610-photometer'], isMobile);
    await page.goto(`${site.url}/quote`);
    await hydrated(page);
    const form = page.getByRole('form', { name: 'Request a quote' });
    await form.getByLabel('Full Name', { exact: false }).fill('Otieno');
    await form.getByLabel('Email Address', { exact: false }).fill('otieno@county.example');
    await sentOfflineThenOnline(page, { posted, answerWith }, form.getByRole('button', { name: 'Send Request' }), isMobile);
    await expect(page.getByRole('alert').filter({ hasText: 'Sent: Quote Request from Otieno (2 products)' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Saved on this phone, not sent yet' })).toHaveCount(0);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      subject: 'Quote Request from Otieno (2 products)',
      id: expect.any(String),
      items: [
        { name: 'Photometer 7500', brand: 'Palintest', quantity: 1 },
        { name: 'MD 610 Photometer', brand: 'Lovibond', quantity: 1 },
      ],
    });
    expect(await keptMessages(page)).toBe(0);
  });
});

test('the quote list goes to the endpoint as one request with every product, and is emptied once it has arrived', async ({ page, isMobile }) => {
  const { posted } = await endpoint(page, 200);
  await addToQuoteList(page, ['photometer-7500', 'md-610-photometer'], isMobile);
  await page.goto(`${site.url}/quote`);
  await hydrated(page);
  await page.getByRole('spinbutton', { name: 'Quantity of MD 610 Photometer' }).fill('3');
  const form = page.getByRole('form', { name: 'Request a quote' });
  await form.getByLabel('Full Name', { exact: false }).fill('Otieno');
  await form.getByLabel('Email Address', { exact: false }).fill('otieno@county.example');
  await press(form.getByRole('button', { name: 'Send Request' }), isMobile);
  await expect(page.getByRole('alert').filter({ hasText: 'Quote request sent' })).toBeVisible();
  await expect(page.getByText('Your list is empty.')).toBeVisible();
  expect(posted).toHaveLength(1);
  expect(posted[0]).toMatchObject({
    name: 'Otieno',
    subject: 'Quote Request from Otieno (2 products)',
    items: [
      { name: 'Photometer 7500', brand: 'Palintest', quantity: 1, note: '', url: `${'https://www.acacia-scientific.example'}/products/photometer-7500` },
      { name: 'MD 610 Photometer', brand: 'Lovibond', quantity: 3, note: '', url: `${'https://www.acacia-scientific.example'}/products/md-610-photometer` },
    ],
  });
});
