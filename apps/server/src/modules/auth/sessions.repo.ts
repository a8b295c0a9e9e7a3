import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/index';
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

// Every authenticated request runs this (through session-cache.ts): precompiled (platform/db/precompiled.ts).
const byJti = precompiled((db, jti: string) => db.selectFrom('sessions').selectAll().where('jti', '=', jti));

export async function readSession(db: Kysely<DB>, jti: string): Promise<SessionRow | undefined> {
  return (await byJti(db, jti))[0];
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
  await db
    .updateTable('sessions')
    .set({ revoked: 1, revoke_reason: q.reason, revoke_time: q.now })
    .where('jti', 'in', jtis)
    .execute();
  return jtis;
}

/** Rows past their expiry are useless (the token is refused as expired); housekeeping only. */
export async function deleteExpiredSessions(db: Kysely<DB>, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('exp', '<=', now).execute();
}
