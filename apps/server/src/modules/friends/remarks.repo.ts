import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import { precompiledList } from '../../platform/db/precompiled';

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

/**
 * Remark names of several (owner, other) pairs ('' when none), in the pairs' order: the pairs are
 * joined as a VALUES list, one index seek each (an `in (…) and in (…)` sought every owner against
 * every other: quadratic in a group commit's pairs; see prefsOfPairs in contacts/prefs.repo.ts).
 */
type RemarkRow = { create_user: number; friend_user_id: number; nickname: string };

const remarksOfPairsQuery = precompiledList<[number, number], RemarkRow>(2, (db, pairs) => {
  const values = sql.join(pairs.map(([owner, other]) => sql`(cast(${owner} as integer), cast(${other} as integer))`));
  const query = sql<RemarkRow>`
    select f.create_user, f.friend_user_id, f.nickname from (values ${values}) as v
    join friends f on f.create_user = v.column1 and f.friend_user_id = v.column2
    where f.status = 1 and f.nickname != ''`;
  return { compile: () => query.compile(db) };
});

export async function remarksOfPairs(
  db: Kysely<DB>,
  pairs: Array<{ owner: number; other: number }>,
): Promise<string[]> {
  const byPair = new Map<string, string>();
  const rows = await remarksOfPairsQuery(
    db,
    pairs.map((p): [number, number] => [p.owner, p.other]),
  );
  for (const r of rows) byPair.set(`${r.create_user}|${r.friend_user_id}`, r.nickname);
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
