import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

const isLocal = (url: URL) => url.hostname === 'localhost' || url.hostname === '127.0.0.1';

/**
 * Every test runs offline: any request to another host is aborted unless the test routes it itself
 * (a page route wins over this context route). Console errors and warnings are collected, except the
 * not-found page's own line naming the attempted path.
 */
export const test = base.extend<{ noNetwork: void; consoleErrors: string[] }>({
  noNetwork: [
    async ({ context }, use) => {
      await context.route((url) => !isLocal(url), (route) => route.abort('blockedbyclient'));
      await use();
    },
    { auto: true },
  ],
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() !== 'error' && msg.type() !== 'warning') return;
      const text = msg.text();
      if (msg.type() === 'warning' && !/hydrat|did not match|Warning:/i.test(text)) return;
      if (text.startsWith('404 Error: User attempted to access non-existent route:')) return;
      // The browser's own line for a not-found document answered with status 404, as it should be.
      if (text.includes('status of 404') && msg.location().url === page.url()) return;
      // The same for the document of a path no page answers, which the app asks for by its path (src/page/load.ts).
      if (text.includes('status of 404') && new URL(msg.location().url || 'about:blank').pathname.startsWith('/_data/pages')) return;
      errors.push(`${msg.type()}: ${text}`);
    });
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    await use(errors);
  },
});

export { expect };

/** Taps on a phone, clicks on a desktop: the way each project's visitor presses a control. */
export const press = async (target: Locator, isMobile: boolean) => (isMobile ? target.tap() : target.click());

/**
 * Waits until the client has hydrated the whole page, so interactions are live. React marks the root
 * at once but hydrates the page in slices; a navigation from the header, footer or search before the
 * last slice is done logs recoverable hydration errors. The last element gets its fiber last.
 */
export async function hydrated(page: Page) {
  // Each block of the page sits in a Suspense boundary, which React hydrates after the shell, in
  // order: the last element of <main> must be hydrated too, not only the footer's.
  await page.waitForFunction(() => {
    const live = (el: Element | undefined) => !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
    const all = document.getElementById('root')?.getElementsByTagName('*');
    const inMain = document.getElementById('main')?.getElementsByTagName('*');
    return live(all?.[all.length - 1]) && (!inMain?.length || live(inMain[inMain.length - 1]));
  });
}

/**
 * Waits until a page opened inside the app is drawn whole: it draws its first screen at once and the
 * rest a moment later (src/page/PageView.tsx), which moves what lies below it, the footer too (a pointer
 * resting on a footer link until then is moved off it). Whole is when <main> holds as many elements as
 * in the page the server sends for the address.
 */
export async function drawnWhole(page: Page) {
  const html = await (await page.request.get(new URL(page.url()).pathname)).text();
  const parts = await page.evaluate((h) => new DOMParser().parseFromString(h, 'text/html').querySelectorAll('#main > *').length, html);
  expect(parts).toBeGreaterThan(0);
  await expect(page.locator('#main > *')).toHaveCount(parts);
}

/**
 * Under a paused page clock, lets the page start: once the first contentful paint is reported, the
 * boot script fetches the app from a timer, which a paused clock does not run.
 */
export async function startUnderPausedClock(page: Page) {
  await expect
    .poll(async () => {
      await page.clock.runFor(20);
      return page.locator('link[rel="modulepreload"]').count();
    })
    .toBeGreaterThan(0);
}

/**
 * Records the URLs handed to the mail program instead of leaving the page: src/lib/browser.ts opens
 * a mailto by clicking an <a href="mailto:...">, so the click is intercepted before it navigates; a
 * visitor's click on a mailto link the page lets the browser follow is recorded the same way.
 */
export async function captureMail(page: Page) {
  const patch = () => {
    const w = window as unknown as { __mails?: string[] };
    if (w.__mails) return;
    w.__mails = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.href.startsWith('mailto:')) w.__mails!.push(this.href);
      else click.call(this);
    };
    // After the page's own handlers (a listener on window hears a click last): what the browser would follow.
    window.addEventListener('click', (e) => {
      const link = e.target instanceof Element ? e.target.closest('a') : null;
      if (!link?.href.startsWith('mailto:') || e.defaultPrevented) return;
      e.preventDefault();
      w.__mails!.push(link.href);
    });
  };
  await page.addInitScript(patch);
  if (page.url() !== 'about:blank') await page.evaluate(patch);
  return {
    all: () => page.evaluate(() => (window as unknown as { __mails: string[] }).__mails),
  };
}

/** The notice that a submitted message was handed to the mail program, not sent (D6). */
export const handoffNotice = (page: Page) => page.getByRole('alert').filter({ hasText: 'Over to your mail app' });

/** The notice that a submitted message did not reach the form endpoint (D6). */
export const notSentNotice = (page: Page) => page.getByRole('alert').filter({ hasText: 'Your message did not reach us' });

/**
 * What axe-core finds against WCAG 2.2 A/AA and its best practices, one line per element (issue 7).
 * Colours are measured once opening transitions (dialogs fade in) have finished.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // Legacy mode runs axe in the page in one call, at half the time of the default; the default's only
  // gain is reaching into cross-origin frames, and the one such frame here (the map) is not ours.
  let axe = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] });
  if (include) axe = axe.include(include);
  const { violations } = await axe.analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`));
}

/**
 * An init script: records the page's layout shifts not caused by input in window.layoutShifts, each
 * with its score and a line naming its time and what moved, so a failing test says what to look at.
 */
export function recordLayoutShifts() {
  type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
  const w = window as unknown as { layoutShifts: { value: number; line: string }[] };
  w.layoutShifts = [];
  const name = (n?: Node) => (n instanceof Element ? `${n.tagName.toLowerCase()}.${[...n.classList].join('.')}` : (n?.textContent ?? '?').slice(0, 40));
  const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Shift[]) {
      if (e.hadRecentInput) continue;
      const moved = e.sources.map((s) => `${name(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`).join('; ');
      w.layoutShifts.push({ value: e.value, line: `${e.value.toFixed(5)} at ${Math.round(e.startTime)} ms: ${moved}` });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * Each visible required-field marker (Mantine's asterisk after a label) with its contrast against
 * what is drawn behind it, as `label: ratio`. The marker is aria-hidden, so axe-core leaves it out,
 * but it is text a sighted visitor must read: WCAG 1.4.3 asks 4.5:1.
 */
export async function requiredMarkers(within: Page | Locator): Promise<{ label: string; ratio: number }[]> {
  return within.locator('.mantine-InputWrapper-required').evaluateAll((marks) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, a];
    };
    const over = (top: Rgba, below: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3] + below[i]! * (1 - top[3])).concat(1) as Rgba;
    // The backgrounds from the marker up to the first opaque one, laid over each other (white below all).
    const behind = (el: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const bg = parse(getComputedStyle(e).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] === 1) break;
      }
      return layers.reduceRight((below, top) => over(top, below), [255, 255, 255, 1] as Rgba);
    };
    const luminance = (c: Rgba) => {
      const [r, g, b] = c.slice(0, 3).map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    return marks
      .filter((m) => m.getClientRects().length > 0 && getComputedStyle(m).visibility === 'visible')
      .map((m) => {
        const bg = behind(m);
        const [hi, lo] = [luminance(over(parse(getComputedStyle(m).color), bg)), luminance(bg)].sort((x, y) => y - x);
        return { label: m.parentElement?.textContent?.trim() ?? '?', ratio: Math.round(((hi! + 0.05) / (lo! + 0.05)) * 100) / 100 };
      });
  });
}
