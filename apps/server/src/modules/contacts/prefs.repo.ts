import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import { precompiledList } from '../../platform/db/precompiled';
import type { PrefRow, ReaderRow } from '../../platform/db/schema-chat';

/** `chat_prefs`: each user's pin, notifications, delChat mark and one-to-one read mark per conversation. */

/** A conversation's prefs before the user set any: on top no, notifications on, nothing hidden or read. */
const PREF_DEFAULTS = { is_top: 0, is_notice: 1, hide_msg_id: 0, read_msg_id: 0 } as const;

export async function prefsOf(db: Kysely<DB>, userId: number): Promise<PrefRow[]> {
  return db.selectFrom('chat_prefs').selectAll().where('user_id', '=', userId).execute();
}

export async function prefOf(db: Kysely<DB>, userId: number, chatId: string): Promise<PrefRow | undefined> {
  return db
    .selectFrom('chat_prefs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('chat_identify', '=', chatId)
    .executeTakeFirst();
}

/**
 * The prefs of several (user, conversation) pairs, in the pairs' order: the pairs are joined as a
 * VALUES list, one index seek each. (`user_id in (…) and chat_identify in (…)` sought every user
 * in every conversation of the list: for the 120 pairs of a group commit of 60 sends, 7,200 seeks
 * and 2.2 ms against 0.15 ms, growing with the square of the batch; docs/performance.md, issue 23.)
 */
const prefsOfPairsQuery = precompiledList<[number, string], PrefRow>(2, (db, pairs) => {
  const values = sql.join(pairs.map(([userId, chatId]) => sql`(cast(${userId} as integer), ${chatId})`));
  const query = sql<PrefRow>`select cp.* from (values ${values}) as v
    join chat_prefs cp on cp.user_id = v.column1 and cp.chat_identify = v.column2`;
  return { compile: () => query.compile(db) };
});

export async function prefsOfPairs(
  db: Kysely<DB>,
  pairs: Array<{ userId: number; chatId: string }>,
): Promise<Array<PrefRow | undefined>> {
  const byPair = new Map<string, PrefRow>();
  const rows = await prefsOfPairsQuery(
    db,
    pairs.map((p): [number, string] => [p.userId, p.chatId]),
  );
  for (const r of rows) byPair.set(`${r.user_id}|${r.chat_identify}`, r);
  return pairs.map((p) => byPair.get(`${p.userId}|${p.chatId}`));
}

export async function upsertPref(
  db: Kysely<DB>,
  userId: number,
  chatId: string,
  patch: Partial<Pick<PrefRow, 'is_top' | 'is_notice' | 'hide_msg_id'>>,
  time: number,
): Promise<void> {
  await db
    .insertInto('chat_prefs')
    .values({ user_id: userId, chat_identify: chatId, ...PREF_DEFAULTS, ...patch, update_time: time })
    .onConflict((oc) => oc.columns(['user_id', 'chat_identify']).doUpdateSet({ ...patch, update_time: time }))
    .execute();
}

/**
 * `me` has read `chatId` up to `msgId`. The mark only moves forward: two reads racing (two
 * tabs, two nodes) must not leave the older one's mark. `readLog` (announcements, PROTOCOL §17)
 * replaces the mark's log of moves in the same statement.
 */
export async function setReadMark(
  db: Kysely<DB>,
  me: number,
  chatId: string,
  msgId: number,
  readLog?: string,
): Promise<void> {
  const log = readLog === undefined ? {} : { read_log: readLog };
  await db
    .insertInto('chat_prefs')
    .values({ user_id: me, chat_identify: chatId, ...PREF_DEFAULTS, read_msg_id: msgId, update_time: 0, ...log })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'chat_identify'])
        .doUpdateSet({
          read_msg_id: (eb) => eb.ref('excluded.read_msg_id'),
          ...(readLog === undefined ? {} : { read_log: (eb) => eb.ref('excluded.read_log') }),
        })
        .where('chat_prefs.read_msg_id', '<', (eb) => eb.ref('excluded.read_msg_id')),
    )
    .execute();
}

/**
 * The readers of announcements sent up to `sentSec` (PROTOCOL §17): every live account registered
 * by then, with its announcements read mark (none: 0) and when it registered (an announcement
 * counts those registered by its own time). One statement; a join of users because the audience
 * is "everyone", as the contact set's user reads are.
 */
export async function noticeReaders(
  db: Kysely<DB>,
  chatId: string,
  sentSec: number,
): Promise<Array<ReaderRow & { create_time: number }>> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('chat_prefs as cp', (j) => j.onRef('cp.user_id', '=', 'u.id').on('cp.chat_identify', '=', chatId))
    .select([
      'u.id as user_id',
      'cp.read_msg_id',
      'cp.read_log',
      'u.realname',
      'u.avatar',
      'u.name_py',
      'u.create_time',
    ])
    .where('u.status', '=', 1)
    .where('u.delete_time', '=', 0)
    .where('u.create_time', '<=', sentSec)
    .execute();
  return rows.map((r) => ({
    user_id: r.user_id,
    join_msg_id: 0,
    read_msg_id: r.read_msg_id ?? 0,
    read_log: r.read_log ?? '',
    nickname: '',
    realname: r.realname,
    avatar: r.avatar,
    name_py: r.name_py,
    create_time: r.create_time,
  }));
}

/** Everyone's read marks in several conversations at once (search results): chat → user → read_msg_id. */
export async function readMarksOf(db: Kysely<DB>, chatIds: string[]): Promise<Map<string, Map<number, number>>> {
  const out = new Map<string, Map<number, number>>();
  if (chatIds.length === 0) return out;
  const rows = await db
    .selectFrom('chat_prefs')
    .select(['chat_identify', 'user_id', 'read_msg_id'])
    .where('chat_identify', 'in', [...new Set(chatIds)])
    .execute();
  for (const r of rows) {
    let m = out.get(r.chat_identify);
    if (!m) out.set(r.chat_identify, (m = new Map()));
    m.set(r.user_id, r.read_msg_id);
  }
  return out;
}

/** Everyone's prefs for one conversation (is_top / is_notice of each recipient). */
export async function prefsForChat(db: Kysely<DB>, chatId: string) {
  return db.selectFrom('chat_prefs').selectAll().where('chat_identify', '=', chatId).execute();
}

/** A dissolved group's prefs, everyone's. */
export async function deleteChatPrefs(db: Kysely<DB>, chatId: string): Promise<void> {
  await db.deleteFrom('chat_prefs').where('chat_identify', '=', chatId).execute();
}
