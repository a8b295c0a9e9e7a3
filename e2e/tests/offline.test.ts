import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import {
  bubbleTexts,
  cable,
  loggedInPage,
  messagesOf,
  openChat,
  registerTrio,
  row,
  send,
  sendByApi,
  startChat,
  type Person,
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
let carol: Person;

beforeAll(async () => {
  server = await startServer();
  browser = await launch([], { serviceWorkers: true });
  [alice, bob, carol] = await registerTrio(server.url);
  await sendByApi(server.url, bob, alice.id, 'Kept on the device 设备上的消息');
});
afterAll(() => stopAll(browser, server));

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
    await expect
      .poll(async () => (await bubbleTexts(a.page)).slice(-3))
      .toEqual(['offline one', 'offline two', 'offline three']);
    await snap(a.page, 'pwa-outbox-waiting-phone');
    await a.page.setViewportSize({ width: 1280, height: 800 });
    await snap(a.page, 'pwa-outbox-waiting-desktop');
    await a.page.setViewportSize({ width: 375, height: 740 });

    await aliceCable.restore(a.page);
    await expect
      .poll(async () => (await bubbleTexts(b.page)).slice(-3), { timeout: 15_000 })
      .toEqual(['offline one', 'offline two', 'offline three']);
    await expect.poll(() => waiting.count()).toBe(0);
    const stored = (await messagesOf(server.url, bob, alice.id))
      .map((m) => m.content)
      .filter((c) => c.startsWith('offline'));
    expect(stored).toEqual(['offline one', 'offline two', 'offline three']);
    expect(await deviceKeys(a.page, 'outbox')).toEqual([]);
    await expect.poll(() => deviceKeys(a.page, 'cache')).toContain(`messages:${bob.id}`);

    // Signing out leaves nothing of alice's chats on the device.
    await a.page.goto(`${server.url}/#/`);
    await a.page.getByTestId('me-button').click();
    await a.page.getByTestId('logout').click();
    const dialog = a.page.getByRole('dialog');
    await dialog.waitFor();
    await dialog
      .getByRole('button', { name: /确定|OK|退出|log out/i })
      .last()
      .click();
    await a.page.waitForURL(/#\/pages\/login\/index/);
    await expect.poll(() => deviceKeys(a.page, 'cache')).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  });

  it('finishes in the other tab a send that a tab left unanswered when it went away, and stores it once', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    const c = await loggedInPage(browser, server.url, carol);
    const second = await a.page.context().newPage();
    await second.goto(`${server.url}/#/pages/message/chat?id=${carol.id}`);
    await second.getByTestId('chat-input').waitFor();
    await startChat(a.page, carol.id);
    await startChat(c.page, alice.id);

    // The first tab's call is on its way when the tab goes away: it never reaches the server, and
    // no answer comes. The call goes over the tab's bound socket (§11.6).
    const text = 'sent from a tab that closed';
    let reached: () => void = () => undefined;
    const lost = new Promise<void>((resolve) => {
      reached = resolve;
    });
    await a.page.routeWebSocket(/\/wss/, (ws) => {
      const toServer = ws.connectToServer();
      ws.onMessage((m) => {
        if (typeof m === 'string' && m.includes(text)) reached();
        else toServer.send(m);
      });
    });
    await a.page.reload(); // its socket now goes through the route
    await a.page.getByTestId('chat-input').waitFor();
    await expect.poll(() => a.page.getByTestId('chat-online').innerText(), { timeout: 10_000 }).not.toBe('连接中…');
    await send(a.page, text);
    await lost;
    const sendingIn = second.locator('[data-testid="message-bubble"][data-status="sending"]');
    await expect.poll(() => sendingIn.count(), { timeout: 5000 }).toBe(1);
    // Gone at once, running nothing more: its renderer crashes, as when a phone's browser discards
    // the tab. (A page closed by Playwright still runs its pagehide handlers; their HTTP retry of
    // the call went out unrouted, and this tab then got the message as a push.) Its locks go too.
    const cdp = await a.page.context().newCDPSession(a.page);
    const crashed = a.page.waitForEvent('crash');
    void cdp.send('Page.crash').catch(() => undefined);
    await crashed;

    // The other tab takes over the lock the gone one held and sends it with the same id: it no
    // longer says "sending", and carol has it once.
    await expect.poll(() => sendingIn.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(async () => (await bubbleTexts(second)).filter((t) => t === text)).toEqual([text]);
    await expect
      .poll(async () => (await bubbleTexts(c.page)).filter((t) => t === text), { timeout: 10_000 })
      .toEqual([text]);
    expect((await messagesOf(server.url, carol, alice.id)).filter((m) => m.content === text)).toHaveLength(1);
    expect(await deviceKeys(second, 'outbox')).toEqual([]);
    await snap(second, 'pwa-two-tabs-takeover-phone');
    await second.context().close();
    await c.page.context().close();
  });

  it('shows what one tab keeps for later in the other tab at once, and only one tab sends it', async () => {
    // Both tabs of one browser share the device (IndexedDB), the socket cable and the network.
    const sends = new Map<string, number>();
    const count = (text: string) => {
      for (const t of ['two tabs one', 'two tabs two'])
        if (text.includes('sendMessage') && text.includes(t)) sends.set(t, (sends.get(t) ?? 0) + 1);
    };
    let aliceCable: Awaited<ReturnType<typeof cable>> | undefined;
    const a = await loggedInPage(browser, server.url, alice, async (ctx) => {
      aliceCable = await cable(ctx, { onSent: count });
      ctx.on('request', (r) => count(`${r.url()} ${r.postData() ?? ''}`));
    });
    if (!aliceCable) throw new Error('no cable');
    const c = await loggedInPage(browser, server.url, carol);
    await underServiceWorker(a.page);
    const second = await a.page.context().newPage();
    await second.goto(`${server.url}/#/pages/message/chat?id=${carol.id}`);
    await second.getByTestId('chat-input').waitFor();
    await startChat(a.page, carol.id);
    await startChat(c.page, alice.id);
    // While we are online the header tells the peer's presence.
    await expect.poll(() => a.page.getByTestId('chat-online').innerText()).toBe('在线');

    await aliceCable.cut();
    // Offline ourselves: the header no longer claims the peer is online.
    await expect.poll(() => a.page.getByTestId('chat-online').innerText(), { timeout: 10_000 }).toBe('连接中…');
    await snap(a.page, 'pwa-offline-header-connecting-phone');
    for (const text of ['two tabs one', 'two tabs two']) {
      await send(a.page, text);
      await expect.poll(() => bubbleTexts(a.page)).toContain(text);
    }
    // The other tab shows them, waiting, without a reload.
    const waitingIn = (p: typeof second) => p.locator('[data-testid="message-bubble"][data-status="waiting"]');
    await expect
      .poll(async () => (await bubbleTexts(second)).slice(-2), { timeout: 5000 })
      .toEqual(['two tabs one', 'two tabs two']);
    await expect.poll(() => waitingIn(second).count()).toBe(2);
    await snap(second, 'pwa-outbox-second-tab-phone');

    // The network returns for both tabs at once: each message reaches carol once, in order.
    await aliceCable.restore(a.page);
    await second.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect
      .poll(async () => (await bubbleTexts(c.page)).slice(-2), { timeout: 15_000 })
      .toEqual(['two tabs one', 'two tabs two']);
    await expect.poll(() => waitingIn(a.page).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => waitingIn(second).count(), { timeout: 10_000 }).toBe(0);
    expect(
      (await messagesOf(server.url, carol, alice.id)).map((m) => m.content).filter((t) => t.startsWith('two tabs')),
    ).toEqual(['two tabs one', 'two tabs two']);
    expect(Object.fromEntries(sends)).toEqual({ 'two tabs one': 1, 'two tabs two': 1 });
    expect(await deviceKeys(a.page, 'outbox')).toEqual([]);
    await expect.poll(() => a.page.getByTestId('chat-online').innerText(), { timeout: 10_000 }).toBe('在线');
    await a.page.context().close();
    await c.page.context().close();
  });

  it('is installable: a valid manifest per language, icons, and a worker that serves the app offline', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    await underServiceWorker(a.page);
    const cdp = await a.page.context().newCDPSession(a.page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
      lang: 'zh-Hans',
      display: 'standalone',
      start_url: './',
      theme_color: '#EDEDED',
    });
    // Test contexts are incognito windows, where Chromium never installs; every other criterion holds.
    const installability = async () =>
      (
        (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }
      ).installabilityErrors
        .map((e) => e.errorId)
        .filter((id) => id !== 'in-incognito');
    await expect.poll(installability).toEqual([]);

    // In English the page names the English manifest.
    await a.page.evaluate(() => localStorage.setItem('parley.lang', 'en'));
    await a.page.reload();
    await a.page.getByTestId('tabbar-home').waitFor();
    expect(((await cdp.send('Page.getAppManifest')) as { url: string }).url).toBe(
      `${server.url}/manifest.en.webmanifest`,
    );
    await a.page.evaluate(() => localStorage.setItem('parley.lang', 'zh-Hans'));
    await a.page.context().close();
  });

  it('opens with the server stopped: the shell, the conversation list and the chat read before', async () => {
    // Rows of this test's own, so it reads what it wrote whatever ran before it.
    await sendByApi(server.url, bob, alice.id, 'Read before the server stopped 停机前读过');
    const a = await loggedInPage(browser, server.url, alice);
    await underServiceWorker(a.page);
    await expect.poll(() => row(a.page, bob.id).innerText()).toContain('Read before the server stopped');
    await openChat(a.page, bob.id);
    await expect.poll(() => bubbleTexts(a.page)).toContain('Read before the server stopped 停机前读过');
    await expect
      .poll(() => deviceKeys(a.page, 'cache'))
      .toEqual(expect.arrayContaining(['contacts', `messages:${bob.id}`]));

    await server.stop();
    await a.page.goto(`${server.url}/#/`);
    await expect.poll(() => row(a.page, bob.id).innerText()).toContain('Read before the server stopped');
    await snap(a.page, 'pwa-offline-home');
    await openChat(a.page, bob.id);
    await expect.poll(() => bubbleTexts(a.page)).toContain('Read before the server stopped 停机前读过');
    await snap(a.page, 'pwa-offline-chat');
    // The worker keeps the app's files, never an API answer.
    const cachedApi = await a.page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      return urls.filter((u) => /^\/(common|enterprise|manage)\//.test(u));
    });
    expect(cachedApi).toEqual([]);
    await a.page.context().close();
  });
});
