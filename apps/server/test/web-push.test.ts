import type { LogEvent } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths, pushPaths, type PushPayload } from '@parley/protocol';
import { connectSocket, seedPeople, startTwoNodes, type TestServer, type TestUser } from './helpers/index';
import { makeFriends } from './chat-fixtures';
import { ring, whenWaiting } from './call-fixtures';
import { browserKeys, startPushService } from './push-fixtures';

/**
 * Web Push (issue 22): subscriptions per session, and pushes for users with no live connection,
 * sent by whichever node handled the message (two nodes on one database), encrypted per RFC 8291.
 */

let a: TestServer;
let b: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let pushService: Awaited<ReturnType<typeof startPushService>>;
/** Node A's reads of push subscriptions so far. */
let subscriptionReads = 0;

beforeAll(async () => {
  pushService = await startPushService();
  // Two nodes sharing the database and the presence registry (Redis), as deployed at scale.
  [a, b] = await startTwoNodes({
    config: { pushHttpEndpoints: true },
    dbLog: (e: LogEvent) => {
      if (/from "push_subscriptions"/.test(e.query.sql) && /^select/.test(e.query.sql)) subscriptionReads++;
    },
  });
  ({ alice, bob, carol } = await seedPeople(a.api));
  await makeFriends(a, alice, bob);
  await makeFriends(a, carol, bob);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await pushService?.close();
});

const subscriptionsOf = (userId: number) =>
  a.database.db.selectFrom('push_subscriptions').select(['endpoint', 'jti']).where('user_id', '=', userId).execute();

async function subscribe(s: TestServer, who: TestUser, path: string) {
  const browser = browserKeys();
  const res = await s.api.post(
    pushPaths.subscribe,
    { endpoint: pushService.base + path, keys: browser.keys },
    { token: who.token },
  );
  expect(res.body.code, res.body.msg).toBe(0);
  return browser;
}

const sendText = (s: TestServer, from: TestUser, to: number | string, content: string) =>
  s.api.post(
    paths.sendMessage,
    { id: crypto.randomUUID(), type: 'text', content, toContactId: to },
    { token: from.token },
  );

describe('push subscriptions', () => {
  it('gives every node the same VAPID key, made once and kept in the database', async () => {
    const fromA = await a.api.post(pushPaths.key, {}, { token: bob.token });
    const fromB = await b.api.post(pushPaths.key, {}, { token: bob.token });
    expect(fromA.body.code).toBe(0);
    const key = Buffer.from(fromA.body.data.publicKey as string, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    expect(fromB.body.data.publicKey).toBe(fromA.body.data.publicKey);
    expect((await a.api.post(pushPaths.key)).body.code).toBe(-1);
  });

  it('stores a subscription for the session, refuses bad ones, and removes it on unsubscribe', async () => {
    const bad = await a.api.post(
      pushPaths.subscribe,
      { endpoint: 'ftp://x/y', keys: browserKeys().keys },
      { token: bob.token, lang: 'en' },
    );
    expect(bad.body).toMatchObject({ code: 400 });
    expect(bad.body.msg).toMatch(/endpoint/);
    const noKeys = await a.api.post(pushPaths.subscribe, { endpoint: `${pushService.base}/x` }, { token: bob.token });
    expect(noKeys.body.code).toBe(400);

    await subscribe(a, bob, '/sub-1');
    expect(await subscriptionsOf(bob.id)).toEqual([{ endpoint: `${pushService.base}/sub-1`, jti: expect.any(String) }]);
    const off = await b.api.post(
      pushPaths.unsubscribe,
      { endpoint: `${pushService.base}/sub-1` },
      { token: bob.token },
    );
    expect(off.body.code).toBe(0);
    expect(await subscriptionsOf(bob.id)).toEqual([]);
  });
});

describe('pushes to people who are not connected', () => {
  it('reaches the push service of an offline user, encrypted, naming the sender, from either node', async () => {
    const browser = await subscribe(a, bob, '/bob');
    const before = pushService.received.length;
    const res = await sendText(b, alice, bob.id, 'Lunch at <b>noon</b>?');
    expect(res.body.code).toBe(0);

    const push = await pushService.next('/bob', before);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe('86400');
    expect(push.headers.topic).toBe(`chat-${alice.id}`);
    const vapidKey = (await a.api.post(pushPaths.key, {}, { token: bob.token })).body.data.publicKey as string;
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapidKey}$`));
    const payload = JSON.parse(browser.decrypt(push.body)) as PushPayload;
    expect(payload).toEqual({
      kind: 'message',
      title: 'Alice',
      body: 'Lunch at noon?',
      tag: `chat-${alice.id}`,
      url: `./#/pages/message/chat?id=${alice.id}`,
      conversation: String(alice.id),
      from: alice.id,
    });
  });

  it('skips users with a live connection on any node, and muted conversations, and pushes again once both change', async () => {
    await subscribe(a, bob, '/bob');
    const before = pushService.received.length;

    const bobOnA = await connectSocket(a.url, { token: bob.token });
    await sendText(b, alice, bob.id, 'you are online');
    await Promise.all([a.services.push.idle(), b.services.push.idle()]);
    expect(pushService.received.length).toBe(before);
    bobOnA.close();
    await vi.waitFor(async () => expect((await b.services.presencePushes.online([bob.id])).has(bob.id)).toBe(false));

    const muted = await a.api.post(paths.isNotice, { id: alice.id, is_notice: 0 }, { token: bob.token });
    expect(muted.body.code).toBe(0);
    await sendText(a, alice, bob.id, 'muted chat');
    await a.services.push.idle();
    expect(pushService.received.length).toBe(before);

    await sendText(a, carol, bob.id, 'from carol');
    const push = await pushService.next('/bob', before);
    expect(pushService.received.slice(before).filter((r) => r.path === '/bob')).toHaveLength(1);
    expect(push.headers.topic).toBe(`chat-${carol.id}`);
    await a.api.post(paths.isNotice, { id: alice.id, is_notice: 1 }, { token: bob.token });
  });

  it('pushes a call to a callee with no connection with a short TTL, in the language the subscription was made in', async () => {
    const browser = browserKeys();
    await a.api.post(
      pushPaths.subscribe,
      { endpoint: `${pushService.base}/bob-en`, keys: browser.keys },
      { token: bob.token, lang: 'en' },
    );
    const before = pushService.received.length;
    // bob has no connection: the caller hears busy after a moment, bob gets the push.
    const waiting = b.clock.timers.waiting();
    const call = ring(b, alice, bob);
    await whenWaiting(b, waiting);
    b.clock.advance(1000);
    expect((await call).res.body.data.extends).toMatchObject({ event: 'busy', code: 907 });
    const push = await pushService.next('/bob-en', before);
    expect(push.headers.ttl).toBe('60');
    expect(push.headers.urgency).toBe('high');
    expect(JSON.parse(browser.decrypt(push.body))).toMatchObject({
      kind: 'call',
      title: 'Alice',
      body: 'is calling you (video)',
      from: alice.id,
    });
  });

  it('never follows a redirect from a push service (it could point into the server’s network)', async () => {
    await subscribe(a, bob, '/steer');
    pushService.redirect.set('/steer', `${pushService.base}/internal-admin`);
    const before = pushService.received.length;
    await sendText(a, carol, bob.id, 'to a steering endpoint');
    await pushService.next('/steer', before);
    await Promise.all([a.services.push.idle(), b.services.push.idle()]);
    expect(pushService.received.slice(before).map((r) => r.path)).not.toContain('/internal-admin');
    await a.api.post(pushPaths.unsubscribe, { endpoint: `${pushService.base}/steer` }, { token: bob.token });
  });

  it('drops a subscription the push service calls gone, and every subscription of a session that logs out', async () => {
    await subscribe(a, bob, '/gone');
    pushService.gone.add('/gone');
    const before = pushService.received.length;
    await sendText(a, carol, bob.id, 'to a gone endpoint');
    await pushService.next('/gone', before);
    await vi.waitFor(async () =>
      expect((await subscriptionsOf(bob.id)).map((s) => s.endpoint)).not.toContain(`${pushService.base}/gone`),
    );

    expect((await subscriptionsOf(bob.id)).length).toBeGreaterThan(0);
    const out = await b.api.post(paths.logout, {}, { token: bob.token });
    expect(out.body.code).toBe(0);
    await vi.waitFor(async () => expect(await subscriptionsOf(bob.id)).toEqual([]));
  });
});

describe('who has no subscription', () => {
  it('is read once, not on every message, and a subscription made on the other node is pushed to at once', async () => {
    await makeFriends(a, alice, carol);
    const send = async (from: TestUser, to: TestUser, text: string) =>
      expect((await sendText(a, from, to.id, text)).body.code).toBe(0);
    // Carol has never subscribed and has no connection: a push could only be a Web Push.
    await send(alice, carol, 'first');
    await a.services.push.idle();
    const afterFirst = subscriptionReads;
    expect(afterFirst).toBeGreaterThan(0);
    await send(alice, carol, 'second');
    await send(carol, bob, 'to bob meanwhile');
    await a.services.push.idle();
    // Bob (logged out above, so without a subscription) was read for Carol's message; Carol's
    // absence was remembered.
    expect(subscriptionReads - afterFirst).toBe(1);

    // Carol subscribes on node B; node A must stop believing she has none before its next push.
    const heardOnA = new Promise<void>((resolve) => {
      const off = a.bus.subscribe((m) => {
        if (m.kind === 'cacheDrop' && m.keys.includes(carol.id)) {
          off();
          resolve();
        }
      });
    });
    const browser = await subscribe(b, carol, '/carol');
    await heardOnA;
    const before = pushService.received.length;
    await send(alice, carol, 'now you get this');
    const push = await pushService.next('/carol', before);
    expect(JSON.parse(browser.decrypt(push.body))).toMatchObject({ body: 'now you get this', from: alice.id });
  });
});
