import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../platform/db/index';
import type {
  MomentCommentsTable,
  MomentLikesTable,
  MomentNoticesTable,
  MomentsTable,
} from '../../platform/db/schema-moments';

/** Posts, likes, comments, notices and read marks of moments (tables of migration 0009). */

export type MomentRow = Selectable<MomentsTable>;
export type LikeRow = Selectable<MomentLikesTable>;
export type CommentRow = Selectable<MomentCommentsTable>;
export type NoticeRow = Selectable<MomentNoticesTable>;

/**
 * Which posts a viewer may see (§9): their own (`self`, when asked for) and the posts of
 * `others` shared with the contact set. An empty `others` and no `self` matches nothing.
 */
export interface Visible {
  self?: number;
  others: number[];
}

function visibleWhere(v: Visible) {
  return sql<boolean>`(${sql.join(
    [
      ...(v.self !== undefined ? [sql`user_id = ${v.self}`] : []),
      ...(v.others.length > 0 ? [sql`(visibility = 1 and user_id in (${sql.join(v.others)}))`] : []),
      sql`1 = 0`,
    ],
    sql` or `,
  )})`;
}

export async function insertMoment(db: Kysely<DB>, values: Insertable<MomentsTable>): Promise<MomentRow> {
  return db.insertInto('moments').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findMoment(db: Kysely<DB>, id: number): Promise<MomentRow | undefined> {
  return db.selectFrom('moments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function momentsByIds(db: Kysely<DB>, ids: number[]): Promise<MomentRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('moments')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export async function listVisible(
  db: Kysely<DB>,
  v: Visible,
  lastId: number,
  limit: number,
): Promise<{ rows: MomentRow[]; count: number }> {
  let q = db.selectFrom('moments').selectAll().where(visibleWhere(v));
  if (lastId > 0) q = q.where('id', '<', lastId);
  const [rows, total] = await Promise.all([
    q.orderBy('id', 'desc').limit(limit).execute(),
    db
      .selectFrom('moments')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where(visibleWhere(v))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

/** The newest visible post above `sinceId` (the "new posts" dot). */
export async function newestVisibleAbove(db: Kysely<DB>, v: Visible, sinceId: number): Promise<MomentRow | undefined> {
  return db
    .selectFrom('moments')
    .selectAll()
    .where(visibleWhere(v))
    .where('id', '>', sinceId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function maxMomentId(db: Kysely<DB>): Promise<number> {
  const r = await db
    .selectFrom('moments')
    .select((e) => e.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(r?.m ?? 0);
}

/** A post and everything hanging off it. */
export async function deleteMoment(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('moment_likes').where('moment_id', '=', id).execute();
  await db.deleteFrom('moment_comments').where('moment_id', '=', id).execute();
  await db.deleteFrom('moment_notices').where('moment_id', '=', id).execute();
  await db.deleteFrom('moments').where('id', '=', id).execute();
}

export async function likesOf(db: Kysely<DB>, momentIds: number[]): Promise<LikeRow[]> {
  if (momentIds.length === 0) return [];
  return db.selectFrom('moment_likes').selectAll().where('moment_id', 'in', momentIds).orderBy('id').execute();
}

export async function commentsOf(db: Kysely<DB>, momentIds: number[]): Promise<CommentRow[]> {
  if (momentIds.length === 0) return [];
  return db.selectFrom('moment_comments').selectAll().where('moment_id', 'in', momentIds).orderBy('id').execute();
}

/** Whether a new like row was made (false: it was already there). */
export async function insertLike(db: Kysely<DB>, momentId: number, userId: number, timeMs: number): Promise<boolean> {
  const row = await db
    .insertInto('moment_likes')
    .values({ moment_id: momentId, user_id: userId, create_time_ms: timeMs })
    .onConflict((oc) => oc.columns(['moment_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes my like and the notice it made. */
export async function deleteLike(db: Kysely<DB>, momentId: number, userId: number): Promise<void> {
  await db.deleteFrom('moment_likes').where('moment_id', '=', momentId).where('user_id', '=', userId).execute();
  await db
    .deleteFrom('moment_notices')
    .where('moment_id', '=', momentId)
    .where('from_user', '=', userId)
    .where('kind', '=', 'like')
    .execute();
}

export async function insertComment(db: Kysely<DB>, values: Insertable<MomentCommentsTable>): Promise<CommentRow> {
  return db.insertInto('moment_comments').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findComment(db: Kysely<DB>, id: number): Promise<CommentRow | undefined> {
  return db.selectFrom('moment_comments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A comment and the notices it made. */
export async function deleteComment(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('moment_notices').where('comment_id', '=', id).execute();
  await db.deleteFrom('moment_comments').where('id', '=', id).execute();
}

export async function insertNotices(db: Kysely<DB>, rows: Insertable<MomentNoticesTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('moment_notices').values(rows).execute();
}

export async function noticesPage(
  db: Kysely<DB>,
  userId: number,
  page: number,
  limit: number,
): Promise<{ rows: NoticeRow[]; count: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('moment_notices')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('moment_notices')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

export async function markNoticesRead(db: Kysely<DB>, userId: number, upToId: number): Promise<void> {
  await db
    .updateTable('moment_notices')
    .set({ is_read: 1 })
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .where('id', '<=', upToId)
    .execute();
}

export async function unreadNotices(db: Kysely<DB>, userId: number): Promise<number> {
  const r = await db
    .selectFrom('moment_notices')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function seenId(db: Kysely<DB>, userId: number): Promise<number> {
  const r = await db.selectFrom('moment_reads').select('seen_id').where('user_id', '=', userId).executeTakeFirst();
  return r?.seen_id ?? 0;
}

/** Moves my mark forward only, so a slow reader never brings an older badge back. */
export async function markSeen(db: Kysely<DB>, userId: number, id: number): Promise<void> {
  await db
    .insertInto('moment_reads')
    .values({ user_id: userId, seen_id: id })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({
          seen_id: sql`case when excluded.seen_id > moment_reads.seen_id then excluded.seen_id else moment_reads.seen_id end`,
        }),
    )
    .execute();
}
