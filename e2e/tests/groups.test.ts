import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import { bubbleTexts, fillTestId, loggedInPage, registerTrio, row, send, startChat, type Person } from '../support/app';

/** Issue 4, "must show" 2: roles, mute mode, a muted member and removal, live in three browsers. */

let server: RunningServer;
let browser: Browser;
let alice: Person;
let bob: Person;
let carol: Person;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  [alice, bob, carol] = await registerTrio(server.url);
});
afterAll(() => stopAll(browser, server));

const member = (page: Page, id: number) => page.locator(`[data-testid="member-row"][data-id="${id}"]`);

async function confirmDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog
    .getByRole('button', { name: /确定|OK|移除|remove/i })
    .last()
    .click();
}

describe('a group with roles and mute rules', () => {
  it('creates a group, limits speaking to managers, mutes and removes carol — live on her screens', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    const b = await loggedInPage(browser, server.url, bob);
    const c = await loggedInPage(browser, server.url, carol);

    // Alice: + → start group chat → pick bob and carol → name → the new group chat opens.
    await a.page.getByTestId('home-plus').click();
    await a.page.getByTestId('plus-create-group').click();
    await a.page.locator(`[data-testid="select-row"][data-id="${bob.id}"]`).click();
    await a.page.locator(`[data-testid="select-row"][data-id="${carol.id}"]`).click();
    await fillTestId(a.page, 'group-name-input', '项目组');
    await a.page.getByTestId('select-confirm').click();
    await a.page.waitForURL(/#\/pages\/message\/chat\?id=group-\d+/);
    await expect.poll(() => a.page.getByTestId('chat-title').innerText()).toContain('项目组');
    const gid = decodeURIComponent(new URL(a.page.url().replace('#/', '')).searchParams.get('id') ?? '');
    expect(gid).toMatch(/^group-\d+$/);

    // Bob and carol see the group on their home lists without a reload.
    await row(b.page, gid).waitFor({ timeout: 5000 });
    await row(c.page, gid).waitFor({ timeout: 5000 });
    await startChat(b.page, gid);
    await startChat(c.page, gid);

    // Alice makes bob a manager (chat → … → all members → bob → set manager).
    await a.page.getByTestId('chat-more').click();
    await a.page.getByTestId('detail-all-members').click();
    await member(a.page, bob.id).click();
    await a.page.getByTestId('member-set-manager').click();
    await expect.poll(() => member(a.page, bob.id).getAttribute('data-role')).toBe('2');
    await snap(a.page, 'groups-members');

    // Alice: group settings → only owner and managers may speak.
    await a.page.getByTestId('back').click();
    await a.page.getByTestId('detail-settings').click();
    await a.page
      .getByTestId('setting-nospeak')
      .locator('select')
      .or(a.page.locator('select[data-testid="setting-nospeak"]'))
      .first()
      .selectOption('1');

    // Carol's composer is disabled with the spec's text, live; bob can still send.
    await expect
      .poll(
        () =>
          c.page
            .getByTestId('chat-disabled')
            .innerText()
            .catch(() => ''),
        { timeout: 5000 },
      )
      .toContain('本群已开启禁言，无法发送消息');
    await snap(c.page, 'groups-carol-muted-mode');
    await send(b.page, 'Bob still speaks');
    await expect.poll(() => bubbleTexts(c.page), { timeout: 5000 }).toContain('Bob still speaks');

    // Alice mutes carol for 10 minutes: her member row says until when.
    await a.page.goto(`${server.url}/#/pages/message/group/groupUser?id=${gid}`);
    await member(a.page, carol.id).click();
    await a.page.getByTestId('member-mute').click();
    await a.page.locator('[data-testid="mute-option"][data-value="1"]').click();
    await member(a.page, carol.id).getByTestId('member-muted').waitFor();

    // Carol goes home; alice removes her; the conversation disappears from carol's list live.
    await c.page.goto(`${server.url}/#/`);
    await row(c.page, gid).waitFor();
    await member(a.page, carol.id).click();
    await a.page.getByTestId('member-remove').click();
    await confirmDialog(a.page);
    await expect.poll(() => row(c.page, gid).count(), { timeout: 5000 }).toBe(0);
    await snap(c.page, 'groups-carol-removed');
    await expect.poll(() => member(a.page, carol.id).count()).toBe(0);
    expect([...a.errors, ...b.errors, ...c.errors]).toEqual([]);
  });
});
