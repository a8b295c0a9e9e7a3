import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phoneContext, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import {
  apiPost,
  bubbleTexts,
  fillTestId,
  loggedInPage,
  openChat,
  registerTrio,
  sendByApi,
  type Person,
} from '../support/app';
import { underServiceWorker } from '../support/pwa';

/**
 * Issue 22, "must show": a hidden page shows a notification for a new message and none for a
 * muted chat; the permission texts; the update prompt after a new build.
 */

let server: RunningServer;
let browser: Browser;
let alice: Person;
let bob: Person;
let carol: Person;

beforeAll(async () => {
  server = await startServer();
  // The full browser: the headless shell has no notification permission to ask for.
  browser = await launch([], { serviceWorkers: true, fullBrowser: true });
  [alice, bob, carol] = await registerTrio(server.url);
});
afterAll(() => stopAll(browser, server));

/** The tab goes to the background as far as the page can tell (headless tabs are always visible). */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** `who` as `viewer` sees them: 1 while one of their sockets is bound (PROTOCOL §3.1 `is_online`). */
async function onlineAs(viewer: Person, who: Person): Promise<number> {
  const card = (await apiPost(server.url, '/enterprise/im/getUserInfo', { user_id: who.id }, viewer.token)) as {
    is_online: number;
  };
  return card.is_online;
}

const notifications = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  });

/** No toast on screen, and every dialog and mask fully in (their springs set inline opacity). */
async function settled(page: Page) {
  await expect.poll(() => page.locator('.adm-toast-mask').count(), { timeout: 5000 }).toBe(0);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const opacity = (e: Element | null): number =>
          e ? Number(getComputedStyle(e).opacity) * opacity(e.parentElement) : 1;
        const shown = [...document.querySelectorAll('.adm-center-popup-body, .adm-mask')].filter(
          (e) => e.getClientRects().length > 0,
        );
        return shown.every((e) => opacity(e) === 1);
      }),
    )
    .toBe(true);
}

async function openSettings(page: Page) {
  await page.goto(`${server.url}/#/pages/mine/setting`);
  await page.getByTestId('setting-notify').waitFor();
}

describe('notifications while the page is hidden', () => {
  it('shows one for a new message, none for a muted chat, and the unread total on the title', async () => {
    const a = await loggedInPage(browser, server.url, alice, async (ctx) => {
      await ctx.grantPermissions(['notifications'], { origin: server.url });
    });
    await underServiceWorker(a.page);
    await a.page.getByTestId('tabbar-home').waitFor();
    await hide(a.page);
    // The reload under the service worker opens a new socket; a message sent before it is bound
    // reaches alice only through the conversation list, which does not notify. On a busy machine the
    // bind came after bob's send (a CI run of 2026-11-28), so wait until bob sees her online.
    await expect.poll(() => onlineAs(bob, alice), { timeout: 10_000 }).toBe(1);

    await sendByApi(server.url, bob, alice.id, 'Are you there? 在吗');
    await expect
      .poll(() => notifications(a.page), { timeout: 10_000 })
      .toEqual([{ title: 'Bob', body: 'Are you there? 在吗', tag: `chat-${bob.id}` }]);
    // A hidden page's timers are throttled, so its title may follow the notification by a second or more.
    await expect.poll(() => a.page.title(), { timeout: 10_000 }).toMatch(/^\(1\) /);

    // alice mutes bob: his next message stays silent, carol's still shows.
    await a.page.evaluate(
      async ([token, id]) => {
        await fetch('/enterprise/im/isNotice', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: token },
          body: JSON.stringify({ id, is_notice: 0 }),
        });
      },
      [alice.token, bob.id] as const,
    );
    await sendByApi(server.url, bob, alice.id, 'muted line');
    await sendByApi(server.url, carol, alice.id, 'from carol');
    await expect
      .poll(async () => (await notifications(a.page)).map((n) => n.body), { timeout: 10_000 })
      .toContain('from carol');
    expect((await notifications(a.page)).map((n) => n.body)).not.toContain('muted line');
    await a.page.context().close();
  });

  it('offers notifications once per account, after the first chat opened, beside the content not over it', async () => {
    const signIn = async () => {
      const ctx = await phoneContext(browser, { notifyOffer: true });
      const page = await ctx.newPage();
      await page.goto(`${server.url}/#/pages/login/index`);
      await fillTestId(page, 'login-account', alice.account);
      await fillTestId(page, 'login-password', alice.password);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('tabbar-home').waitFor();
      return { ctx, page };
    };
    await sendByApi(server.url, bob, alice.id, 'hello from bob');
    const { ctx, page } = await signIn();
    expect(await page.getByTestId('notify-offer').count()).toBe(0);

    await openChat(page, bob.id);
    await page.getByTestId('notify-offer').waitFor();
    await settled(page);
    await snap(page, 'pwa-notify-offer-phone');
    // Issue 42 #7: it takes its own room in the chat, covering neither the messages nor, on a
    // desktop, the list pane's search box.
    const box = async (testId: string) => {
      const b = await page.getByTestId(testId).boundingBox();
      if (!b) throw new Error(`${testId} is not on screen`);
      return b;
    };
    const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps(await box('notify-offer'), await box('message-list'))).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('home-search').waitFor();
    expect(overlaps(await box('notify-offer'), await box('home-search'))).toBe(false);
    await settled(page);
    await snap(page, 'pwa-notify-offer-desktop');
    await page.setViewportSize({ width: 375, height: 740 });
    // The composer stays usable under it.
    await fillTestId(page, 'chat-input', 'typing while offered');
    await page.getByTestId('notify-offer').getByRole('button', { name: '以后再说' }).click();
    expect(await page.getByTestId('notify-offer').count()).toBe(0);
    await page.reload();
    await page.getByTestId('chat-input').waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('parley.notify.asked'))).toBe('1');
    expect(await page.getByTestId('notify-offer').count()).toBe(0);
    await ctx.close();

    // Another browser, same account: the account remembers, no second offer. The offer's delay is
    // run through on a fake clock once this browser has decided (it writes its own memory then).
    const again = await signIn();
    await again.page.clock.install();
    await openChat(again.page, bob.id);
    await expect.poll(() => again.page.evaluate(() => localStorage.getItem('parley.notify.asked'))).toBe('1');
    await again.page.clock.fastForward(5000);
    await again.page.getByTestId('chat-input').waitFor();
    expect(await again.page.getByTestId('notify-offer').count()).toBe(0);
    await again.ctx.close();
    // Two sign-ins in two browsers: about 70 s on a busy two-core machine.
  }, 180_000);

  it('explains the permission before asking, and what to do once the browser blocks it', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    expect(await a.page.evaluate(() => Notification.permission)).toBe('default');
    await openSettings(a.page);
    const row = a.page.getByTestId('setting-notify');
    await expect.poll(() => row.innerText()).toContain('未开启');
    await settled(a.page);

    await row.click();
    await a.page.getByText('开启新消息通知？').waitFor();
    await settled(a.page);
    await snap(a.page, 'pwa-permission-ask-phone');
    await a.page.setViewportSize({ width: 1280, height: 800 });
    await settled(a.page);
    await snap(a.page, 'pwa-permission-ask-desktop');
    await a.page.setViewportSize({ width: 375, height: 740 });

    // Headless Chromium refuses the browser's own prompt: the refusal is explained in words.
    await a.page.getByRole('button', { name: '开启', exact: true }).click();
    await a.page.getByText('通知已被浏览器阻止', { exact: false }).first().waitFor();
    await settled(a.page);
    await snap(a.page, 'pwa-permission-refused-phone');
    await a.page.getByRole('button', { name: /确定|OK/ }).click();
    await expect.poll(() => row.innerText()).toContain('已被浏览器阻止');
    await a.page.getByTestId('notify-denied').waitFor();
    await settled(a.page);
    await snap(a.page, 'pwa-permission-denied-phone');
    await a.page.setViewportSize({ width: 1280, height: 800 });
    await settled(a.page);
    await snap(a.page, 'pwa-permission-denied-desktop');
    await a.page.context().close();
  });
});

/**
 * A click on a shown notification, delivered to the service worker as the system does (headless
 * Chromium has no notification centre to click in).
 */
async function clickNotification(page: Page, tag: string) {
  const ctx = page.context();
  const worker = ctx.serviceWorkers()[0] ?? (await ctx.waitForEvent('serviceworker'));
  await worker.evaluate(async (t) => {
    const sw = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean };
    const Click = (
      self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }
    ).NotificationEvent;
    const [n] = await sw.registration.getNotifications({ tag: t });
    if (!n) throw new Error(`no notification ${t}`);
    sw.dispatchEvent(new Click('notificationclick', { notification: n }));
  }, tag);
}

/** Another user's call signal (PROTOCOL §10.1), as their client would send it. */
async function callSignal(from: Person, to: Person, id: string, event: 'calling' | 'hangup', code = 901) {
  const body = { toContactId: to.id, type: 0, status: 1, event, code, id };
  await apiPost(server.url, '/enterprise/im/sendToMsg', body, from.token);
}

describe('a click on a notification', () => {
  it('opens the chat of a new message, and brings up a ringing call', async () => {
    const a = await loggedInPage(browser, server.url, alice, async (ctx) => {
      await ctx.grantPermissions(['notifications'], { origin: server.url });
    });
    await underServiceWorker(a.page);
    await a.page.getByTestId('tabbar-home').waitFor();
    await hide(a.page);
    // As above: a message that comes before the reloaded page's socket is bound is not notified.
    await expect.poll(() => onlineAs(carol, alice), { timeout: 10_000 }).toBe(1);

    await sendByApi(server.url, carol, alice.id, 'Open me from the notification 点我');
    const tag = `chat-${carol.id}`;
    await expect.poll(async () => (await notifications(a.page)).map((n) => n.tag), { timeout: 10_000 }).toContain(tag);
    await clickNotification(a.page, tag);
    // What the user sees: carol's chat, with her message.
    await a.page.waitForURL(new RegExp(`#/pages/message/chat\\?id=${carol.id}$`), { timeout: 5000 });
    await expect.poll(() => a.page.getByTestId('chat-title').innerText()).toBe('Carol');
    await expect.poll(() => bubbleTexts(a.page)).toContain('Open me from the notification 点我');
    await expect.poll(async () => (await notifications(a.page)).map((n) => n.tag)).not.toContain(tag);
    await snap(a.page, 'pwa-notification-opened-chat-phone');

    // A call rings while the page is hidden: its notification brings up the ringing call.
    await a.page.goto(`${server.url}/#/pages/index/index`);
    await a.page.getByTestId('tabbar-home').waitFor();
    await hide(a.page);
    const callId = crypto.randomUUID();
    await callSignal(bob, alice, callId, 'calling');
    const callTag = `call-${bob.id}`;
    await expect
      .poll(async () => (await notifications(a.page)).map((n) => n.tag), { timeout: 10_000 })
      .toContain(callTag);
    await clickNotification(a.page, callTag);
    const overlay = a.page.getByTestId('call-overlay');
    await expect.poll(() => overlay.getAttribute('data-phase'), { timeout: 5000 }).toBe('incoming');
    expect(await a.page.getByTestId('call-overlay-name').innerText()).toBe('Bob');
    await expect.poll(async () => (await notifications(a.page)).map((n) => n.tag)).not.toContain(callTag);
    await snap(a.page, 'pwa-notification-opened-call-phone');
    await callSignal(bob, alice, callId, 'hangup', 902);
    await expect.poll(() => overlay.count(), { timeout: 5000 }).toBe(0);
    expect(a.errors).toEqual([]);
    await a.page.context().close();
  });
});

describe('a new build', () => {
  const swFile = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../apps/web/dist/sw.js');

  it('is offered with a "new version — reload" prompt, and reloading runs it', async () => {
    const original = readFileSync(swFile, 'utf8');
    try {
      const a = await loggedInPage(browser, server.url, alice);
      await underServiceWorker(a.page);
      expect(await a.page.getByTestId('update-prompt').count()).toBe(0);

      // What a new build changes for the browser: the worker script (its precache revisions).
      writeFileSync(swFile, `${original}\n// build ${Date.now()}\n`);
      await a.page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await a.page.getByTestId('update-prompt').waitFor({ timeout: 15_000 });
      await snap(a.page, 'pwa-update-prompt-phone');
      await a.page.setViewportSize({ width: 1280, height: 800 });
      await snap(a.page, 'pwa-update-prompt-desktop');

      // The old worker still controls the page until the user says so: no mixed versions.
      const waiting = await a.page.evaluate(async () =>
        Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
      );
      expect(waiting).toBe(true);
      await Promise.all([a.page.waitForEvent('load'), a.page.getByTestId('update-reload').click()]);
      await a.page.getByTestId('tabbar-home').or(a.page.getByTestId('rail')).first().waitFor();
      expect(await a.page.getByTestId('update-prompt').count()).toBe(0);
      expect(
        await a.page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
      ).toBe(false);
      await a.page.context().close();
    } finally {
      writeFileSync(swFile, original);
    }
  });
});
