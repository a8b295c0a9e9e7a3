import type { Browser, BrowserContext } from 'playwright-core';

/**
 * Content-Security-Policy violations seen by any page of the suite (issue 19 #10). The app's CSP
 * must let the app, calls, maps and the in-app browser work: a violation means a feature broke
 * under it, so every e2e test fails on one (setup.ts checks after each test).
 */
const seen: string[] = [];

/** Returns and forgets the violations seen so far. */
export function takeCspViolations(): string[] {
  return seen.splice(0);
}

const CSP_CONSOLE = /Content Security Policy|Content-Security-Policy|CSP violation/i;

/** Listens on a context: Chromium's console report, plus the DOM event (which also names the URL). */
async function watchContext(ctx: BrowserContext): Promise<void> {
  ctx.on('console', (msg) => {
    if (CSP_CONSOLE.test(msg.text())) seen.push(`${msg.location().url}: ${msg.text()}`);
  });
  await ctx.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
}

/** Makes every context of `browser` report CSP violations (launch() calls this). */
export function watchCsp(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const ctx = await newContext(...args);
    await watchContext(ctx);
    return ctx;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const page = await newPage(...args);
    await watchContext(page.context());
    return page;
  };
  return browser;
}
