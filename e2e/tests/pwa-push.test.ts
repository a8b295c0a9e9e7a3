import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '@parley/protocol';
import { browserKeys, startPushService } from '../../apps/server/test/push-fixtures';
import { launch } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { enterpriseMode, loggedInPage, registerPerson, sendByApi, type Person } from '../support/app';
import { underServiceWorker } from '../support/pwa';

/**
 * Issue 22, "must show": the app stores a push subscription, and a message for its user while no
 * tab is open reaches a push endpoint on loopback, encrypted, naming the sender.
 *
 * Headless Chromium's own `pushManager.subscribe` asks Google's push service for an endpoint,
 * which this machine cannot reach. So the browser's push service is the one thing stood in for:
 * `PushManager` hands the app a subscription whose endpoint is the test's loopback service and
 * whose keys are the test's (RFC 8291 decryption in push-fixtures.ts). Everything else is the
 * real app: the permission, its subscription code after sign-in, the server's VAPID key, storage
 * and encryption.
 */

let server: RunningServer;
let browser: Browser;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  pushService = await startPushService();
  // Loopback endpoints are refused unless the operator allows plain-http push relays (README).
  server = await startServer({ PARLEY_PUSH_HTTP_ENDPOINTS: '1' });
  // The full browser: web push needs the notification permission the headless shell denies.
  browser = await launch([], { serviceWorkers: true, fullBrowser: true });
  alice = await registerPerson(server.url, 'alice01', 'Alice');
  bob = await registerPerson(server.url, 'bob0001', 'Bob');
  await enterpriseMode(server.url, alice);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await pushService?.close();
});

describe('web push while no tab is open', () => {
  it('stores the subscription after sign-in; a message for the offline user arrives encrypted, naming the sender', async () => {
    const device = browserKeys();
    const endpoint = `${pushService.base}/bob-phone`;
    const b = await loggedInPage(browser, server.url, bob, async (ctx) => {
      await ctx.grantPermissions(['notifications'], { origin: server.url });
      await ctx.addInitScript(
        ({ endpoint, keys }) => {
          const made: { current: PushSubscription | null } = { current: null };
          PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
            const key = options?.applicationServerKey ?? null;
            made.current = {
              endpoint,
              expirationTime: null,
              options: { applicationServerKey: key, userVisibleOnly: true },
              toJSON: () => ({ endpoint, expirationTime: null, keys }),
              unsubscribe: async () => {
                made.current = null;
                return true;
              },
              getKey: () => null,
            } as unknown as PushSubscription;
            (window as unknown as { __subscribed?: boolean }).__subscribed = true;
            return made.current;
          };
          PushManager.prototype.getSubscription = async () => made.current;
        },
        { endpoint, keys: device.keys },
      );
    });
    await underServiceWorker(b.page);
    await b.page.getByTestId('tabbar-home').waitFor();
    // The app subscribed with the server's key on its own, after sign-in, with permission granted.
    await expect
      .poll(() => b.page.evaluate(() => Boolean((window as unknown as { __subscribed?: boolean }).__subscribed)), {
        timeout: 10_000,
      })
      .toBe(true);

    // Bob closes the app: no connection is left, so the server pushes. It may take the store a
    // moment after the subscribe call: resend until the push comes (each is a new message).
    await b.page.context().close();
    const before = pushService.received.length;
    let push: Awaited<ReturnType<typeof pushService.next>> | undefined;
    for (let i = 0; i < 10 && !push; i++) {
      await sendByApi(server.url, alice, bob.id, `Dinner at seven? ${i}`);
      push = await pushService.next('/bob-phone', before, 1500).catch(() => undefined);
    }
    expect(push, 'a push reached the loopback push service').toBeDefined();
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    const payload = JSON.parse(device.decrypt(push?.body ?? Buffer.alloc(0))) as PushPayload;
    expect(payload).toMatchObject({ kind: 'message', title: 'Alice', from: alice.id });
    expect(payload.body).toMatch(/^Dinner at seven\? \d$/);
  });
});
