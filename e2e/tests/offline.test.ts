import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import {
  bubbleTexts, cable, enterpriseMode, loggedInPage, messagesOf, openChat, registerPerson, row, send, sendByApi, type Person,
} from '../support/app';
import { deviceKeys, underServiceWorker } from '../support/pwa';

/**
 * Issue 22, "must show": offline → 3 messages → reload → online → the peer receives them once,
 * in order; with the server stopped, a reload shows the shell and the chats kept on the device.
 */

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
  await sendByApi(server.url, bob, alice.id, 'Kept on the device 设备上的消息');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the installable app offline', () => {
  it('keeps messages typed offline across a reload and sends them once, in order, when the network returns', async () => {
    let aliceCable: Awaited<ReturnType<typeof cable>> | undefined;
    const a = await loggedInPage(browser, server.url, alice, async (ctx) => void (aliceCable = await cable(ctx)));
    const b = await loggedInPage(browser, server.url, bob);
    if (!aliceCable) throw new Error('no cable');
    await underServiceWorker(a.page);
    await openChat(a.page, bob.id);
    await openChat(b.page, alice.id);

    await aliceCable.cut();
    for (const text of ['offline one', 'offline two', 'offline three']) {
      await send(a.page, text);
      await expect.poll(() => bubbleTexts(a.page)).toContain(text);
    }
    const waiting = a.page.locator('[data-testid="message-bubble"][data-status="waiting"]');
    await expect.poll(() => waiting.count()).toBe(3);
    await expect.poll(() => deviceKeys(a.page, 'outbox').then((k) => k.length)).toBe(3);

    // A reload without network: the shell comes from the service worker, the outbox from IndexedDB.
    await a.page.reload();
    await a.page.getByTestId('chat-input').waitFor();
    await expect.poll(() => waiting.count(), { timeout: 5000 }).toBe(3);
    await expect.poll(async () => (await bubbleTexts(a.page)).slice(-3)).toEqual(['offline one', 'offline two', 'offline three']);
    await snap(a.page, 'pwa-outbox-waiting-phone');
    await a.page.setViewportSize({ width: 1280, height: 800 });
    await snap(a.page, 'pwa-outbox-waiting-desktop');
    await a.page.setViewportSize({ width: 375, height: 740 });

    await aliceCable.restore(a.page);
    await expect.poll(async () => (await bubbleTexts(b.page)).slice(-3), { timeout: 15_000 }).toEqual(['offline one', 'offline two', 'offline three']);
    await expect.poll(() => waiting.count()).toBe(0);
    const stored = (await messagesOf(server.url, bob, alice.id)).map((m) => m.content).filter((c) => c.startsWith('offline'));
    expect(stored).toEqual(['offline one', 'offline two', 'offline three']);
    expect(await deviceKeys(a.page, 'outbox')).toEqual([]);
    await expect.poll(() => deviceKeys(a.page, 'cache')).toContain(`messages:${bob.id}`);

    // Signing out leaves nothing of alice's chats on the device.
    await a.page.goto(`${server.url}/#/`);
    await a.page.getByTestId('me-button').click();
    await a.page.getByTestId('logout').click();
    const dialog = a.page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /确定|OK|退出|log out/i }).last().click();
    await a.page.waitForURL(/#\/pages\/login\/index/);
    await expect.poll(() => deviceKeys(a.page, 'cache')).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  });

  it('is installable: a valid manifest per language, icons, and a worker that serves the app offline', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    await underServiceWorker(a.page);
    const cdp = await a.page.context().newCDPSession(a.page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ lang: 'zh-Hans', display: 'standalone', start_url: './', theme_color: '#EDEDED' });
    // Test contexts are incognito windows, where Chromium never installs; every other criterion holds.
    const installability = async () =>
      ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors
        .map((e) => e.errorId)
        .filter((id) => id !== 'in-incognito');
    await expect.poll(installability).toEqual([]);

    // In English the page names the English manifest.
    await a.page.evaluate(() => localStorage.setItem('parley.lang', 'en'));
    await a.page.reload();
    await a.page.getByTestId('tabbar-home').waitFor();
    expect(((await cdp.send('Page.getAppManifest')) as { url: string }).url).toBe(`${server.url}/manifest.en.webmanifest`);
    await a.page.evaluate(() => localStorage.setItem('parley.lang', 'zh-Hans'));
    await a.page.context().close();
  });

  it('opens with the server stopped: the shell, the conversation list and the chat read before', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    await underServiceWorker(a.page);
    await expect.poll(() => row(a.page, bob.id).innerText()).toContain('offline three');
    await openChat(a.page, bob.id);
    await expect.poll(() => bubbleTexts(a.page)).toContain('Kept on the device 设备上的消息');
    await expect.poll(() => deviceKeys(a.page, 'cache')).toEqual(expect.arrayContaining(['contacts', `messages:${bob.id}`]));

    await server.stop();
    await a.page.goto(`${server.url}/#/`);
    await expect.poll(() => row(a.page, bob.id).innerText(), { timeout: 10_000 }).toContain('offline three');
    await snap(a.page, 'pwa-offline-home');
    await openChat(a.page, bob.id);
    await expect.poll(() => bubbleTexts(a.page)).toContain('Kept on the device 设备上的消息');
    await snap(a.page, 'pwa-offline-chat');
    // The worker keeps the app's files, never an API answer.
    const cachedApi = await a.page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      return urls.filter((u) => /^\/(common|enterprise|manage)\//.test(u));
    });
    expect(cachedApi).toEqual([]);
    await a.page.context().close();
  });
});
