import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/index';
import { cacheKeyOf, ownedByThisProcess } from '../../platform/db/dialect';
import { precompiled } from '../../platform/db/precompiled';
import type { SessionsTable } from '../../platform/db/schema';

export type SessionRow = Selectable<SessionsTable>;
export type RevokeReason = 'kicked' | 'logout' | 'password' | 'account' | 'admin';

export async function insertSession(
  db: Kysely<DB>,
  s: { jti: string; user_id: number; terminal: string; iat: number; exp: number },
): Promise<void> {
  await db.insertInto('sessions').values(s).execute();
}

// Every authenticated request runs this: precompiled (platform/db/precompiled.ts).
const byJti = precompiled((db, jti: string) => db.selectFrom('sessions').selectAll().where('jti', '=', jti));

/**
 * Session rows by jti, for a database only this process writes (SQLite; `ownedByThisProcess`):
 * every authenticated request read its row, a sixth of a send's SQLite time. Only this file
 * writes sessions, and it drops the rows it changes; `generation` keeps a read that overlapped a
 * revocation from storing what it saw. PostgreSQL is shared by several nodes: always read there.
 */
interface SessionCache {
  rows: Map<string, SessionRow>;
  generation: number;
}
const caches = new WeakMap<object, SessionCache>();
const CACHE_MAX = 100_000;

function cacheOf(db: Kysely<DB>): SessionCache | undefined {
  if (!ownedByThisProcess(db)) return undefined;
  const key = cacheKeyOf(db);
  let c = caches.get(key);
  if (!c) caches.set(key, (c = { rows: new Map(), generation: 0 }));
  return c;
}

function forget(db: Kysely<DB>, jtis?: string[]): void {
  const c = cacheOf(db);
  if (!c) return;
  c.generation += 1;
  if (jtis) for (const jti of jtis) c.rows.delete(jti);
  else c.rows.clear();
}

export async function findSession(db: Kysely<DB>, jti: string): Promise<SessionRow | undefined> {
  const c = cacheOf(db);
  const hit = c?.rows.get(jti);
  if (hit) return hit;
  const generation = c?.generation;
  const row = (await byJti(db, jti))[0];
  if (c && row && c.generation === generation) {
    if (c.rows.size >= CACHE_MAX) c.rows.delete(c.rows.keys().next().value as string);
    c.rows.set(jti, row);
  }
  return row;
}

/**
 * Revokes a user's live sessions (optionally one terminal kind, optionally sparing one jti)
 * and returns the jtis it revoked. Expired rows are left alone: they can no longer be used.
 */
export async function revokeSessions(
  db: Kysely<DB>,
  q: { userId: number; now: number; reason: RevokeReason; exceptJti?: string; terminal?: string; jti?: string },
): Promise<string[]> {
  let sel = db
    .selectFrom('sessions')
    .select('jti')
    .where('user_id', '=', q.userId)
    .where('revoked', '=', 0)
    .where('exp', '>', q.now);
  if (q.exceptJti) sel = sel.where('jti', '!=', q.exceptJti);
  if (q.terminal) sel = sel.where('terminal', '=', q.terminal);
  if (q.jti) sel = sel.where('jti', '=', q.jti);
  const jtis = (await sel.execute()).map((r) => r.jti);
  if (jtis.length === 0) return [];
  forget(db, jtis);
  await db
    .updateTable('sessions')
    .set({ revoked: 1, revoke_reason: q.reason, revoke_time: q.now })
    .where('jti', 'in', jtis)
    .execute();
  return jtis;
}

/** Rows past their expiry are useless (the token is refused as expired); housekeeping only. */
export async function deleteExpiredSessions(db: Kysely<DB>, now: number): Promise<void> {
  forget(db);
  await db.deleteFrom('sessions').where('exp', '<=', now).execute();
}
