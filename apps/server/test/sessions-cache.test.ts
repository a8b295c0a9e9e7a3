import { limits } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { insertSession } from '../src/modules/auth/sessions.repo';
import { findSession } from '../src/modules/auth/session-cache';
import { createSessions } from '../src/modules/auth/sessions';
import type { BusMessage, EventBus } from '../src/platform/bus/index';
import { manualClock } from '../src/platform/clock';
import { withTx } from '../src/platform/db/index';
import { migratedTestDatabase, testDbKind } from './helpers/server';

/**
 * Session rows are cached per node where every revocation is sure to reach the cache
 * (session-cache.ts): on SQLite always (this process is the only writer), on PostgreSQL while a
 * bus that listens follows the revocations. A revocation, a deletion or an outage shows at once.
 */

const sqlite = testDbKind() === 'sqlite';

async function setup() {
  let sessionReads = 0;
  const { db } = await migratedTestDatabase({
    log: (e) => {
      if (e.level === 'query' && /from "sessions" where "jti"/.test(e.query.sql)) sessionReads++;
    },
  });
  const user = await db
    .insertInto('users')
    .values({ account: 'cache1', realname: 'Cache', password_hash: 'x', setting: '{}', create_time: 1, update_time: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertSession(db, { jti: 'j1', user_id: user.id, terminal: 'web', iat: 100, exp: 1_000 });
  const clock = manualClock(200_000);
  return {
    db,
    userId: user.id,
    reads: () => sessionReads,
    find: (now = clock.now()) => findSession(db, 'j1', now),
    /** This node's sessions service, its revocations followed through `bus`. */
    sessions: (bus: Pick<EventBus, 'subscribe' | 'onListening'>) => createSessions(db, clock, bus),
  };
}

/** A bus as the cache sees it: revocations from elsewhere, and whether it listens. */
function feed() {
  const handlers = new Set<(m: BusMessage) => void>();
  const listeners = new Set<(l: boolean) => void>();
  let listening = true;
  const bus: Pick<EventBus, 'subscribe' | 'onListening'> = {
    subscribe: (h) => (handlers.add(h), () => handlers.delete(h)),
    onListening: (l) => (listeners.add(l), l(listening), () => listeners.delete(l)),
  };
  return {
    bus,
    /** Another node's revocation arriving. */
    revoked: (jtis: string[]) => handlers.forEach((h) => h({ kind: 'closeSessions', jtis, code: 4003 })),
    listening: (l: boolean) => ((listening = l), listeners.forEach((f) => f(l))),
  };
}

/** A revocation made by another node: the row changes, this node hears of it only through the bus. */
const revokeElsewhere = (db: Awaited<ReturnType<typeof setup>>['db']) =>
  db.updateTable('sessions').set({ revoked: 1, revoke_reason: 'logout' }).where('jti', '=', 'j1').execute();

describe(`session rows on ${testDbKind()}`, () => {
  it('are read once per node on SQLite; on PostgreSQL every time unless a bus follows revocations', async () => {
    const t = await setup();
    expect((await t.find())?.revoked).toBe(0);
    expect((await t.find())?.revoked).toBe(0);
    expect(t.reads()).toBe(sqlite ? 1 : 2);
    t.sessions(feed().bus);
    await t.find();
    await t.find();
    expect(t.reads()).toBe(sqlite ? 1 : 3);
  });

  it('show a revocation at once, also one made inside a shared transaction', async () => {
    const t = await setup();
    const sessions = t.sessions(feed().bus);
    await t.find();
    await withTx(t.db, (tx, onCommit) => sessions.revokeIn(tx, onCommit, { userId: t.userId, reason: 'logout' }));
    expect(await t.find()).toMatchObject({ revoked: 1, revoke_reason: 'logout' });
  });

  it('show a deleted (expired) row as gone', async () => {
    const t = await setup();
    const sessions = t.sessions(feed().bus);
    await t.find();
    await insertSession(t.db, { jti: 'j2', user_id: t.userId, terminal: 'web', iat: 100, exp: 150 });
    await sessions.prune();
    expect(await findSession(t.db, 'j2', 200_000)).toBeUndefined();
    await t.find();
    expect(t.reads()).toBe(3); // the prune forgot every row
  });

  it('show a revocation that reached this node through the bus', async () => {
    const t = await setup();
    const f = feed();
    t.sessions(f.bus);
    await t.find();
    await revokeElsewhere(t.db);
    f.revoked(['j1']);
    expect(await t.find()).toMatchObject({ revoked: 1 });
  });

  it('do not keep a row read while a revocation arrived', async () => {
    const t = await setup();
    const f = feed();
    t.sessions(f.bus);
    const reading = t.find();
    f.revoked(['j1']); // its revocation committed after the read began
    expect((await reading)?.revoked).toBe(0);
    await revokeElsewhere(t.db);
    expect(await t.find()).toMatchObject({ revoked: 1 });
  });

  it('on PostgreSQL are read every time while the bus does not listen, and afresh once it listens', async () => {
    const t = await setup();
    const f = feed();
    t.sessions(f.bus);
    await t.find();
    f.listening(false);
    await revokeElsewhere(t.db); // its revocation lost in the outage
    if (!sqlite) expect(await t.find()).toMatchObject({ revoked: 1 });
    await t.find();
    expect(t.reads()).toBe(sqlite ? 1 : 3);
    f.listening(true);
    expect(await t.find()).toMatchObject({ revoked: sqlite ? 0 : 1 });
  });

  it('are read again once the cache lifetime is over', async () => {
    const t = await setup();
    t.sessions(feed().bus);
    await t.find(0);
    // Kept at least three quarters of the lifetime (the rest is spread, platform/cache-expiry.ts).
    await t.find((limits.userCacheMs * 3) / 4 - 1);
    expect(t.reads()).toBe(1);
    await t.find(limits.userCacheMs);
    expect(t.reads()).toBe(2);
  });
});
