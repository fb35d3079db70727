// npm run bench:studio: how long the studio's preview takes to show what the author typed, from the
// last keystroke of a burst to the preview's h1 showing it (measured in the page, after the next
// frame). Runs `vite` in a scratch copy and Debian's Chromium; prints figures, asserts nothing.
import { chromium } from '@playwright/test';
import { startDevServer } from '../support/dev-server';
import { scratchProject } from '../support/scratch';

const ROUNDS = Number(process.env.ROUNDS ?? 15);
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/services/water-testing', '/services'];

const scratch = scratchProject('studio-bench-');
const dev = await startDevServer(scratch);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const route of routes) {
    const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(`${dev.url}/__studio?page=${route}`);
    const frame = page.frameLocator('iframe[title="Preview"]');
    await frame.locator('h1').waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: /^Block 1 \(/, expanded: false }).click();
    const title = page.locator('[data-path="blocks.0.title"]');
    await page.evaluate(() => {
      const w = window as unknown as { lastKey: number };
      window.addEventListener('keydown', () => (w.lastKey = performance.timeOrigin + performance.now()), true);
    });
    const preview = page.frames().find((f) => f.url().includes('/__studio/preview'))!;
    await preview.evaluate(() => {
      const w = window as unknown as { shown: Record<string, number> };
      w.shown = {};
      new MutationObserver(() => {
        const text = document.querySelector('h1')?.textContent ?? '';
        if (!(text in w.shown)) requestAnimationFrame(() => (w.shown[text] ??= performance.timeOrigin + performance.now()));
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const base = (await title.inputValue()).trim();
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      await title.fill(base);
      await page.waitForTimeout(1000);
      const word = ` r${i}x`;
      await title.pressSequentially(word, { delay: 40 });
      const expected = base + word;
      await preview.waitForFunction((t) => (window as unknown as { shown: Record<string, number> }).shown[t] !== undefined, expected);
      const lastKey = await page.evaluate(() => (window as unknown as { lastKey: number }).lastKey);
      const shown = await preview.evaluate((t) => (window as unknown as { shown: Record<string, number> }).shown[t]!, expected);
      times.push(shown - lastKey);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(0);
    console.log(`${route}: last keystroke -> preview h1 shown, ${ROUNDS} bursts of 4 keys: median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`);
    await page.close();
  }
} finally {
  await browser.close();
  await dev.stop();
  scratch.remove();
}
