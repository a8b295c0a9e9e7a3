import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { watchCsp } from './csp';

/** Flags for Debian's Chromium on a machine without internet (shared TOOLCHAIN.md §3). */
const BASE_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Fake camera and microphone for voice notes and calls (TOOLCHAIN.md §4). */
export const MEDIA_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

export const screenshotDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../screenshots');

/**
 * Two of Debian's Chromium binaries, built from the same source package and version (the same Blink,
 * V8 and network stack):
 * - `chromium-headless-shell`, Chromium without the desktop browser around it, opens a signed-in page
 *   for under half the CPU of the full browser (on this 2-core machine 17 against 40–46 CPU-seconds
 *   for six pages, 11 against 20–24 s), and the e2e tier is CPU-bound, so most files use it;
 * - `chromium`, the full browser, where the test is about what only the full browser does as a person
 *   meets it: permission prompts and their answers, system notifications, web push (the shell denies
 *   notifications outright and answers a refused camera with another error), and calls, which run with
 *   the fake camera and microphone the project's calls are tested with. Those files pass `fullBrowser`.
 * `CHROMIUM_PATH` runs every file on one binary of your choice.
 *
 * The app's service worker precaches the whole app (some 200 files) in every new context: a person
 * pays that once per install, but a file opens a fresh context for each person of each test, and
 * on a 2-core machine each precache took about 6 CPU-seconds from the test beside it (a third of
 * the e2e tier's time). So contexts start without it; the files that test the worker itself (offline,
 * first load, notifications and push) launch with `serviceWorkers: true`, and a context may still
 * ask for it by passing `serviceWorkers: 'allow'`.
 */
export async function launch(
  extraArgs: string[] = [],
  opts: { serviceWorkers?: boolean; fullBrowser?: boolean } = {},
): Promise<Browser> {
  const binary = opts.fullBrowser ? '/usr/bin/chromium' : '/usr/bin/chromium-headless-shell';
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? binary,
    headless: true,
    args: [...BASE_ARGS, ...extraArgs],
  });
  const serviceWorkers = opts.serviceWorkers ? 'allow' : 'block';
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers, ...options });
  // Every page reports CSP violations, which fail the test (setup.ts).
  return watchCsp(browser);
}

/** A phone-sized context (design width 375), Chinese by default like a new user's browser. */
export async function phoneContext(
  browser: Browser,
  opts: { locale?: string; notifyOffer?: boolean; storageState?: BrowserContextOptions['storageState'] } = {},
): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    storageState: opts.storageState,
    viewport: { width: 375, height: 740 },
    deviceScaleFactor: 2,
    locale: opts.locale ?? 'zh-CN',
    hasTouch: true,
  });
  // The one-time "turn on notifications?" bar after the first chat (issue 22) is tested in
  // pwa-notify.test.ts; elsewhere it would sit over the top of the chats being tested.
  if (!opts.notifyOffer) {
    await ctx.addInitScript(() => {
      // Init scripts run in every frame, also a third-party page in the in-app browser, whose storage is closed.
      try {
        localStorage.setItem('parley.notify.asked', '1');
      } catch {
        // not our page
      }
    });
  }
  return ctx;
}

/** Keeps a screenshot for people to look at; the e2e/screenshots folder is not committed. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: resolve(screenshotDir, `${name}.png`) });
}

/** Fails a test on uncaught page errors, which the user would see as a broken screen. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}
