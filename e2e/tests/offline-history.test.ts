import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import { bubbleTexts, loggedInPage, openChat, registerTrio, sendByApi, type Person } from '../support/app';
import { deviceKeys, underServiceWorker } from '../support/pwa';

/**
 * Issue 42 #4: a chat reloaded without network shows the messages this device kept, and says
 * it is offline rather than "no earlier messages": it could not ask, it does not know.
 */

let server: RunningServer;
let browser: Browser;
let alice: Person;
let bob: Person;
let carol: Person;
const history = ['history one 第一条', 'history two 第二条', 'history three 第三条'];

beforeAll(async () => {
  server = await startServer();
  browser = await launch([], { serviceWorkers: true });
  [alice, bob, carol] = await registerTrio(server.url);
  for (const text of history) await sendByApi(server.url, bob, alice.id, text);
  await sendByApi(server.url, carol, alice.id, 'never opened on this device');
});
afterAll(() => stopAll(browser, server));

describe('a chat reloaded offline (issue 42 #4)', () => {
  it('shows the messages kept on the device and says it is offline, not that there are no earlier ones', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    await underServiceWorker(a.page);
    await openChat(a.page, bob.id);
    await expect.poll(() => bubbleTexts(a.page)).toEqual(history);
    await expect(a.page.getByText('没有更早的消息了').count()).resolves.toBe(1);
    await expect.poll(() => deviceKeys(a.page, 'cache')).toContain(`messages:${bob.id}`);

    await a.page.context().setOffline(true);
    await a.page.reload();
    await a.page.getByTestId('chat-input').waitFor();
    await expect.poll(() => bubbleTexts(a.page)).toEqual(history);
    await expect.poll(() => a.page.getByTestId('chat-top-note').innerText()).toBe('离线，显示已保存的消息');
    expect(await a.page.getByText('没有更早的消息了').count()).toBe(0);
    await snap(a.page, 'offline-history-zh-phone');
    await a.page.setViewportSize({ width: 1280, height: 800 });
    await snap(a.page, 'offline-history-zh-desktop');

    // A chat this device never opened has nothing saved: it says so instead of "say hello".
    await a.page.goto(`${server.url}/#/pages/message/chat?id=${carol.id}`);
    await expect.poll(() => a.page.getByTestId('chat-empty').innerText()).toBe('离线，本设备没有保存这个聊天的消息');

    // In English too, after another reload without network.
    await a.page.evaluate(() => localStorage.setItem('parley.lang', 'en'));
    await a.page.goto(`${server.url}/#/pages/message/chat?id=${bob.id}`);
    await a.page.reload();
    await expect.poll(() => bubbleTexts(a.page)).toEqual(history);
    await expect.poll(() => a.page.getByTestId('chat-top-note').innerText()).toBe('Offline: showing saved messages');
    expect(await a.page.getByText('No earlier messages').count()).toBe(0);
    await snap(a.page, 'offline-history-en-desktop');
    await a.page.setViewportSize({ width: 390, height: 844 });
    await snap(a.page, 'offline-history-en-phone');

    // Back online, the chat is read again and the line tells what the server said.
    await a.page.context().setOffline(false);
    await a.page.reload();
    await expect.poll(() => a.page.getByText('No earlier messages').count()).toBe(1);
    expect(await a.page.getByTestId('chat-top-note').count()).toBe(0);
    await a.page.evaluate(() => localStorage.setItem('parley.lang', 'zh-Hans'));
    await a.page.context().close();
  });
});
