import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import {
  createGroupByApi,
  enterpriseMode,
  loggedInPage,
  openChat,
  registerPerson,
  row,
  sendByApi,
  type Person,
} from '../support/app';

/** Issue 15 WeChat parity: event lines in the reader's language, sender names in group previews, the new-messages pills. */

let server: RunningServer;
let browser: Browser;
let alice: Person;
let bob: Person;
let carol: Person;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  alice = await registerPerson(server.url, 'alice01', 'Alice');
  bob = await registerPerson(server.url, 'bob0001', 'Bob');
  carol = await registerPerson(server.url, 'carol01', '张卡罗');
  await enterpriseMode(server.url, alice);
});
afterAll(() => stopAll(browser, server));

/**
 * Scrolls to the top until the group's first event line is mounted (older pages load on the way)
 * and reads it. Fails if it never appears, instead of answering an empty string.
 */
async function firstEventLine(page: Page): Promise<string> {
  const line = page.locator('[data-type="event"]').first();
  await expect
    .poll(async () => {
      await page.getByTestId('message-list').evaluate((el) => (el.scrollTop = 0));
      return line.count();
    })
    .toBeGreaterThan(0);
  return line.innerText();
}

describe('group chat like WeChat', () => {
  it('names senders in group previews and offers the new-message pills, in English', async () => {
    // Alice's request is Chinese (no Accept-Language): the stored line is Chinese.
    const gid = await createGroupByApi(server.url, alice, [bob.id, carol.id], 'Launch');
    for (let i = 1; i <= 30; i++) await sendByApi(server.url, carol, gid, `update ${i}`);

    const english = await loggedInPage(browser, server.url, bob, async (ctx) => {
      await ctx.addInitScript(() => localStorage.setItem('parley.lang', 'en'));
    });
    const b = english.page;
    await expect.poll(() => row(b, gid).innerText(), { timeout: 10_000 }).toContain('张卡罗: update 30');
    await snap(b, 'parity-home-en-phone');

    await openChat(b, gid);
    const pill = b.getByTestId('unread-above-pill');
    await pill.waitFor({ timeout: 10_000 });
    // The group's unread counter (Carol's 30, and Alice's line that opened the group).
    expect(await pill.innerText()).toMatch(/3[01]/);
    await snap(b, 'parity-unread-above-phone');
    await pill.click();
    // Only the newest page (20 rows) is loaded: the pill goes up to the oldest of it.
    await expect.poll(() => b.getByText('update 11', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => pill.count()).toBe(0);
    // The line that opened the group, in bob's language although alice's request stored it in Chinese.
    expect(await firstEventLine(b)).toMatch(/the group/);
    await snap(b, 'parity-top-en-phone');

    // Scrolled up, new messages come: a pill counts them and takes me down.
    await sendByApi(server.url, carol, gid, 'fresh 1');
    await sendByApi(server.url, carol, gid, 'fresh 2');
    const newPill = b.getByTestId('new-messages-pill');
    await newPill.waitFor({ timeout: 10_000 });
    // The pill shows with the first; the second may land a moment later.
    await expect.poll(() => newPill.innerText(), { timeout: 10_000 }).toContain('2');
    await snap(b, 'parity-new-messages-phone');
    await newPill.click();
    await expect.poll(() => b.getByText('fresh 2', { exact: true }).isVisible()).toBe(true);

    // Alice reads the same line in Chinese.
    const zh = await loggedInPage(browser, server.url, alice);
    await openChat(zh.page, gid);
    expect(await firstEventLine(zh.page)).toMatch(/群聊/);
    await snap(zh.page, 'parity-top-zh-phone');

    // Desktop: list and chat side by side.
    await b.setViewportSize({ width: 1280, height: 800 });
    await b.getByTestId('message-list').evaluate((el) => (el.scrollTop = 0));
    await snap(b, 'parity-event-en-desktop');
    await zh.page.setViewportSize({ width: 1280, height: 800 });
    await snap(zh.page, 'parity-home-zh-desktop');
    expect(english.errors).toEqual([]);
    expect(zh.errors).toEqual([]);
  });
});
