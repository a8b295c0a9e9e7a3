import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import {
  bubbleTexts,
  cable,
  enterpriseMode,
  loggedInPage,
  openChat,
  registerPerson,
  row,
  send,
  startChat,
  type Person,
} from '../support/app';

/** Issue 3, "must show" 1–3: a message appears at once, survives a cut network, and a second login forces the first offline. */

let server: RunningServer;
let browser: Browser;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  alice = await registerPerson(server.url, 'alice01', 'Alice');
  bob = await registerPerson(server.url, 'bob0001', 'Bob');
  await enterpriseMode(server.url, alice);
});
afterAll(() => stopAll(browser, server));

describe('one-to-one chat in two browsers', () => {
  it('delivers at once with an unread badge, and shows the message as read once bob opens it', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    const b = await loggedInPage(browser, server.url, bob);
    await startChat(a.page, bob.id);
    await send(a.page, 'Hello Bob 你好');

    // Bob's home shows it without a reload, with a badge.
    const bobRow = row(b.page, alice.id);
    await expect.poll(() => bobRow.innerText()).toContain('Hello Bob 你好');
    await expect.poll(() => bobRow.getByTestId('conversation-unread').innerText()).toBe('1');
    await snap(b.page, 'chat-bob-home-unread');

    await openChat(b.page, alice.id);
    await expect.poll(() => bubbleTexts(b.page)).toEqual(['Hello Bob 你好']);
    // Only my own messages carry a read state; it turns to "read" live when bob opens the chat.
    const readState = a.page.getByTestId('message-read-state').last();
    await expect.poll(() => readState.getAttribute('data-read')).toBe('1');
    expect(await readState.innerText()).toBe('已读');
    await snap(a.page, 'chat-alice-read');
    await snap(b.page, 'chat-bob-open');
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  });

  it('loses nothing while bob is offline: 3 messages arrive in order, exactly once', async () => {
    let bobCable: Awaited<ReturnType<typeof cable>> | undefined;
    const a = await loggedInPage(browser, server.url, alice);
    const b = await loggedInPage(browser, server.url, bob, async (ctx) => void (bobCable = await cable(ctx)));
    if (!bobCable) throw new Error('no cable');
    await openChat(a.page, bob.id);
    await openChat(b.page, alice.id);
    await expect.poll(async () => (await bubbleTexts(b.page)).length).toBeGreaterThan(0);
    const before = (await bubbleTexts(b.page)).length;
    const socketsBefore = bobCable.opened();

    await bobCable.cut();
    for (const text of ['one', 'two', 'three']) {
      await send(a.page, text);
      await expect.poll(() => bubbleTexts(a.page)).toContain(text);
    }
    // Nothing can reach bob now.
    expect((await bubbleTexts(b.page)).slice(before)).toEqual([]);
    await bobCable.restore(b.page);
    // The socket comes back, binds, and the open chat is re-read: all three, in order, once.
    await expect
      .poll(async () => (await bubbleTexts(b.page)).slice(before), { timeout: 20_000 })
      .toEqual(['one', 'two', 'three']);
    expect(bobCable.opened()).toBeGreaterThan(socketsBefore);
    await snap(b.page, 'chat-bob-after-offline');
    await a.page.context().close();
    await b.page.context().close();
  });

  it('forces the first browser offline when the account logs in on a second one', async () => {
    const first = await loggedInPage(browser, server.url, alice);
    const second = await loggedInPage(browser, server.url, alice);
    await expect(
      first.page
        .getByText(/您的账号已在另一台设备上登录，本设备已被强制下线！/)
        .first()
        .waitFor({ timeout: 5000 }),
    ).resolves.toBeUndefined();
    await first.page.waitForURL(/#\/pages\/login\/index/, { timeout: 10_000 });
    await snap(first.page, 'forced-offline');
    // The second browser is unaffected.
    await second.page.getByTestId('tabbar-home').waitFor();
    expect(second.page.url()).not.toMatch(/login/);
    await first.page.context().close();
    await second.page.context().close();
  });
});
