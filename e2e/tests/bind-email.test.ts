import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launch, snap } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { startMailCatcher, type MailCatcher } from '../support/mail';
import { apiPost, fillTestId, registerPerson, type Person } from '../support/app';

/**
 * Issue 42 #3 in the browser: bind an e-mail in account security with a code (read from a
 * loopback SMTP mailbox, as me.test.ts does), see it verified, then sign in by a code to that
 * address and reset the password by it — the account name itself is never typed.
 */

let server: RunningServer;
let mail: MailCatcher;
let browser: Browser;
let dana: Person;
const email = 'dana.w@example.com';

const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 800 } };

async function context(size: typeof phone | typeof desktop, lang: 'zh' | 'en'): Promise<BrowserContext> {
  const ctx = await browser.newContext({ ...size, locale: lang === 'en' ? 'en-US' : 'zh-CN' });
  await ctx.addInitScript((en: boolean) => {
    localStorage.setItem('parley.notify.asked', '1');
    if (en) localStorage.setItem('parley.lang', 'en');
  }, lang === 'en');
  return ctx;
}

/** Signs in with the password on the login page, then opens account security. */
async function openSecure(
  ctx: BrowserContext,
  password: string,
  who: () => Person = () => dana,
): Promise<{ page: Page; errors: string[] }> {
  const page = await ctx.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${server.url}/#/pages/login/index`);
  await fillTestId(page, 'login-account', who().account);
  await fillTestId(page, 'login-password', password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/(pages\/index\/index)?$/);
  await page.goto(`${server.url}/#/pages/mine/secure`);
  await page.getByTestId('secure-email').waitFor();
  return { page, errors };
}

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ SMTP_URL: mail.url, PARLEY_MAIL_FROM: 'Parley <codes@example.com>' });
  browser = await launch();
  await registerPerson(server.url, 'admin001', 'Admin');
  dana = await registerPerson(server.url, 'dana0001', 'Dana');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.close();
});

describe('binding an e-mail (issue 42 #3)', () => {
  it('binds an e-mail with a code on a phone (Chinese) and shows it verified', async () => {
    const ctx = await context(phone, 'zh');
    const { page, errors } = await openSecure(ctx, dana.password);
    await expect.poll(() => page.getByTestId('secure-email').innerText()).toContain('未绑定');
    await page.getByTestId('secure-email').click();
    await page.getByTestId('email-form').waitFor();

    // No address yet: the code button says what is missing, in words, and sends nothing.
    await page.getByTestId('email-send-code').click();
    await expect.poll(() => page.getByTestId('email-new-error').innerText()).toBe('请输入邮箱');

    await fillTestId(page, 'email-new', email);
    await page.getByTestId('email-send-code').click();
    const m = await mail.next(email);
    expect(m.code).toMatch(/^\d{6}$/);
    await expect.poll(() => page.getByTestId('email-send-code').innerText()).toMatch(/秒后重发/);
    await fillTestId(page, 'email-code', m.code ?? '');
    await snap(page, 'bind-email-form-phone-zh');
    await page.getByTestId('email-submit').click();

    await expect.poll(() => page.getByTestId('secure-email-badge').innerText()).toBe('已验证');
    await expect.poll(() => page.getByTestId('secure-email').innerText()).toContain(email);
    await snap(page, 'bind-email-verified-phone-zh');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('signs in by a code sent to the bound e-mail', async () => {
    const ctx = await context(phone, 'zh');
    const page = await ctx.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/#/pages/login/index`);
    await page.getByTestId('login-mode-code').click();
    await fillTestId(page, 'login-account', email);
    await page.getByTestId('login-send-code').click();
    const m = await mail.next(email);
    await fillTestId(page, 'login-code', m.code ?? '');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('tabbar-home').waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('resets the password by the bound e-mail (English) and the new one signs in', async () => {
    const ctx = await context(phone, 'en');
    const page = await ctx.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/#/pages/login/index`);
    await page.getByTestId('login-forgot').click();
    await fillTestId(page, 'login-account', email);
    await page.getByTestId('login-send-code').click();
    const m = await mail.next(email);
    await fillTestId(page, 'login-code', m.code ?? '');
    await fillTestId(page, 'login-password', 'fresh-pass1');
    await fillTestId(page, 'login-password2', 'fresh-pass1');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('tabbar-home').waitFor();
    const signIn = (password: string) => apiPost(server.url, '/common/pub/login', { account: dana.account, password });
    await expect(signIn(dana.password)).rejects.toThrow(/: 400 /);
    await expect(signIn('fresh-pass1')).resolves.toMatchObject({ userInfo: { email, email_auth: 1 } });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('shows the bound e-mail and the change form in both languages at both sizes', async () => {
    for (const [size, name] of [
      [phone, 'phone'],
      [desktop, 'desktop'],
    ] as const) {
      for (const lang of ['zh', 'en'] as const) {
        const ctx = await context(size, lang);
        const { page, errors } = await openSecure(ctx, 'fresh-pass1');
        const verified = lang === 'zh' ? '已验证' : 'Verified';
        await expect.poll(() => page.getByTestId('secure-email-badge').innerText()).toBe(verified);
        await page.getByTestId('secure-email').click();
        // A different address asks first for a code to the verified one.
        await fillTestId(page, 'email-new', 'dana.new@example.com');
        await page.getByTestId('email-old-code').waitFor();
        await page.getByTestId('email-submit').click();
        const required = lang === 'zh' ? '请输入验证码' : 'Please enter the verification code';
        await expect.poll(() => page.getByTestId('email-old-code-error').innerText()).toBe(required);
        await snap(page, `bind-email-change-${name}-${lang}`);
        expect(errors).toEqual([]);
        await ctx.close();
      }
    }
  });

  it('verifies an e-mail account that says “not verified” with a code to it (English)', async () => {
    const eve = await registerPerson(server.url, 'eve.k@example.com', 'Eve');
    const ctx = await context(phone, 'en');
    const { page, errors } = await openSecure(ctx, eve.password, () => eve);
    await expect.poll(() => page.getByTestId('secure-account-badge').innerText()).toBe('Not verified');
    await page.getByTestId('secure-account').click();
    await page.getByTestId('account-verify-send').click();
    const m = await mail.next(eve.account);
    await fillTestId(page, 'account-verify-code', m.code ?? '');
    await snap(page, 'verify-account-phone-en');
    await page.getByTestId('account-verify-submit').click();
    await expect.poll(() => page.getByTestId('secure-account-badge').innerText()).toBe('Verified');
    await expect.poll(() => page.getByTestId('secure-email-badge').innerText()).toBe('Verified');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
