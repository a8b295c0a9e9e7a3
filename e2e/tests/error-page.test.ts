import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import { loggedInPage, registerPerson, tamperAnswers, type Person } from '../support/app';

/**
 * Issue 15, "never a crash page": a screen that throws shows our translated error page (reload,
 * back home) instead of React Router's, and the crash reaches the server's log. The throw is
 * provoked the way it happens in the field: an answer the client does not expect (here a
 * conversation whose last message is an object, as a broken proxy or an older server might send).
 */

let server: RunningServer;
let browser: Browser;
let alice: Person;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  alice = await registerPerson(server.url, 'alice01', 'Alice');
});
afterAll(() => stopAll(browser, server));

describe('error page', () => {
  it('shows the error page when the home screen throws, reports it, and reloads into a working home', async () => {
    const { page } = await loggedInPage(browser, server.url, alice);
    const odd = {
      id: 999999,
      displayName: 'Odd',
      type: 'text',
      lastContent: { html: 'not a string' },
      lastSendTime: Date.now(),
      unread: 0,
      is_group: 0,
    };
    const tampered = await tamperAnswers(page, '/enterprise/im/getContacts', (body) => ({
      ...body,
      data: [odd, ...(Array.isArray(body.data) ? body.data : [])],
    }));
    await page.reload();
    await page.getByTestId('error-page').waitFor();
    const text = await page.locator('body').innerText();
    expect(text).toContain('出错了');
    expect(text).toContain('重新加载');
    expect(text).toContain('返回首页');
    expect(text).not.toContain('Unexpected Application Error');
    expect(text).not.toMatch(/TypeError|is not a function|\bat [\w.]+ \(/);
    await snap(page, 'error-page-phone');
    await expect.poll(() => server.output().includes('client error'), { timeout: 5000 }).toBe(true);
    expect(server.output()).toMatch(/"clientError":\{"message":"TypeError[^"]*"/);

    // In English the same page speaks English.
    await page.evaluate(() => localStorage.setItem('parley.lang', 'en'));
    await page.reload();
    await page.getByTestId('error-page').waitFor();
    expect(await page.getByTestId('error-page').innerText()).toContain('Something went wrong');
    await page.setViewportSize({ width: 1280, height: 800 });
    await snap(page, 'error-page-desktop');

    // The server answers sensibly again: "reload" brings the home list back.
    await tampered.stop();
    // Back to a phone's width, where home has its tab bar (the desktop has the rail instead).
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByTestId('error-reload').click();
    await page.getByTestId('tabbar-home').waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="error-page"]'));
  });
});
