import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';

/**
 * Who is active, for the contact set (contacts/contact-set.ts): everyone (runMode 1), or the
 * customer-service links of runMode 2. Its friends half is the friends module's (`remarksRepo`).
 */

/** Active users other than `userId` (runMode 1: everyone is a contact). */
export async function allActiveUserIds(db: Kysely<DB>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('status', '=', 1)
    .where('delete_time', '=', 0)
    .where('id', '!=', userId)
    .execute();
  return rows.map((r) => r.id);
}

/** What name search reads of a person (PROTOCOL §16). */
export interface NameRow {
  id: number;
  realname: string;
  account: string;
  name_py: string;
}

/** Active users other than `userId` by name (runMode 1), in one query rather than an id list. */
export async function allActiveNames(db: Kysely<DB>, userId: number): Promise<NameRow[]> {
  return db
    .selectFrom('users')
    .select(['id', 'realname', 'account', 'name_py'])
    .where('status', '=', 1)
    .where('delete_time', '=', 0)
    .where('id', '!=', userId)
    .execute();
}

export async function namesOf(db: Kysely<DB>, ids: number[]): Promise<NameRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('users').select(['id', 'realname', 'account', 'name_py']).where('id', 'in', ids).execute();
}

/** runMode 2: my customer-service user (0: none), whatever its state. */
export async function csUidOf(db: Kysely<DB>, userId: number): Promise<number> {
  const me = await db.selectFrom('users').select('cs_uid').where('id', '=', userId).executeTakeFirst();
  return me?.cs_uid ?? 0;
}

/** runMode 2: the active users I serve (their `cs_uid` is me). */
export async function servedBy(db: Kysely<DB>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('cs_uid', '=', userId)
    .where('status', '=', 1)
    .where('delete_time', '=', 0)
    .execute();
  return rows.map((r) => r.id);
}

/** Which of these users are active, in the ids' order (runMode 1 membership, batched). */
export async function activeAmong(db: Kysely<DB>, ids: number[]): Promise<boolean[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '=', 1)
    .where('delete_time', '=', 0)
    .execute();
  const active = new Set(rows.map((r) => r.id));
  return ids.map((id) => active.has(id));
}

/** runMode 2 membership of one user: the two users' customer-service links, if active. */
export async function activePair(
  db: Kysely<DB>,
  userId: number,
  other: number,
): Promise<Array<{ id: number; cs_uid: number }>> {
  return db
    .selectFrom('users')
    .select(['id', 'cs_uid'])
    .where('id', 'in', [userId, other])
    .where('status', '=', 1)
    .where('delete_time', '=', 0)
    .execute();
}
