import { chromium } from 'playwright-core';
import { percentile } from './stats.mjs';

/**
 * A long list flicked through on a phone, as a person does it: Debian's Chromium at 390×844 with
 * touch, signed in through the login page, the list opened by its route, then wheel steps of
 * `stepPx` over the list until its end stays put (pages load as it goes). Measured in the page:
 * the interval between animation frames while scrolling (a smooth list keeps them at the display's
 * 16.7 ms; a list that renders every row stalls them), the most rows in the DOM at any moment
 * (a virtualised list holds a screenful, not the department), and the rows reached.
 */
export async function phoneScroll({ url, account, password, route, rowSelector, stepPx = 400, maxSteps = 1500 }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const ctx = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      hasTouch: true,
      locale: 'zh-CN',
    });
    await ctx.addInitScript(() => localStorage.setItem('parley.notify.asked', '1'));
    const page = await ctx.newPage();
    await page.goto(`${url}/#/pages/login/index`);
    await page.locator('[data-testid="login-account"] input, input[data-testid="login-account"]').fill(account);
    await page.locator('[data-testid="login-password"] input, input[data-testid="login-password"]').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('tabbar-home').waitFor({ timeout: 30_000 });
    await page.goto(`${url}/#${route}`);
    await page.locator(rowSelector).first().waitFor({ timeout: 30_000 });
    await page.mouse.move(195, 500);

    // Frame intervals, recorded by the page itself from here on.
    await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      w.__frames = [];
      const tick = (t) => {
        w.__frames.push(t);
        w.__raf = requestAnimationFrame(tick);
      };
      w.__raf = requestAnimationFrame(tick);
    });
    const seen = new Set();
    let maxRows = 0;
    let still = 0;
    let steps = 0;
    const t0 = Date.now();
    for (; steps < maxSteps && still < 20; steps++) {
      const before = await page.evaluate((sel) => {
        const rows = [...document.querySelectorAll(sel)];
        const list = rows[0]?.closest('[data-testid$="-list"], [data-testid="address-book"]');
        return { ids: rows.map((r) => r.getAttribute('data-id')), top: list ? list.scrollTop : 0 };
      }, rowSelector);
      for (const id of before.ids) seen.add(id);
      maxRows = Math.max(maxRows, before.ids.length);
      await page.mouse.wheel(0, stepPx);
      await page.waitForTimeout(50);
      const top = await page.evaluate(
        (sel) => document.querySelector(sel)?.closest('[data-testid$="-list"]')?.scrollTop ?? 0,
        rowSelector,
      );
      still = top === before.top ? still + 1 : 0;
    }
    const frames = await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      cancelAnimationFrame(w.__raf);
      return w.__frames;
    });
    const gaps = frames.slice(1).map((t, i) => t - frames[i]);
    const sorted = [...gaps].sort((a, b) => a - b);
    return {
      rowsReached: seen.size,
      maxRowsInDom: maxRows,
      steps,
      seconds: Math.round((Date.now() - t0) / 100) / 10,
      frames: gaps.length,
      frameP50: Math.round(percentile(sorted, 50) * 10) / 10,
      frameP95: Math.round(percentile(sorted, 95) * 10) / 10,
      frameMax: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
      longFrames: gaps.filter((g) => g > 50).length,
    };
  } finally {
    await browser.close();
  }
}
