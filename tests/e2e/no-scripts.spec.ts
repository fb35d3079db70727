import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { SiteDocument } from '../../schemas/site';
import { parseMailto } from '../../src/lib/mail';
import { expect, hydrated, press, test } from './fixtures';

// D19: before the app's scripts arrive, or when they never do, every control of the prerendered page
// does what it says. The site's scripts (the boot script and every chunk under /assets/) are blocked.
const site = JSON.parse(readFileSync('pages-data/site.json', 'utf8')) as SiteDocument;

const blockScripts = (page: Page) => page.route(/\/assets\/[^?]*\.js(\?|$)/, (r) => r.abort('blockedbyclient'));

/** The buttons a visitor can see on the page, each as `name (type)`. */
const visibleButtons = (page: Page) =>
  page.locator('button:visible').evaluateAll((all) =>
    all.filter((b) => getComputedStyle(b).visibility === 'visible').map((b) => `${(b.getAttribute('aria-label') ?? b.textContent ?? '').trim()} (${(b as HTMLButtonElement).type})`),
  );

test.describe('with the site\'s scripts blocked', () => {
  test.beforeEach(async ({ page }) => {
    await blockScripts(page);
  });

  test('on / and /contact no button waits for the app: only the forms\' own and the menus\' (which open on focus)', async ({ page, isMobile }) => {
    for (const path of ['/', '/contact']) {
      await page.goto(path);
      const menus = isMobile ? [] : ['Services (button)', 'Industries (button)', 'Policies (button)'];
      expect((await visibleButtons(page)).sort()).toEqual([...menus, 'Send Message (submit)', 'Clear form (reset)', 'Subscribe (submit)'].sort());
    }
  });

  test('sending the contact form opens the mail program with the message as typed, and never puts it in an address', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    // What a browser's own mailto POST mangles (Chromium: "+" a space, "&" a line break, "é" mojibake, "%41" an "A").
    const message = 'Two photometers + 50 DPD tablets & a case, café delivery, 100%41 sure\nSecond line';
    await form.getByLabel('Full Name', { exact: false }).fill('Amina Odhiambo');
    await form.getByLabel('Email Address', { exact: false }).fill('amina@lab.example');
    await form.getByLabel('Message', { exact: false }).fill(message);
    await form.getByRole('button', { name: 'Send Message' }).click();
    // The page's inline script hands the message to the mail program (a mailto: navigation) and sends it nowhere else.
    await expect.poll(() => requests.filter((u) => u.startsWith('mailto:'))).toHaveLength(1);
    const url = requests.find((u) => u.startsWith('mailto:'))!;
    // RFC 6068: percent-encoded, a space as %20 (never "+"), line breaks as CRLF.
    expect(url).not.toMatch(/\+/);
    expect(url).toContain('%0D%0A');
    const mail = parseMailto(url);
    expect(mail.to).toBe(site.mailboxes.contact);
    expect(mail.subject).toMatch(/^Website enquiry/);
    expect(mail.body).toBe(`Full Name: Amina Odhiambo\nEmail Address: amina@lab.example\nMessage: ${message}`);
    expect(new URL(page.url()).search).toBe('');
    expect(requests.filter((u) => /^https?:/.test(u) && (u.includes('photometers') || u.includes('amina')))).toEqual([]);
  });

  test('the newsletter box opens the mail program with the address', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto('/policies');
    const form = page.getByRole('form', { name: 'Newsletter' });
    await form.getByLabel('Email address').fill('amina+news@lab.example');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => requests.filter((u) => u.startsWith('mailto:'))).toHaveLength(1);
    expect(parseMailto(requests.find((u) => u.startsWith('mailto:'))!)).toMatchObject({ subject: 'Newsletter subscription', body: 'Email address: amina+news@lab.example' });
    expect(new URL(page.url()).search).toBe('');
  });

  test('Add to quote list leads to the quote page, which writes the product into Details', async ({ page, isMobile }) => {
    await page.goto('/products/photometer-7500');
    await press(page.locator('main section').first().getByRole('link', { name: 'Add to quote list' }), isMobile);
    await expect(page).toHaveURL(/\/quote\?add=/);
    const form = page.getByRole('form', { name: 'Request a quote' });
    await expect(form.getByLabel('Details')).toHaveValue(`Photometer 7500 × 1: ${new URL(page.url()).origin}/products/photometer-7500`);
    await expect(page.getByText('shows here once the page has loaded')).toBeVisible();
  });

  test('Request Quote and Download Catalogue fill in what they ask about', async ({ page, isMobile }) => {
    await page.goto('/');
    await press(page.locator('#services').getByRole('link', { name: 'Request Quote' }).first(), isMobile);
    await expect(page.getByRole('form', { name: 'Request a quote' }).getByLabel('Details')).toHaveValue('Quote request: Laboratory Chemicals & Reagents');
    await page.goBack();
    await press(page.locator('#services').getByRole('link', { name: 'Download Catalogue' }).first(), isMobile);
    await expect(page.getByRole('form', { name: 'Product Catalogue Request' }).getByLabel('Catalogue/Interest')).toHaveValue('Laboratory Chemicals & Reagents');
  });

  test('Send on WhatsApp carries what was typed', async ({ page, isMobile }) => {
    await page.goto('/quote?details=Two%20photometers');
    const form = page.getByRole('form', { name: 'Request a quote' });
    await form.getByLabel('Full Name', { exact: false }).fill('Otieno');
    await form.getByLabel('Details').fill('Two photometers & 250 DPD tablets');
    const whatsapp = form.getByRole('link', { name: 'Send on WhatsApp' });
    // The chat opens in a new tab (the test's network ends there): what matters is where the link led.
    await press(whatsapp, isMobile);
    const href = new URL((await whatsapp.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe(`https://wa.me/${site.whatsapp}`);
    expect(href.searchParams.get('text')).toBe('Full Name: Otieno\nDetails: Two photometers & 250 DPD tablets');
  });

  test('each Request Quote and Download Catalogue control on / leads to a page with its form', async ({ page }) => {
    await page.goto('/');
    const quotes = page.getByRole('link', { name: 'Request Quote' });
    const catalogues = page.getByRole('link', { name: 'Download Catalogue' });
    expect(await quotes.count()).toBeGreaterThanOrEqual(12);
    expect(await catalogues.count()).toBeGreaterThanOrEqual(12);
    for (const link of [...(await quotes.all()), ...(await catalogues.all())]) {
      expect(new URL((await link.getAttribute('href'))!, page.url()).pathname).toMatch(new RegExp(`^(${site.pages.quote}|${site.pages.catalogue})$`));
    }
    // The first card's catalogue link names its category; its page has the catalogue form.
    const href = (await catalogues.first().getAttribute('href'))!;
    expect(new URL(href, page.url()).searchParams.get('interest')).toBeTruthy();
    await catalogues.first().click();
    await expect(page).toHaveURL(new RegExp(`${site.pages.catalogue}\\?interest=`));
    const catalogueForm = page.getByRole('form', { name: 'Product Catalogue Request' });
    await expect(catalogueForm.getByLabel('Email', { exact: false })).toBeVisible();
    await expect(catalogueForm).toHaveAttribute('method', 'post');
    await page.goBack();
    await quotes.first().click();
    await expect(page).toHaveURL(new RegExp(`${site.pages.quote}(\\?|$)`));
    const quoteForm = page.getByRole('form', { name: 'Request a quote' });
    await expect(quoteForm.getByLabel('Full Name', { exact: false })).toBeVisible();
    await expect(quoteForm).toHaveAttribute('method', 'post');
    await expect(quoteForm.getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute('href', `https://wa.me/${site.whatsapp}`);
  });

  test('every tab of the product range shows its sections, under its name, and an address names any of them', async ({ page }) => {
    await page.goto('/#products-safety-containment-storage');
    for (const section of ['Analytical Reagents', 'Containment & Storage', 'Cooling & Cold Storage']) {
      await expect(page.locator('#products').getByRole('heading', { name: section, exact: true })).toBeVisible();
    }
    await expect(page.locator('#products-safety-containment-storage')).toBeInViewport();
  });

  test('the search box leads to the page that shows the way to every part of the site', async ({ page, isMobile }) => {
    await page.goto('/industries');
    await press(page.getByRole('link', { name: 'Search the site' }), isMobile);
    await expect(page).toHaveURL(new RegExp(`${site.pages.search}$`));
    await expect(page.getByRole('link', { name: 'Products & Services' })).toBeVisible();
  });

  test('each header menu opens, and its links lead to their pages @desktop', async ({ page }) => {
    await page.goto('/privacy-policy');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const menu of ['Services', 'Industries', 'Policies']) {
      await nav.getByRole('button', { name: menu }).hover();
      await expect(nav.getByRole('group', { name: menu })).toBeVisible();
    }
    // Focus opens it too (a click on the button focuses it), so the keyboard reaches every link.
    await page.mouse.move(700, 700);
    await nav.getByRole('button', { name: 'Industries' }).focus();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('group', { name: 'Industries' }).getByRole('link', { name: 'Education' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/industries\/education$/);
  });

  test('the phone menu opens, with each menu behind its name @phone', async ({ page }) => {
    await page.goto('/services');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu).toBeHidden();
    await page.locator('summary[aria-label="Menu"]').tap();
    await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Pharmaceutical' })).toBeHidden();
    await menu.getByText('Industries', { exact: true }).tap();
    await menu.getByRole('link', { name: 'Pharmaceutical' }).tap();
    await expect(page).toHaveURL(/\/industries\/pharmaceutical$/);
  });
});

test.describe('with scripts off in the browser (no script runs at all, the inline ones neither)', () => {
  test.use({ javaScriptEnabled: false });

  test('the quote page says it can neither keep a list nor fill in the product chosen, and its form goes to the mail program', async ({ page }) => {
    await page.goto('/quote?add=%2Fproducts%2Fphotometer-7500&name=Photometer+7500');
    await expect(page.getByText("This browser is not running the site's scripts")).toBeVisible();
    await expect(page.getByText('shows here once the page has loaded')).toBeHidden();
    const form = page.getByRole('form', { name: 'Request a quote' });
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('enctype', 'text/plain');
    await expect(form).toHaveAttribute('action', new RegExp(`^mailto:${site.mailboxes.contact}\\?subject=`));
  });
});

test('what is typed before the scripts arrive stays, and the app takes the form over', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/boot-[^/]*\.js$/, async (r) => {
    await held;
    await r.continue();
  });
  // The page's load waits for its module script, which is held.
  await page.goto('/contact', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Full Name', { exact: false }).fill('Amina Odhiambo');
  await form.getByLabel('Message', { exact: false }).fill('Typed before the app');
  release();
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('data-live', '');
  await expect(form.getByLabel('Full Name', { exact: false })).toHaveValue('Amina Odhiambo');
  await expect(form.getByLabel('Message', { exact: false })).toHaveValue('Typed before the app');
});

test.describe('the header menus stay inside the window @desktop', () => {
  for (const width of [1280, 1366, 1536]) {
    for (const live of [false, true]) {
      test(`at ${width} px, ${live ? 'with' : 'without'} the app`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        if (!live) await blockScripts(page);
        await page.goto('/terms-of-service');
        if (live) await hydrated(page);
        const nav = page.getByRole('navigation', { name: 'Main' });
        for (const menu of ['Services', 'Industries', 'Policies']) {
          await nav.getByRole('button', { name: menu }).hover();
          const panel = nav.getByRole('group', { name: menu });
          await expect(panel).toBeVisible();
          const box = (await panel.boundingBox())!;
          expect(box.x, `${menu} starts inside the window`).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${menu} ends inside the window`).toBeLessThanOrEqual(width);
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `${menu}: the page does not scroll sideways`).toBe(true);
          // Every link shows whole: none is cut off by the window's edge.
          for (const link of await panel.getByRole('link').all()) {
            const l = (await link.boundingBox())!;
            expect(l.x + l.width).toBeLessThanOrEqual(width);
          }
          await page.mouse.move(width / 2, 800);
          await expect(panel).toBeHidden();
        }
      });
    }
  }
});
