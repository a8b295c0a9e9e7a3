import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';

/**
 * Friend-table reads of the contact set, the conversation list and profiles (accepted friends,
 * remark names, pending requests), for `contacts`, which friends imports: contacts gets them
 * through createContactSet's and createContacts' deps (app.ts).
 */

/** runMode 2: the live users `userId` lists as accepted friends (one statement, joined with users). */
export async function acceptedFriendIds(db: Kysely<DB>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('friends')
    .innerJoin('users', 'users.id', 'friends.friend_user_id')
    .select('friends.friend_user_id as id')
    .where('friends.create_user', '=', userId)
    .where('friends.status', '=', 1)
    .where('users.status', '=', 1)
    .where('users.delete_time', '=', 0)
    .execute();
  return rows.map((r) => r.id);
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

/** Pending friend requests to me: how many, and when the newest arrived (s). */
export async function pendingRequests(db: Kysely<DB>, me: number): Promise<{ count: number; newest: number }> {
  const row = await db
    .selectFrom('friends')
    .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('create_time').as('t')])
    .where('friend_user_id', '=', me)
    .where('status', '=', 2)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), newest: Number(row?.t ?? 0) };
}

/** My remark names for the people I list as accepted friends. */
export async function remarksOf(db: Kysely<DB>, me: number, ids?: number[]): Promise<Map<number, string>> {
  let q = db
    .selectFrom('friends')
    .select(['friend_user_id', 'nickname'])
    .where('create_user', '=', me)
    .where('status', '=', 1)
    .where('nickname', '!=', '');
  if (ids) q = q.where('friend_user_id', 'in', ids.length ? ids : [0]);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.friend_user_id, r.nickname]));
}

/** Remark names ('' for none) of several (owner, other) pairs in one query, in the pairs' order. */
export async function remarksOfPairs(
  db: Kysely<DB>,
  pairs: Array<{ owner: number; other: number }>,
): Promise<string[]> {
  const rows = await db
    .selectFrom('friends')
    .select(['create_user', 'friend_user_id', 'nickname'])
    .where('create_user', 'in', [...new Set(pairs.map((p) => p.owner))])
    .where('friend_user_id', 'in', [...new Set(pairs.map((p) => p.other))])
    .where('status', '=', 1)
    .where('nickname', '!=', '')
    .execute();
  const byPair = new Map(rows.map((r) => [`${r.create_user}|${r.friend_user_id}`, r.nickname]));
  return pairs.map((p) => byPair.get(`${p.owner}|${p.other}`) ?? '');
}

/** My accepted friend row for `other` (getUserInfo `friend`). */
export async function friendRow(db: Kysely<DB>, me: number, other: number) {
  return db
    .selectFrom('friends')
    .select(['id', 'nickname', 'status', 'create_time'])
    .where('create_user', '=', me)
    .where('friend_user_id', '=', other)
    .where('status', '=', 1)
    .executeTakeFirst();
}

/** Accepted friendship in both directions. There is no friend API yet: tests and seeding only. */
export async function makeFriends(db: Kysely<DB>, a: number, b: number, time: number): Promise<void> {
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    await db
      .insertInto('friends')
      .values({
        create_user: x,
        friend_user_id: y,
        status: 1,
        is_invite: 1,
        remark: '',
        nickname: '',
        create_time: time,
        update_time: time,
      })
      .onConflict((oc) => oc.columns(['create_user', 'friend_user_id']).doUpdateSet({ status: 1, update_time: time }))
      .execute();
  }
}
