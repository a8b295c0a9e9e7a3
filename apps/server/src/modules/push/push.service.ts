import webpush from 'web-push';
import type { Kysely } from 'kysely';
import { ContactKind } from '@parley/protocol';
import type { PushPayload, PushSubscribeParams, PushUnsubscribeParams, SocketEventType } from '@parley/protocol';
import { nowSeconds, type Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import type { EventBus, PresenceRegistry } from '../../platform/bus/index';
import { badParam } from '../../platform/http/errors';
import { groupChatId, mutedAmong, singleChatId } from '../contacts/index';
import { callPayload, langOfSubscription, messagePayload, topicOf, type PushMessage } from './payload';
import * as repo from './push.repo';
import { endpointAllowed } from './endpoint';
import { postToPushService, type Resolve } from './push-post';
import { tickBatcher } from '../../platform/tick-batch';
import { ABSENCE_CACHE, AbsenceCache, followAbsenceDrops } from './absence-cache';

/**
 * Web Push (issue 22): the VAPID keys (made once, kept in the database for every node), the
 * subscriptions of sessions, and the pushes themselves. A push goes to a recipient of a new
 * message or an incoming call only while that user has no live socket connection anywhere
 * (presence registry, shared by all nodes) and has not muted the conversation. Payloads are
 * encrypted per RFC 8291 by `web-push`; the request is sent in the background so a slow push
 * service never holds up a reply. A 404/410 answer means the subscription is gone: it is dropped.
 */
export interface PushDeps {
  db: Kysely<DB>;
  clock: Clock;
  presence: PresenceRegistry;
  /**
   * Tells every node who subscribed, so each may remember who has no subscription (absence-cache.ts).
   * Without it nothing is remembered.
   */
  bus?: Pick<EventBus, 'publish' | 'subscribe' | 'onListening'>;
  /** PARLEY_PUBLIC_URL (https) names us to push services; else a mailto: contact. */
  publicUrl?: string | undefined;
  allowHttpEndpoints?: boolean | undefined;
  log(err: unknown): void;
  /** Tests: name resolution for push endpoints (the system's resolver otherwise). */
  resolve?: Resolve;
}

const MESSAGE_TTL = 24 * 3600;
const CALL_TTL = 60;
const SEND_TIMEOUT_MS = 10_000;

export function createPush(deps: PushDeps) {
  const { db, clock } = deps;
  let keys: Promise<{ publicKey: string; privateKey: string }> | undefined;
  const absent = new AbsenceCache();
  if (deps.bus) followAbsenceDrops(absent, deps.bus);
  /** Neither connected here (the socket push reaches them) nor known to have no subscription. */
  const mayNeedPush = (u: number) => !deps.presence.connectedHere(u) && !absent.knownAbsent(u, clock.now());

  function vapid() {
    keys ??= (async () => {
      let row = await repo.vapidKeys(db);
      if (!row) {
        const made = webpush.generateVAPIDKeys();
        await repo.insertVapidKeys(db, made.publicKey, made.privateKey, nowSeconds(clock));
        row = await repo.vapidKeys(db);
      }
      if (!row) throw new Error('VAPID keys missing after insert');
      return { publicKey: row.public_key, privateKey: row.private_key };
    })().catch((err: unknown) => {
      keys = undefined;
      throw err;
    });
    return keys;
  }

  /**
   * Each user's live subscriptions, read for a whole turn's recipients at once: with two nodes
   * half the recipients of a one-to-one send are connected elsewhere, and a read per push was the
   * node's most frequent statement, queueing the sends behind it in the pool (issue 41).
   */
  const subscriptionsOf = tickBatcher(
    async (userIds: number[]) => {
      const ticket = absent.ticket();
      const byUser = new Map<number, repo.LiveSubscription[]>();
      for (const row of await repo.liveSubscriptions(db, userIds, nowSeconds(clock))) {
        const mine = byUser.get(row.user_id);
        if (mine) mine.push(row);
        else byUser.set(row.user_id, [row]);
      }
      absent.storeAbsent(
        userIds.filter((u) => !byUser.has(u)),
        ticket,
        clock.now(),
      );
      return userIds.map((u) => byUser.get(u) ?? []);
    },
    String,
    { wait: 'turn' },
  );

  /** Pushes under way: `idle()` waits for them (shutdown, tests). */
  const inFlight = new Set<Promise<void>>();
  const track = (p: Promise<void>): Promise<void> => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  };

  const subject = deps.publicUrl?.startsWith('https://') ? deps.publicUrl : 'mailto:admin@parley.invalid';

  async function deliver(
    sub: { id: number; endpoint: string; p256dh: string; auth: string },
    payload: PushPayload,
    ttl: number,
    urgency: 'normal' | 'high',
  ) {
    const k = await vapid();
    const req = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject, publicKey: k.publicKey, privateKey: k.privateKey },
        TTL: ttl,
        topic: topicOf(payload.tag),
        urgency,
        contentEncoding: 'aes128gcm',
      },
    );
    // Sent only where the endpoint's rules allow, redirects not followed (push-post.ts).
    const status = await postToPushService(
      req.endpoint,
      { headers: req.headers as Record<string, string>, body: req.body ?? null, timeoutMs: SEND_TIMEOUT_MS },
      { allowLocal: deps.allowHttpEndpoints === true, resolve: deps.resolve },
    );
    if (status === 404 || status === 410) await repo.deleteById(db, sub.id);
  }

  /**
   * Pushes to the users among `userIds` (not the sender) who have a subscription, no live
   * connection and the conversation not muted. A recipient connected to this node is online and
   * costs nothing (the usual case: this lookup was 6 % of a send's CPU), nor does one this node
   * knows has no subscription; for the others the subscriptions are looked up first, since most
   * users have none, and only the subscribed are asked of the shared presence registry.
   */
  async function pushTo(
    userIds: number[],
    from: number,
    chatIdFor: (user: number) => string,
    build: (lang: string) => PushPayload,
    ttl: number,
    urgency: 'normal' | 'high',
  ): Promise<void> {
    const candidates = [...new Set(userIds)].filter((u) => u !== from && mayNeedPush(u));
    if (candidates.length === 0) return;
    const subs = (await Promise.all(candidates.map(subscriptionsOf))).flat();
    if (subs.length === 0) return;
    const subscribed = [...new Set(subs.map((s) => s.user_id))];
    const online = await deps.presence.online(subscribed);
    const offline = subscribed.filter((u) => !online.has(u));
    const muted = await mutedAmong(
      db,
      offline.map((u) => ({ userId: u, chatId: chatIdFor(u) })),
    );
    const reach = new Set(offline.filter((u) => !muted.has(u)));
    await Promise.all(
      subs.filter((s) => reach.has(s.user_id)).map((s) => deliver(s, build(s.lang), ttl, urgency).catch(deps.log)),
    );
  }

  async function callPush(
    fromUser: { id: number; displayName?: string; realname?: string },
    calleeId: number,
    video: boolean,
  ): Promise<void> {
    try {
      await pushTo(
        [calleeId],
        fromUser.id,
        (u) => singleChatId(u, fromUser.id),
        (lang) => callPayload({ fromUser, video }, langOfSubscription(lang)),
        CALL_TTL,
        'high',
      );
    } catch (err) {
      deps.log(err);
    }
  }

  async function messagePush(userIds: number[], type: SocketEventType, data: unknown): Promise<void> {
    try {
      if (type === 'simple' || type === 'group') {
        const msg = data as PushMessage;
        if (
          !msg?.fromUser ||
          msg.type === 'event' ||
          msg.type === 'webrtc' ||
          (msg.is_group !== ContactKind.person && msg.is_group !== ContactKind.group)
        )
          return;
        const from = msg.fromUser.id;
        const chatFor = (u: number) =>
          msg.is_group === ContactKind.group
            ? groupChatId(Number(String(msg.toContactId).replace(/^group-/, '')))
            : singleChatId(u, from);
        await pushTo(
          userIds,
          from,
          chatFor,
          (lang) => messagePayload(msg, langOfSubscription(lang)),
          MESSAGE_TTL,
          'normal',
        );
      }
    } catch (err) {
      deps.log(err);
    }
  }

  return {
    publicKey: async () => ({ publicKey: (await vapid()).publicKey }),

    async subscribe(me: { userId: number; jti: string }, p: PushSubscribeParams, lang: string): Promise<''> {
      if (!endpointAllowed(p.endpoint, deps.allowHttpEndpoints === true)) throw badParam('endpoint');
      await repo.upsertSubscription(
        db,
        { userId: me.userId, jti: me.jti, endpoint: p.endpoint, p256dh: p.keys.p256dh, auth: p.keys.auth, lang },
        nowSeconds(clock),
      );
      // Every node, this one first, stops believing this user has no subscription.
      absent.forget([me.userId]);
      await deps.bus?.publish({ kind: 'cacheDrop', cache: ABSENCE_CACHE, keys: [me.userId] });
      return '';
    },

    async unsubscribe(me: { jti: string }, p: PushUnsubscribeParams): Promise<''> {
      await repo.deleteSubscriptions(db, { jti: me.jti, endpoint: p.endpoint });
      return '';
    },

    /** Sessions ended (logout, revocation): their subscriptions go with them. */
    dropSessions: (jtis: string[]) => repo.deleteByJtis(db, jtis),

    /** Resolves once every push started so far has been handed to its push service (or failed). */
    async idle(): Promise<void> {
      while (inFlight.size) await Promise.all([...inFlight]);
    },

    /** A call to a user with no connection (answered busy to the caller): "X is calling you". */
    offlineCall: (
      fromUser: { id: number; displayName?: string; realname?: string },
      calleeId: number,
      video: boolean,
    ): Promise<void> => track(callPush(fromUser, calleeId, video)),

    /** After a message event was published to `userIds`: pushes what needs one (never throws). */
    /** `data` is the event's payload, or its JSON text (read only when someone is not connected here). */
    afterEvent: (userIds: number[], type: SocketEventType, data: unknown, json = false): Promise<void> => {
      // Recipients with a connection here get the socket push and nothing else, and those known
      // to have no subscription nothing at all (pushTo's first filter): most sends end here,
      // before any of messagePush's work is started.
      if (!userIds.some(mayNeedPush)) return Promise.resolve();
      return track(messagePush(userIds, type, json ? JSON.parse(data as string) : data));
    },
  };
}

export type Push = ReturnType<typeof createPush>;
