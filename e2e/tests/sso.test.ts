import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launch, phoneContext, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import { apiPost, fillTestId, registerPerson, type Person } from '../support/app';
import { startTestDirectory, startTestProvider, type TestDirectory, type TestProvider } from '../support/sso';

/**
 * Single sign-on in the browser (PROTOCOL §19) against real identity systems on loopback: a person
 * signs in through the OpenID provider's own login page, and an administrator connects an OpenLDAP
 * directory in the console, after which a directory person signs in with the directory password.
 */

let server: RunningServer;
let browser: Browser;
let provider: TestProvider;
let dir: TestDirectory;
let root: Person;

beforeAll(async () => {
  server = await startServer();
  provider = await startTestProvider({ redirectUri: `${server.url}/sso/oidc/callback` });
  dir = await startTestDirectory();
  browser = await launch();
  root = await registerPerson(server.url, 'root', 'Root');
});
afterAll(async () => {
  await stopAll(browser, server);
  await provider?.close();
  await dir?.close();
});

async function expectHome(page: Page): Promise<void> {
  await page.waitForURL(/#\/(pages\/index\/index)?$/);
  await page.getByTestId('tabbar-home').waitFor();
}

describe('single sign-on', () => {
  it('signs in with OpenID Connect through the provider’s own login page', async () => {
    provider.people.set('ada-sub', { preferred_username: 'ada', name: 'Ada Lovelace', email: 'ada@example.com' });
    // apiPost throws on any code but 0.
    await apiPost(
      server.url,
      '/manage/config/setConfig',
      {
        name: 'sso',
        value: {
          oidc: {
            status: 1,
            issuer: provider.issuer,
            clientId: provider.clientId,
            clientSecret: provider.clientSecret,
            buttonText: 'Company login',
          },
        },
      },
      root.token,
    );

    const ctx = await phoneContext(browser);
    const page = await ctx.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/#/pages/login/index`);
    const button = page.getByTestId('sso-button');
    await expect.poll(() => button.textContent()).toContain('Company login');
    await snap(page, 'sso-login-button');
    await button.click();

    // The provider's own pages: its login form, then its consent.
    const login = page.locator('input[name="login"]');
    await login.waitFor();
    expect(page.url().startsWith(provider.issuer)).toBe(true);
    await login.fill('ada-sub');
    await page.locator('input[name="password"]').fill('anything');
    await snap(page, 'sso-provider-login');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').waitFor();
    await page.locator('button[type="submit"]').click();

    await expectHome(page);
    await page.getByTestId('me-button').click();
    await expect.poll(() => page.getByText('Ada Lovelace').first().isVisible()).toBe(true);
    await snap(page, 'sso-oidc-signed-in');
    expect(errors).toEqual([]);
    await ctx.close();
    // Two sites' pages in one browser: more than the default budget on a busy machine.
  }, 180_000);

  it('connects an LDAP directory in the console and signs a directory person in', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
    const page = await ctx.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/#/pages/login/index`);
    await fillTestId(page, 'login-account', root.account);
    await fillTestId(page, 'login-password', root.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('rail-admin').click();
    await page.getByTestId('admin-nav-settings').click();
    await page.getByTestId('settings-sso').click();
    await page.getByTestId('sso-ldap').waitFor();

    // OpenID Connect's check: a provider that does not answer is said in words, the right one
    // answers with the redirect URI to register there.
    const oidcOutcome = page.getByTestId('oidc-outcome');
    await fillTestId(page, 'oidc-issuer', 'http://127.0.0.1:1');
    await page.getByTestId('oidc-test').click();
    await expect.poll(() => oidcOutcome.textContent()).toContain('无法连接身份提供方');
    await fillTestId(page, 'oidc-issuer', provider.issuer);
    await page.getByTestId('oidc-test').click();
    await expect.poll(() => oidcOutcome.textContent()).toContain(`${server.url}/sso/oidc/callback`);
    await snap(page, 'sso-oidc-test');

    await fillTestId(page, 'ldap-url', dir.url);
    await fillTestId(page, 'ldap-bindDN', dir.bindDN);
    await fillTestId(page, 'ldap-bindPassword', 'a wrong password');
    await fillTestId(page, 'ldap-baseDN', dir.baseDN);
    // A wrong password is said in words under the form.
    await page.getByTestId('ldap-test').click();
    const outcome = page.getByTestId('ldap-outcome');
    await expect.poll(() => outcome.textContent()).toContain('目录服务器拒绝了绑定账号或密码');
    await snap(page, 'sso-ldap-test-failed');

    await fillTestId(page, 'ldap-bindPassword', dir.bindPassword);
    await page.getByTestId('ldap-test').click();
    await expect.poll(() => outcome.textContent()).toContain('过滤条件找到 20 人');
    await page.getByTestId('ldap-status').check();
    await page.getByTestId('ldap-login').check();
    await page.getByTestId('ldap-save').click();
    // Saved: the secret now reads back as ******, never as itself.
    await expect.poll(() => page.getByTestId('ldap-bindPassword').inputValue()).toBe('******');

    await page.getByTestId('ldap-sync').click();
    await expect.poll(() => outcome.textContent()).toContain('新建 20 人');
    await expect.poll(() => page.getByTestId('ldap-last-sync').textContent()).toContain('新建部门 3 个');
    await page.getByTestId('sso-ldap').scrollIntoViewIfNeeded();
    await snap(page, 'sso-ldap-synced');
    expect(errors).toEqual([]);
    await ctx.close();

    // A person of the directory, on their phone, with the directory's password.
    const phone = await phoneContext(browser);
    const p = await phone.newPage();
    const phoneErrors = collectPageErrors(p);
    const person = dir.people[9];
    if (!person) throw new Error('fixture has 20 people');
    await p.goto(`${server.url}/#/pages/login/index`);
    await fillTestId(p, 'login-account', person.account);
    await fillTestId(p, 'login-password', person.password);
    await p.getByTestId('login-submit').click();
    await expectHome(p);
    await p.getByTestId('me-button').click();
    await expect.poll(() => p.getByText(person.name).first().isVisible()).toBe(true);
    await snap(p, 'sso-ldap-signed-in');
    expect(phoneErrors).toEqual([]);
    // Two sign-ins, a console and a directory: more than the default budget on a busy machine.
  }, 240_000);
});
