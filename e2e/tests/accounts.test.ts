import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launch, phoneContext, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
});
afterAll(() => stopAll(browser, server));

async function openApp(locale?: string): Promise<{ page: Page; errors: string[] }> {
  const ctx = await phoneContext(browser, locale ? { locale } : {});
  const page = await ctx.newPage();
  const errors = collectPageErrors(page);
  await page.goto(server.url);
  return { page, errors };
}

async function register(page: Page, account: string, realname: string, password: string) {
  await page.goto(`${server.url}/#/pages/login/register`);
  await fill(page, 'register-account', account);
  await fill(page, 'register-realname', realname);
  await fill(page, 'register-password', password);
  await fill(page, 'register-password2', password);
  await page.getByTestId('register-submit').click();
}

/** antd-mobile puts the test id on a wrapper or on the input itself; accept both. */
async function fill(page: Page, testId: string, value: string) {
  const el = page.getByTestId(testId);
  const inner = el.locator('input');
  if ((await inner.count()) > 0) await inner.first().fill(value);
  else await el.fill(value);
}

async function logout(page: Page) {
  await page.getByTestId('me-button').click();
  await page.getByTestId('logout').click();
  // The confirm modal: wait for it, then its confirm button.
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog
    .getByRole('button', { name: /确定|OK|退出|log out/i })
    .last()
    .click();
  await page.waitForURL(/#\/pages\/login\/index/);
}

/** Waits (auto-retrying) until the element is visible; a bare isVisible() does not wait. */
const visible = (page: Page, testId: string) => page.getByTestId(testId).waitFor({ state: 'visible' });

describe('accounts in the browser', () => {
  it('shows the login page in Simplified Chinese, and switching to English changes the texts', async () => {
    const { page, errors } = await openApp();
    await page.waitForURL(/#\/pages\/login\/index/);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-Hans');
    await expect.poll(() => page.getByTestId('login-submit').innerText()).toMatch(/登\s*录/);
    await snap(page, 'login-zh');
    const zhText = await page.locator('body').innerText();

    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect.poll(() => page.getByTestId('login-submit').innerText()).toMatch(/log\s*in/i);
    const enText = await page.locator('body').innerText();
    // Every visible string changed language: no Chinese characters remain on the page.
    expect(enText).not.toMatch(/[\u4e00-\u9fff]/);
    expect(enText).not.toEqual(zhText);
    await snap(page, 'login-en');

    // The choice is remembered across a reload.
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(errors).toEqual([]);
  });

  it('registers two accounts, logs in through the UI, sees home with the tab bar and logs out', async () => {
    const { page, errors } = await openApp();
    await register(page, 'alice01', 'Alice', 'secret123');
    await page.waitForURL(/#\/(pages\/index\/index)?$/);
    await visible(page, 'tabbar-home');
    await visible(page, 'tabbar-contacts');
    await snap(page, 'home-after-register');
    await logout(page);

    await register(page, 'bob0001', '鲍勃', 'secret456');
    await page.waitForURL(/#\/(pages\/index\/index)?$/);
    await logout(page);
    await snap(page, 'login-after-logout');

    await fill(page, 'login-account', 'alice01');
    await fill(page, 'login-password', 'secret123');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/(pages\/index\/index)?$/);
    await visible(page, 'tabbar-home');

    // The address book tab is reachable and keeps the tab bar.
    await page.getByTestId('tabbar-contacts').click();
    await page.waitForURL(/#\/pages\/contacts\/index/);
    await visible(page, 'tabbar-home');
    await logout(page);
    expect(errors).toEqual([]);
  });

  it('rejects a wrong password with the server message and stays on the login page', async () => {
    const { page } = await openApp();
    await page.waitForURL(/#\/pages\/login\/index/);
    await fill(page, 'login-account', 'alice01');
    await fill(page, 'login-password', 'wrong-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('账号或密码不正确').first().waitFor()).resolves.toBeUndefined();
    expect(page.url()).toMatch(/#\/pages\/login\/index/);
  });

  it('shows the spec validation texts for a 5-character password and mismatched passwords', async () => {
    const { page } = await openApp();
    await page.goto(`${server.url}/#/pages/login/register`);
    await fill(page, 'register-account', 'carol01');
    await fill(page, 'register-realname', 'Carol');
    await fill(page, 'register-password', '12345');
    await fill(page, 'register-password2', '12345');
    await page.getByTestId('register-submit').click();
    await expect(page.getByText('密码须为6-16位').first().waitFor()).resolves.toBeUndefined();
    await snap(page, 'register-short-password');

    await fill(page, 'register-password', '123456');
    await fill(page, 'register-password2', '1234567');
    await page.getByTestId('register-submit').click();
    await expect(page.getByText('两次输入的密码不一致').first().waitFor()).resolves.toBeUndefined();
    await snap(page, 'register-mismatch');
    // Nothing was registered: the page did not move on.
    expect(page.url()).toMatch(/register/);
  });
});
