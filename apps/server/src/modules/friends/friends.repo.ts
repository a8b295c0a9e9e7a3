import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { FriendsTable } from '../../platform/db/schema-chat';

/**
 * Friend relation rows (PROTOCOL §7). Rows are directional: `create_user` lists
 * `friend_user_id`; a friendship is two accepted rows. The pair is unique, so a new request
 * after a refusal or a deletion reuses (upserts) the one row.
 */

export type FriendRow = Selectable<FriendsTable>;

export async function findById(db: Kysely<DB>, id: number): Promise<FriendRow | undefined> {
  return db.selectFrom('friends').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The row in which `owner` lists `other`, whatever its status. */
export async function findPair(db: Kysely<DB>, owner: number, other: number): Promise<FriendRow | undefined> {
  return db
    .selectFrom('friends')
    .selectAll()
    .where('create_user', '=', owner)
    .where('friend_user_id', '=', other)
    .executeTakeFirst();
}

/** How many people `owner` lists as accepted friends (for `friend_limit`). */
export async function countAccepted(db: Kysely<DB>, owner: number): Promise<number> {
  const row = await db
    .selectFrom('friends')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('create_user', '=', owner)
    .where('status', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface PairWrite {
  status: number;
  /** 1 when a request created or renewed the row. */
  is_invite: number;
  /** The request text; undefined keeps what is stored. */
  remark?: string;
  time: number;
}

/**
 * Writes the row `owner → other`: inserted if missing, else its status (and request fields)
 * replaced. A renewed request counts as new (create_time now) so it lists first again; the
 * remark name (`nickname`) is kept either way.
 */
export async function upsertPair(db: Kysely<DB>, owner: number, other: number, w: PairWrite): Promise<void> {
  const renew = w.is_invite === 1 ? { is_invite: 1, create_time: w.time } : {};
  await db
    .insertInto('friends')
    .values({
      create_user: owner,
      friend_user_id: other,
      status: w.status,
      is_invite: w.is_invite,
      remark: w.remark ?? '',
      nickname: '',
      create_time: w.time,
      update_time: w.time,
    })
    .onConflict((oc) =>
      oc
        .columns(['create_user', 'friend_user_id'])
        .doUpdateSet({
          status: w.status,
          ...renew,
          ...(w.remark !== undefined ? { remark: w.remark } : {}),
          update_time: w.time,
        }),
    )
    .execute();
}

/**
 * A request's write of `owner → other`, atomic against parallel requests: inserted if missing,
 * renewed only if its status is not one of `busy` (pending or accepted). False when another
 * request got there first, so exactly one of many parallel requests is accepted and pushed.
 */
export async function requestPair(
  db: Kysely<DB>,
  owner: number,
  other: number,
  w: PairWrite & { busy: number[] },
): Promise<boolean> {
  const r = await db
    .insertInto('friends')
    .values({
      create_user: owner,
      friend_user_id: other,
      status: w.status,
      is_invite: 1,
      remark: w.remark ?? '',
      nickname: '',
      create_time: w.time,
      update_time: w.time,
    })
    .onConflict((oc) =>
      oc
        .columns(['create_user', 'friend_user_id'])
        .doUpdateSet({
          status: w.status,
          is_invite: 1,
          create_time: w.time,
          remark: w.remark ?? '',
          update_time: w.time,
        })
        .where('friends.status', 'not in', w.busy),
    )
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Moves a row from `from` to `to`; false when it was no longer in `from` (a concurrent answer). */
export async function moveStatus(db: Kysely<DB>, id: number, from: number, to: number, time: number): Promise<boolean> {
  const r = await db
    .updateTable('friends')
    .set({ status: to, update_time: time })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function setNickname(db: Kysely<DB>, id: number, nickname: string, time: number): Promise<void> {
  await db.updateTable('friends').set({ nickname, update_time: time }).where('id', '=', id).execute();
}

/** Removes both directions between two people. */
export async function deleteBoth(db: Kysely<DB>, a: number, b: number): Promise<void> {
  await db
    .deleteFrom('friends')
    .where((eb) =>
      eb.or([
        eb.and([eb('create_user', '=', a), eb('friend_user_id', '=', b)]),
        eb.and([eb('create_user', '=', b), eb('friend_user_id', '=', a)]),
      ]),
    )
    .execute();
}

export async function countPendingTo(db: Kysely<DB>, me: number): Promise<number> {
  const row = await db
    .selectFrom('friends')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('friend_user_id', '=', me)
    .where('status', '=', 2)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Request rows I sent (`mine`) or received, newest first, leaving out people whose account was
 * deleted. Reverse rows written by an acceptance are not requests (`is_invite` 0).
 */
export async function requests(
  db: Kysely<DB>,
  me: number,
  mine: boolean,
  page: number,
  limit: number,
): Promise<{ rows: FriendRow[]; count: number }> {
  const other = mine ? 'friends.friend_user_id' : 'friends.create_user';
  const base = db
    .selectFrom('friends')
    .innerJoin('users', 'users.id', other)
    .where(mine ? 'friends.create_user' : 'friends.friend_user_id', '=', me)
    .where('friends.is_invite', '=', 1)
    .where('users.delete_time', '=', 0);
  const [rows, total] = await Promise.all([
    base
      .selectAll('friends')
      .orderBy('friends.create_time', 'desc')
      .orderBy('friends.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** Every friend row naming the user, either side (an administrator deleted the account). */
export async function deleteAllOf(db: Kysely<DB>, userId: number): Promise<void> {
  await db
    .deleteFrom('friends')
    .where((eb) => eb.or([eb('create_user', '=', userId), eb('friend_user_id', '=', userId)]))
    .execute();
}
