import { describe, expect, it } from 'vitest';
import { findSession, insertSession, revokeSessions, deleteExpiredSessions } from '../src/modules/auth/sessions.repo';
import { withTx } from '../src/platform/db/index';
import { migratedTestDatabase, testDbKind } from './helpers/server';

/**
 * Session reads are cached where this process is the database's only writer (SQLite), and a
 * revocation or a deletion shows at once all the same. PostgreSQL, shared by nodes, is always read.
 */

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
  return { db, userId: user.id, reads: () => sessionReads };
}

describe(`session rows on ${testDbKind()}`, () => {
  it('are read once per node on SQLite, every time on PostgreSQL', async () => {
    const t = await setup();
    expect((await findSession(t.db, 'j1'))?.revoked).toBe(0);
    expect((await findSession(t.db, 'j1'))?.revoked).toBe(0);
    expect(t.reads()).toBe(testDbKind() === 'sqlite' ? 1 : 2);
  });

  it('show a revocation at once, also one made inside a shared transaction', async () => {
    const t = await setup();
    await findSession(t.db, 'j1');
    await withTx(t.db, (tx) => revokeSessions(tx, { userId: t.userId, now: 200, reason: 'logout' }));
    expect(await findSession(t.db, 'j1')).toMatchObject({ revoked: 1, revoke_reason: 'logout' });
  });

  it('show a deleted (expired) row as gone', async () => {
    const t = await setup();
    await findSession(t.db, 'j1');
    await deleteExpiredSessions(t.db, 2_000);
    expect(await findSession(t.db, 'j1')).toBeUndefined();
  });
});
