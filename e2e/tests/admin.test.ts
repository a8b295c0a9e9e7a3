import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launch, phoneContext, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import {
  enterpriseMode,
  fillTestId,
  loggedInPage,
  signedInState,
  noisyPng,
  registerPerson,
  startChat,
  type Person,
} from '../support/app';

/** The admin console in the browser, as the super-administrator, with people on their own phones. */

let server: RunningServer;
let browser: Browser;
let root: Person;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  root = await registerPerson(server.url, 'root', 'Root');
  alice = await registerPerson(server.url, 'alice', 'Alice');
  bob = await registerPerson(server.url, 'bob01', 'Bob');
  await enterpriseMode(server.url, root);
});
afterAll(() => stopAll(browser, server));

/** The administrator at a desktop, signed in, then into the console. */
async function adminDesk(tab = 'dashboard', who: Person = root): Promise<{ page: Page; errors: string[] }> {
  const ctx = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    storageState: await signedInState(server.url, who),
  });
  const page = await ctx.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${server.url}/#/`);
  // At a desktop the console is a section of the rail, beside Me and the chats.
  await page.getByTestId('rail-admin').click();
  await page.getByTestId('admin').waitFor();
  if (tab !== 'dashboard') await page.getByTestId(`admin-nav-${tab}`).click();
  return { page, errors };
}

async function confirmDialog(page: Page) {
  const dialog = page.getByRole('dialog').last();
  await dialog.waitFor();
  await dialog
    .getByRole('button', { name: /确定|OK/ })
    .last()
    .click();
}

describe('admin console', () => {
  it('shows every section at desktop and phone size', async () => {
    const { page, errors } = await adminDesk();
    for (const tab of ['dashboard', 'users', 'groups', 'messages', 'settings', 'notices', 'invites', 'audit']) {
      await page.getByTestId(`admin-nav-${tab}`).click();
      // The section has loaded: its "…" placeholders (lazy panel, table rows) are gone. A section
      // that never loads fails here instead of being photographed half-drawn.
      const section = page.locator('[data-testid="admin"] section');
      await section.first().waitFor();
      await expect.poll(() => section.getByText('…', { exact: true }).count()).toBe(0);
      await snap(page, `admin-desktop-${tab}`);
    }
    const { page: p } = await loggedInPage(browser, server.url, root);
    // On a phone it is a row of Me.
    await p.getByTestId('me-button').click();
    await p.getByTestId('mine-admin').click();
    await p.getByTestId('admin').waitFor();
    for (const tab of ['dashboard', 'users', 'messages', 'settings']) {
      await p.goto(`${server.url}/#/pages/admin/index?tab=${tab}`);
      await p.getByTestId('admin').waitFor();
      if (tab === 'users') await p.getByTestId('users-table').locator('tbody tr').first().waitFor();
      // Nothing wider than the phone: not the page, and not the section's content either (a table's
      // rows are cards there, so a user's actions are in reach without scrolling sideways).
      const width = await p.evaluate(() => {
        const inSection = document.querySelectorAll('[data-testid="admin"] section *');
        const rights = Array.from(inSection, (e) => e.getBoundingClientRect().right);
        return { page: document.documentElement.scrollWidth, screen: innerWidth, content: Math.max(0, ...rights) };
      });
      expect(width.page, `admin ${tab} page at 375 px`).toBeLessThanOrEqual(width.screen);
      expect(width.content, `admin ${tab} content at 375 px`).toBeLessThanOrEqual(width.screen);
      await snap(p, `admin-phone-${tab}`);
    }
    // An ordinary user has no entry and is refused at the address.
    const { page: bobPage } = await loggedInPage(browser, server.url, bob);
    await bobPage.getByTestId('me-button').click();
    await bobPage.getByTestId('logout').waitFor();
    expect(await bobPage.getByTestId('mine-admin').count()).toBe(0);
    await bobPage.goto(`${server.url}/#/pages/admin/index`);
    await bobPage.getByTestId('admin-denied').waitFor();
    expect(errors).toEqual([]);
  });

  it('moves the dashboard counts live when a user comes online', async () => {
    const { page } = await adminDesk();
    const online = page.getByTestId('stat-online');
    await expect.poll(() => online.innerText()).toMatch(/^\d+$/);
    const before = Number(await online.innerText());
    const { page: alicePage } = await loggedInPage(browser, server.url, alice);
    await expect.poll(() => online.innerText().then(Number), { timeout: 15_000 }).toBe(before + 1);
    await alicePage.context().close();
    await page.context().close();
  });

  it('publishes an announcement that alice sees live in 系统通知', async () => {
    const { page: alicePage } = await loggedInPage(browser, server.url, alice);
    // 系统通知 is read-only: it opens without a composer.
    await alicePage.locator('[data-testid="conversation-row"][data-id="admin_notice"]').click();
    await alicePage.waitForURL(/#\/pages\/message\/chat/);
    const { page } = await adminDesk('notices');
    await page.getByTestId('notice-new').click();
    await fillTestId(page, 'notice-title', '系统升级通知');
    const editor = page.locator('[contenteditable="true"]').first();
    await editor.click();
    await editor.type('今晚22点升级');
    await page
      .getByRole('button', { name: /保存|完成|发布/ })
      .last()
      .click();
    await page.getByTestId('notices-table').getByText('系统升级通知').waitFor();
    await alicePage.getByText('系统升级通知').first().waitFor({ timeout: 10_000 });
    await snap(alicePage, 'admin-notice-alice');
    await alicePage.context().close();
    await page.context().close();
  });

  it('adds a Discover item with an uploaded icon: alice sees it live, another console is told', async () => {
    const { page: alicePage } = await loggedInPage(browser, server.url, alice);
    await alicePage.getByTestId('home-discover').click();
    await alicePage.getByTestId('discover-moments').waitFor();
    // A second administrator (one web session per person: a second login would sign the first out).
    const ops = await registerPerson(server.url, 'ops01', 'Ops');
    const promoted = await fetch(`${server.url}/manage/user/setRole`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: root.token },
      body: JSON.stringify({ user_id: ops.id, role: 2 }),
    }).then((r) => r.json() as Promise<{ code: number; msg: string }>);
    expect(promoted.code, promoted.msg).toBe(0);
    const other = await adminDesk('settings', ops);
    await other.page.getByTestId('settings-compass').click();
    await other.page.getByTestId('compass-add').waitFor();

    const { page, errors } = await adminDesk('settings');
    await page.getByTestId('settings-compass').click();
    await page.getByTestId('cfg-status').check();
    await page.getByTestId('compass-add').click();
    await page
      .getByTestId('compass-icon-input-0')
      .setInputFiles({ name: 'wiki.png', mimeType: 'image/png', buffer: await noisyPng(page, 96, 96) });
    await expect
      .poll(() => page.getByTestId('compass-item-0').locator('img').getAttribute('src'), { timeout: 15_000 })
      .toMatch(/\/storage\//);
    // An unnamed item, then a script address, are refused with words before anything is sent.
    await page.getByTestId('cfg-save').click();
    await page.getByText('第1项需要填写名称').waitFor();
    await fillTestId(page, 'compass-name-0', '公司百科');
    await fillTestId(page, 'compass-url-0', 'javascript:alert(1)');
    await page.getByTestId('cfg-save').click();
    await page.getByText('第1项的网址应以 http:// 或 https:// 开头').waitFor();
    await fillTestId(page, 'compass-url-0', 'https://wiki.example.com/');
    await snap(page, 'admin-desktop-compass');
    await page.getByTestId('cfg-save').click();

    // Alice's open Discover page shows the item with its icon without a reload.
    const item = alicePage.getByTestId('discover-item-1');
    await item.getByText('公司百科').waitFor({ timeout: 10_000 });
    expect(await item.locator('img').getAttribute('src')).toMatch(/\/storage\//);
    await snap(alicePage, 'discover-admin-item-phone');
    // The other console keeps what it showed and offers the newer values.
    await other.page.getByTestId('cfg-changed').waitFor({ timeout: 10_000 });
    await other.page.getByTestId('cfg-load-latest').click();
    await expect.poll(() => other.page.getByTestId('compass-name-0').inputValue()).toBe('公司百科');
    expect(await page.getByTestId('cfg-changed').count()).toBe(0);
    expect(errors).toEqual([]);
    for (const p of [alicePage, page, other.page]) await p.context().close();
  });

  it('masks a message and both parties see the replacement live', async () => {
    const { page: alicePage } = await loggedInPage(browser, server.url, alice);
    const { page: bobPage } = await loggedInPage(browser, server.url, bob);
    await startChat(alicePage, bob.id);
    await fillTestId(alicePage, 'chat-input', '一句不当的话');
    await alicePage.getByTestId('chat-send').click();
    await bobPage.getByTestId(`conversation-row`).filter({ hasText: 'Alice' }).first().click();
    await bobPage.getByText('一句不当的话').waitFor();

    const { page } = await adminDesk('messages');
    await fillTestId(page, 'msg-user', String(alice.id));
    await fillTestId(page, 'msg-peer', String(bob.id));
    const table = page.getByTestId('messages-table');
    await table.getByText('一句不当的话').waitFor();
    await table.getByRole('button', { name: '屏蔽' }).first().click();
    await confirmDialog(page);
    for (const p of [alicePage, bobPage])
      await p.getByText('[该消息因违规已被屏蔽]').first().waitFor({ timeout: 10_000 });
    await snap(bobPage, 'admin-masked-bob');
    for (const p of [alicePage, bobPage, page]) await p.context().close();
  });

  it('switches to invite-only: no code fails, the invite link works', { timeout: 240_000 }, async () => {
    const { page } = await adminDesk('settings');
    await fillTestId(page, 'cfg-regtype', '2');
    await page.getByTestId('cfg-save').click();
    await page.getByText('已保存').first().waitFor();
    await page.getByTestId('admin-nav-invites').click();
    await page.getByTestId('invite-create').click();
    const url = await page.getByTestId('invite-url').innerText();
    expect(url).toMatch(/#\/register\?inviteCode=\w{8}$/);
    await snap(page, 'admin-desktop-invite-qr');

    const ctx = await phoneContext(browser);
    const reg = await ctx.newPage();
    await reg.goto(`${server.url}/#/pages/login/register`);
    const fillReg = async (account: string) => {
      await fillTestId(reg, 'register-account', account);
      await fillTestId(reg, 'register-realname', 'Carol');
      await fillTestId(reg, 'register-password', 'secret123');
      await fillTestId(reg, 'register-password2', 'secret123');
      await reg.getByTestId('register-submit').click();
    };
    // Without a code the form refuses (the page learned regtype 2 from getSystemInfo), and a
    // registration sent anyway is refused by the server.
    await fillReg('carol01');
    await reg.getByText('请输入邀请码').first().waitFor();
    const direct = await fetch(`${server.url}/common/pub/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      body: JSON.stringify({ account: 'carol01', realname: 'Carol', password: 'secret123' }),
    }).then((r) => r.json() as Promise<{ code: number; msg: string }>);
    expect(direct).toMatchObject({ code: 400, msg: '邀请码无效或已过期' });
    expect(reg.url()).toMatch(/register/);
    // The link, opened as the invitee would: a fresh page with the code filled in.
    const invited = await ctx.newPage();
    await invited.goto(url);
    const inviteValue = () =>
      invited
        .getByTestId('register-invite')
        .evaluate(
          (e) => ((e.tagName === 'INPUT' ? e : e.querySelector('input')) as HTMLInputElement | null)?.value ?? '',
        );
    await expect.poll(inviteValue).toMatch(/^\w{8}$/);
    await fillTestId(invited, 'register-account', 'carol02');
    await fillTestId(invited, 'register-realname', 'Carol');
    await fillTestId(invited, 'register-password', 'secret123');
    await fillTestId(invited, 'register-password2', 'secret123');
    await invited.getByTestId('register-submit').click();
    await invited.waitForURL((u) => !/register/.test(new URL(u).hash));
    await ctx.close();
    await page.context().close();
  });

  it('disables bob: his open session lands on the login page', async () => {
    const { page: bobPage } = await loggedInPage(browser, server.url, bob);
    const { page } = await adminDesk('users');
    await page.getByTestId(`user-status-${bob.account}`).click();
    await confirmDialog(page);
    await bobPage.waitForURL(/#\/pages\/login\/index/, { timeout: 15_000 });
    await snap(bobPage, 'admin-disabled-bob');
    await page.getByTestId(`user-status-${bob.account}`).getByText('启用').waitFor();
    await page.context().close();
  });
});
