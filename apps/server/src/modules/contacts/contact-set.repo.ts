import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';

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

/** runMode 2: my accepted friends, my customer-service user, and users I serve. */
export async function socialContactIds(db: Kysely<DB>, userId: number): Promise<number[]> {
  const [friends, me, served] = await Promise.all([
    db
      .selectFrom('friends')
      .innerJoin('users', 'users.id', 'friends.friend_user_id')
      .select('friends.friend_user_id as id')
      .where('friends.create_user', '=', userId)
      .where('friends.status', '=', 1)
      .where('users.status', '=', 1)
      .where('users.delete_time', '=', 0)
      .execute(),
    db.selectFrom('users').select('cs_uid').where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('users')
      .select('id')
      .where('cs_uid', '=', userId)
      .where('status', '=', 1)
      .where('delete_time', '=', 0)
      .execute(),
  ]);
  const ids = new Set<number>(friends.map((r) => r.id));
  if (me && me.cs_uid > 0) ids.add(me.cs_uid);
  for (const r of served) ids.add(r.id);
  ids.delete(userId);
  return [...ids];
}

/** Does `owner` list `other` as an accepted friend (a directional row)? */
export async function isAcceptedFriend(db: Kysely<DB>, owner: number, other: number): Promise<boolean> {
  const row = await db
    .selectFrom('friends')
    .select('id')
    .where('create_user', '=', owner)
    .where('friend_user_id', '=', other)
    .where('status', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
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

/** runMode 2 membership of one user, without loading the whole set. */
export async function isSocialContact(db: Kysely<DB>, userId: number, other: number): Promise<boolean> {
  const [friend, pair] = await Promise.all([
    isAcceptedFriend(db, userId, other),
    db
      .selectFrom('users')
      .select(['id', 'cs_uid'])
      .where('id', 'in', [userId, other])
      .where('status', '=', 1)
      .where('delete_time', '=', 0)
      .execute(),
  ]);
  const me = pair.find((r) => r.id === userId);
  const them = pair.find((r) => r.id === other);
  if (!them) return false;
  return friend || (me !== undefined && me.cs_uid === other) || them.cs_uid === userId;
}
