import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import { apiPost, fillTestId, loggedInPage, openChat, registerTrio, row, sendByApi, type Person } from '../support/app';

/**
 * Issue 42 #6: the language, the notification choice and the drafts follow the account, as the
 * other settings do: chosen in one browser, another browser signing in has them.
 */

let server: RunningServer;
let browser: Browser;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  server = await startServer();
  // The full browser: the notification choice follows the account, and the headless shell denies notifications.
  browser = await launch([], { fullBrowser: true });
  [alice, bob] = await registerTrio(server.url);
  await sendByApi(server.url, bob, alice.id, 'Hi Alice 你好');
});
afterAll(() => stopAll(browser, server));

/** Alice's account as the server keeps it (a sign-in of the app kind, which the browsers are not). */
async function whoAmI(): Promise<{ setting: Record<string, unknown> }> {
  const login = (await apiPost(server.url, '/common/pub/login', {
    account: alice.account,
    password: alice.password,
    terminal: 'app',
  })) as { userInfo: { setting: Record<string, unknown> } };
  return login.userInfo;
}

describe('settings that follow the account to another browser', () => {
  it('gives a second browser the language, the notification choice and the drafts of the first', async () => {
    const allowNotifications = (ctx: Parameters<NonNullable<Parameters<typeof loggedInPage>[3]>>[0]) =>
      ctx.grantPermissions(['notifications'], { origin: server.url });
    const a = await loggedInPage(browser, server.url, alice, allowNotifications);
    await openChat(a.page, bob.id);
    await fillTestId(a.page, 'chat-input', 'half a thought 一半的想法');
    await a.page.goto(`${server.url}/#/pages/mine/setting`);
    const notify = (p: typeof a.page) => p.getByTestId('setting-notify').locator('[data-state]');
    await expect.poll(() => notify(a.page).getAttribute('data-state')).toBe('rowOn');
    await a.page.getByTestId('setting-notify').click();
    await expect.poll(() => notify(a.page).getAttribute('data-state')).toBe('rowOff');
    await a.page.getByTestId('lang-switch').click();
    await expect.poll(() => a.page.getByTestId('lang-switch').innerText()).toContain('English');

    // The choices are saved quietly, the draft once typing pauses: the account has them before a
    // person could sign in elsewhere (the sign-in below is made at machine speed).
    await expect
      .poll(async () => {
        const { language, drafts } = (await whoAmI()).setting as { language?: string; drafts?: object };
        return [language, Object.values(drafts ?? {})];
      })
      .toEqual(['en', ['half a thought 一半的想法']]);

    // Another browser, where notifications are allowed too and nothing was chosen.
    const b = await loggedInPage(browser, server.url, alice, allowNotifications);
    await expect.poll(() => b.page.getByTestId('tabbar-home').innerText(), { timeout: 10_000 }).toContain('Messages');
    await expect
      .poll(() => row(b.page, bob.id).innerText(), { timeout: 10_000 })
      .toMatch(/\[Draft\]\s*half a thought 一半的想法/);
    await snap(b.page, 'account-sync-second-browser-en-phone');
    await openChat(b.page, bob.id);
    expect(await b.page.getByTestId('chat-input').inputValue()).toBe('half a thought 一半的想法');
    await b.page.goto(`${server.url}/#/pages/mine/setting`);
    await expect.poll(() => notify(b.page).getAttribute('data-state')).toBe('rowOff');
    await b.page.setViewportSize({ width: 1280, height: 800 });
    await snap(b.page, 'account-sync-second-browser-en-desktop');

    // Signing in here signed the first browser out (one session per kind of device). Sent and
    // switched back to Chinese here, a third browser has neither the draft nor English.
    await b.page.goto(`${server.url}/#/pages/message/chat?id=${bob.id}`);
    await b.page.getByTestId('chat-send').click();
    await expect.poll(() => b.page.getByTestId('message-bubble').last().innerText()).toContain('half a thought');
    await b.page.goto(`${server.url}/#/pages/mine/setting`);
    await b.page.getByTestId('lang-switch').click();
    await expect.poll(() => b.page.getByTestId('lang-switch').innerText()).toContain('简体中文');
    // The drafts' save waits for typing to pause: the account has it before the next sign-in.
    await expect
      .poll(async () => ((await whoAmI()).setting as { drafts?: object }).drafts, { timeout: 10_000 })
      .toEqual({});
    const c = await loggedInPage(browser, server.url, alice);
    await expect.poll(() => c.page.getByTestId('tabbar-home').innerText()).toContain('消息');
    await expect.poll(() => row(c.page, bob.id).innerText()).toContain('half a thought 一半的想法');
    expect(await row(c.page, bob.id).innerText()).not.toContain('[草稿]');
    await snap(c.page, 'account-sync-third-browser-zh-phone');
    await c.page.setViewportSize({ width: 1280, height: 800 });
    await snap(c.page, 'account-sync-third-browser-zh-desktop');
    await c.page.context().close();
    await a.page.context().close();
    await b.page.context().close();
  });
});
