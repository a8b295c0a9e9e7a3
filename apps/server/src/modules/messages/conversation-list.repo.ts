import { sql, type Kysely, type RawBuilder } from 'kysely';
import { inList, inParts } from '../../platform/db/in-list';
import { isSqlite } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/index';
import type { MessageRow } from '../../platform/db/schema-chat';
import { notHiddenBy } from './messages.repo';

/**
 * Conversation-list queries on this module's tables, for `contacts` (which messages imports, so
 * it gets these through createContacts' deps rather than an import). Each one answers for every
 * conversation of a user at once (IN lists or GROUP BY), so the list costs a fixed number of
 * queries whatever its length.
 */

export async function lastMsgIds(db: Kysely<DB>, chatIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const part of inParts(db, chatIds)) {
    const rows = await db
      .selectFrom('chats')
      .selectAll()
      .where(inList(db, 'chat_identify', part))
      .execute();
    for (const r of rows) out.set(r.chat_identify, r.last_msg_id);
  }
  return out;
}

export async function messagesByMsgIds(db: Kysely<DB>, msgIds: number[]): Promise<Map<number, MessageRow>> {
  const out = new Map<number, MessageRow>();
  for (const part of inParts(
    db,
    msgIds.filter((id) => id > 0),
  )) {
    const rows = await db
      .selectFrom('messages')
      .selectAll()
      .where(inList(db, 'msg_id', part))
      .execute();
    for (const r of rows) out.set(r.msg_id, r);
  }
  return out;
}

/** Of these messages, the ones `userId` hid for themselves. */
export async function hiddenAmong(db: Kysely<DB>, userId: number, msgIds: number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (const part of inParts(db, msgIds)) {
    const rows = await db
      .selectFrom('message_hidden')
      .select('msg_id')
      .where('user_id', '=', userId)
      .where(inList(db, 'msg_id', part))
      .execute();
    for (const r of rows) out.add(r.msg_id);
  }
  return out;
}

/** Newest message of a conversation that `userId` has not hidden, above `afterMsgId`. */
export async function newestVisible(
  db: Kysely<DB>,
  userId: number,
  chatId: string,
  afterMsgId: number,
): Promise<MessageRow | undefined> {
  return db
    .selectFrom('messages as m')
    .selectAll('m')
    .where('m.chat_identify', '=', chatId)
    .where('m.msg_id', '>', afterMsgId)
    .where(notHiddenBy(userId, 'm.msg_id'))
    .orderBy('m.msg_id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Unread per conversation: rows from others above each chat's boundary (the read mark, my
 * delChat mark, and in groups my join point), not hidden from me. Each (chat, boundary) pair is
 * counted by a correlated subquery: one range of the `messages_chat` index per chat on both
 * databases. (200 `OR` terms took PostgreSQL twice as long to plan and run; a join to the list
 * let it guess a sequential scan of all messages.) The pairs are two arrays unnested on
 * PostgreSQL, one statement for any number of chats; a VALUES list of 200 at a time on SQLite.
 */
export async function unreadAbove(
  db: Kysely<DB>,
  me: number,
  above: Map<string, number>,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const count = (pairs: RawBuilder<unknown>) => sql<{ chat_identify: string; n: number | string }>`
      select v.chat_identify, (
        select count(*) from messages m
        where m.chat_identify = v.chat_identify and m.msg_id > v.above and m.from_user != ${me}
          and not exists (select 1 from message_hidden h where h.user_id = ${me} and h.msg_id = m.msg_id)
      ) as n
      from ${pairs}`;
  const parts = isSqlite(db)
    ? inParts(db, [...above.entries()], 200).map(
        (part) =>
          sql`(select column1 as chat_identify, column2 as above from (values ${sql.join(
            part.map(([chatId, msgId]) => sql`(${chatId}, cast(${msgId} as integer))`),
          )})) as v`,
      )
    : above.size
      ? [
          sql`unnest(cast(${[...above.keys()]} as text[]), cast(${[...above.values()]} as integer[])) as v(chat_identify, above)`,
        ]
      : [];
  for (const pairs of parts) {
    const { rows } = await count(pairs).execute(db);
    for (const r of rows) if (Number(r.n) > 0) out.set(r.chat_identify, Number(r.n));
  }
  return out;
}

export async function unreadMentionCounts(db: Kysely<DB>, me: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('message_mentions')
    .select(['group_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', me)
    .where('is_read', '=', 0)
    .groupBy('group_id')
    .execute();
  return new Map(rows.map((r) => [r.group_id, Number(r.n)]));
}

export async function countInChat(db: Kysely<DB>, chatId: string): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('chat_identify', '=', chatId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
