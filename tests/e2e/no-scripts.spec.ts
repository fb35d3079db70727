import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { SiteDocument } from '../../schemas/site';
import { expect, hydrated, press, test } from './fixtures';

// D19: before the app's scripts arrive, or when they never do, every control of the prerendered page
// does what it says. The site's scripts (the boot script and every chunk under /assets/) are blocked.
const site = JSON.parse(readFileSync('pages-data/site.json', 'utf8')) as SiteDocument;

const blockScripts = (page: Page) => page.route(/\/assets\/[^?]*\.js(\?|$)/, (r) => r.abort('blockedbyclient'));

/**
 * Records each form submission the browser makes (an init script, which runs whatever the page's own
 * scripts do): the form's method, action and encoding, and the fields sent.
 */
async function recordSubmissions(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __submitted: unknown[] };
    w.__submitted = [];
    // Last of all listeners (on window, bubbling): only a submission nothing stopped.
    window.addEventListener('submit', (e) => {
      if (e.defaultPrevented) return;
      const form = e.target as HTMLFormElement;
      w.__submitted.push({ method: form.method, action: form.action, enctype: form.enctype, fields: Object.fromEntries(new FormData(form)) });
    });
  });
  return () => page.evaluate(() => (window as unknown as { __submitted: { method: string; action: string; enctype: string; fields: Record<string, string> }[] }).__submitted);
}

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

  test('sending the contact form opens the mail program with the message, and never puts it in an address', async ({ page }) => {
    const submissions = await recordSubmissions(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Full Name', { exact: false }).fill('Amina Odhiambo');
    await form.getByLabel('Email Address', { exact: false }).fill('amina@lab.example');
    await form.getByLabel('Message', { exact: false }).fill('Two photometers for Kisumu');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(submissions).toHaveLength(1);
    const [sent] = await submissions();
    expect(sent).toMatchObject({ method: 'post', enctype: 'text/plain', fields: { name: 'Amina Odhiambo', email: 'amina@lab.example', message: 'Two photometers for Kisumu' } });
    const action = new URL(sent!.action);
    expect(action.protocol).toBe('mailto:');
    expect(action.pathname).toBe(site.mailboxes.contact);
    expect(action.searchParams.get('subject')).toMatch(/^Website enquiry/);
    expect(new URL(page.url()).search).toBe('');
    // The browser handed the message to the mail program (its mailto: navigation) and sent it nowhere else.
    const mailto = requests.filter((u) => u.startsWith('mailto:'));
    expect(mailto).toHaveLength(1);
    expect(new URL(mailto[0]!).searchParams.get('body')).toContain('message=Two photometers for Kisumu');
    expect(requests.filter((u) => /^https?:/.test(u) && (u.includes('Kisumu') || u.includes('amina')))).toEqual([]);
  });

  test('the newsletter box posts to the mail program too', async ({ page }) => {
    const submissions = await recordSubmissions(page);
    await page.goto('/policies');
    const form = page.getByRole('form', { name: 'Newsletter' });
    await form.getByLabel('Email address').fill('amina@lab.example');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(submissions).toHaveLength(1);
    expect((await submissions())[0]).toMatchObject({ method: 'post', enctype: 'text/plain', fields: { email: 'amina@lab.example' } });
    expect(new URL(page.url()).search).toBe('');
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
