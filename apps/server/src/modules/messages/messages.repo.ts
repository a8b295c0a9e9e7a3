import { sql, type Insertable, type Kysely } from 'kysely';
import { isSqlite } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/index';
import { precompiled, precompiledWrite } from '../../platform/db/precompiled';
import type { MessageRow, MessagesTable } from '../../platform/db/schema-chat';

/** Message rows: the send path's writes and the reading queries (all on the 0002 indexes). */

export type { MessageRow };
export type NewMessage = Insertable<MessagesTable>;

type FreshMessage = Omit<MessageRow, 'msg_id'>;
/**
 * A new row's values: a text with no file, quote, mention or recall, unless `fields` say
 * otherwise (event lines, announcements, rows a test inserts).
 */
export const newMessage = (
  fields: Pick<FreshMessage, 'id' | 'chat_identify' | 'from_user' | 'to_user' | 'is_group' | 'send_time_ms'> &
    Partial<FreshMessage>,
): FreshMessage => ({
  type: 'text',
  content: '',
  extends: '',
  file_id: 0,
  file_cate: 0,
  file_name: '',
  file_size: 0,
  at: '',
  pid: 0,
  is_undo: 0,
  ...fields,
});

// The send path's statements are precompiled (platform/db/precompiled.ts): one of each per send.
const byUuid = precompiled((db, id: string) => db.selectFrom('messages').selectAll().where('id', '=', id));

export async function findByUuid(db: Kysely<DB>, id: string): Promise<MessageRow | undefined> {
  return (await byUuid(db, id))[0];
}

export async function findByMsgId(db: Kysely<DB>, msgId: number): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('msg_id', '=', msgId).executeTakeFirst();
}

/**
 * When `userId` last sent (ms), for `sendInterval`; 0 if never since the interval was turned on.
 * Marks are written only while it is on (`markSent`), so no send pays for a setting that is off.
 */
export async function lastSentAt(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db.selectFrom('send_marks').select('last_ms').where('user_id', '=', userId).executeTakeFirst();
  return row?.last_ms ?? 0;
}

/** Records a send for `sendInterval`, inside the send's own transaction. */
export async function markSent(db: Kysely<DB>, userId: number, ms: number): Promise<void> {
  await db
    .insertInto('send_marks')
    .values({ user_id: userId, last_ms: ms })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_ms: ms }))
    .execute();
}

export const MESSAGE_COLUMNS = [
  'id',
  'chat_identify',
  'from_user',
  'to_user',
  'is_group',
  'type',
  'content',
  'extends',
  'file_id',
  'file_cate',
  'file_name',
  'file_size',
  'at',
  'pid',
  'is_undo',
  'send_time_ms',
] as const satisfies ReadonlyArray<keyof NewMessage>;

const insertValues = (db: Kysely<DB>, values: unknown[]) =>
  db
    .insertInto('messages')
    .values(Object.fromEntries(MESSAGE_COLUMNS.map((c, i) => [c, values[i]])) as NewMessage)
    .onConflict((oc) => oc.column('id').doNothing());
/** PostgreSQL: the new row's id comes back through RETURNING. */
const insertRowReturning = precompiled((db, ...values: unknown[]) => insertValues(db, values).returning('msg_id'));
/** SQLite: `msg_id` is the rowid, which the insert reports without RETURNING's temporary B-tree. */
const insertRow = precompiledWrite((db, ...values: unknown[]) => insertValues(db, values));

/**
 * A row with this uuid is stored already (its sender's resend, §4.4): nothing was written. The
 * insert says so itself, so a send needs no lookup by uuid before it (one read less per message).
 */
export class MessageIdTaken extends Error {}

export async function insertMessage(db: Kysely<DB>, values: NewMessage): Promise<number> {
  const args = MESSAGE_COLUMNS.map((c) => values[c]);
  let msgId: number | undefined;
  if (isSqlite(db)) {
    const { changes, insertId } = await insertRow(db, ...args);
    if (changes > 0) msgId = insertId;
  } else msgId = (await insertRowReturning(db, ...args))[0]?.msg_id;
  if (msgId === undefined) throw new MessageIdTaken(`message ${values.id} is stored already`);
  return msgId;
}

/**
 * The conversation's newest message id only ever moves forward here. On PostgreSQL two sends to
 * one chat run in separate transactions: the one with the smaller id may upsert last (it waits
 * on the row lock), and without the condition it would set the older message as the newest.
 * Deleting the newest message moves it back through its own statement (actions.repo.ts).
 */
const upsertLastMsg = precompiled((db, chatId: string, msgId: number) =>
  db
    .insertInto('chats')
    .values({ chat_identify: chatId, last_msg_id: msgId })
    .onConflict((oc) =>
      oc
        .column('chat_identify')
        .doUpdateSet({ last_msg_id: (eb) => eb.ref('excluded.last_msg_id') })
        .where('chats.last_msg_id', '<', (eb) => eb.ref('excluded.last_msg_id')),
    ),
);

/** After inserting message `msgId` into `chatId`: it is the newest, unless a newer one is already recorded. */
export async function setLastMsg(db: Kysely<DB>, chatId: string, msgId: number): Promise<void> {
  await upsertLastMsg(db, chatId, msgId);
}

export async function lastMsgId(db: Kysely<DB>, chatId: string): Promise<number> {
  const row = await db.selectFrom('chats').select('last_msg_id').where('chat_identify', '=', chatId).executeTakeFirst();
  return row?.last_msg_id ?? 0;
}

export async function insertMentions(db: Kysely<DB>, msgId: number, groupId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('message_mentions')
    .values(userIds.map((user_id) => ({ msg_id: msgId, user_id, group_id: groupId, is_read: 0 })))
    .execute();
}

/** What a reader may see of one conversation (PROTOCOL §4.5). */
export interface RowFilter {
  chatId: string;
  viewer: number;
  /** History boundary: only rows above it. */
  above: number;
  onlyType?: string;
  excludeTypes?: string[];
  keywords?: string;
  /** Only rows whose sanitised content holds a link (`type:"link"`). */
  linksOnly?: boolean;
}

/** The outer row (`msgRef`, its msg_id) is not one `viewer` hid for themselves (§4.6 delete for me). */
export const notHiddenBy = (viewer: number, msgRef: 'm.msg_id' | 't.msg_id') =>
  sql<boolean>`not exists (select 1 from message_hidden h where h.user_id = ${viewer} and h.msg_id = ${sql.ref(msgRef)})`;

/** `hidden: false` leaves out the test against my hidden rows: only for a range where I hid none. */
function filtered(db: Kysely<DB>, f: RowFilter, { hidden = true } = {}) {
  let q = db.selectFrom('messages as m').where('m.chat_identify', '=', f.chatId).where('m.msg_id', '>', f.above);
  if (hidden) q = q.where(notHiddenBy(f.viewer, 'm.msg_id'));
  if (f.onlyType) q = q.where('m.type', '=', f.onlyType);
  if (f.excludeTypes?.length) q = q.where('m.type', 'not in', f.excludeTypes);
  if (f.linksOnly) q = q.where('m.is_undo', '=', 0).where('m.content', 'like', '%<a href=%');
  if (f.keywords) {
    const pattern = `%${f.keywords.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const column = f.onlyType && f.onlyType !== 'text' ? sql.ref('m.file_name') : sql.ref('m.content');
    q = q.where('m.is_undo', '=', 0).where(sql<boolean>`lower(${column}) like ${pattern} escape '\\'`);
    if (!f.onlyType) q = q.where('m.type', '=', 'text');
  }
  return q;
}

const isWholeChat = (f: RowFilter) => !f.onlyType && !f.excludeTypes?.length && !f.keywords && !f.linksOnly;

export async function countRows(db: Kysely<DB>, f: RowFilter): Promise<number> {
  if (isWholeChat(f)) return countChat(db, f);
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The rows of the chat above its boundary that I hid. */
const myHiddenRows = (db: Kysely<DB>, f: RowFilter) =>
  db
    .selectFrom('message_hidden as h')
    .innerJoin('messages as m', 'm.msg_id', 'h.msg_id')
    .where('h.user_id', '=', f.viewer)
    .where('m.chat_identify', '=', f.chatId)
    .where('m.msg_id', '>', f.above);

/**
 * The unfiltered count of a chat, which every chat-mode page reports: the rows above the
 * boundary counted on the `messages_chat` index alone, minus the few I hid. Testing each row
 * against `message_hidden` instead cost 25 ms a page in a 100k-message chat.
 */
async function countChat(db: Kysely<DB>, f: RowFilter): Promise<number> {
  const [all, hidden] = await Promise.all([
    db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('chat_identify', '=', f.chatId)
      .where('msg_id', '>', f.above)
      .executeTakeFirst(),
    myHiddenRows(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  ]);
  return Number(all?.n ?? 0) - Number(hidden?.n ?? 0);
}

/** Whether I hid any row of the chat above its boundary (usually none). */
async function hidesAny(db: Kysely<DB>, f: RowFilter): Promise<boolean> {
  const row = await myHiddenRows(db, f).select('h.msg_id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Newest first, below `before` (0 = no cursor). A page by number skips `offset` rows; when I hid
 * none of the chat it skips them on the `messages_chat` index alone, without testing each
 * against `message_hidden` (a deep page of a 100k-message chat tested 50,000).
 */
export async function listRows(
  db: Kysely<DB>,
  f: RowFilter,
  before: number,
  offset: number,
  limit: number,
): Promise<MessageRow[]> {
  const hidden = offset === 0 || !isWholeChat(f) || (await hidesAny(db, f));
  let q = filtered(db, f, { hidden }).selectAll('m');
  if (before > 0) q = q.where('m.msg_id', '<', before);
  return q.orderBy('m.msg_id', 'desc').limit(limit).offset(offset).execute();
}

/** Oldest first, above `after`. */
export async function rowsAfter(db: Kysely<DB>, f: RowFilter, after: number, limit: number): Promise<MessageRow[]> {
  return filtered(db, f).selectAll('m').where('m.msg_id', '>', after).orderBy('m.msg_id', 'asc').limit(limit).execute();
}

export async function isHidden(db: Kysely<DB>, userId: number, msgId: number): Promise<boolean> {
  const row = await db
    .selectFrom('message_hidden')
    .select('msg_id')
    .where('user_id', '=', userId)
    .where('msg_id', '=', msgId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Rows of one group mentioning me, newest `limit`, optionally only unread mentions. */
export async function mentionRows(
  db: Kysely<DB>,
  me: number,
  groupId: number,
  above: number,
  limit: number,
  unreadOnly: boolean,
): Promise<MessageRow[]> {
  let q = db
    .selectFrom('message_mentions as mm')
    .innerJoin('messages as m', 'm.msg_id', 'mm.msg_id')
    .selectAll('m')
    .where('mm.user_id', '=', me)
    .where('mm.group_id', '=', groupId)
    .where('m.msg_id', '>', above);
  if (unreadOnly) q = q.where('mm.is_read', '=', 0);
  return q.orderBy('m.msg_id', 'desc').limit(limit).execute();
}

/** Marks my mentions in a group read: all of them, or those on the given rows. Resolves how many were unread. */
export async function markMentionsRead(
  db: Kysely<DB>,
  me: number,
  groupId: number,
  msgIds?: number[],
): Promise<number> {
  if (msgIds && msgIds.length === 0) return 0;
  let q = db
    .updateTable('message_mentions')
    .set({ is_read: 1 })
    .where('user_id', '=', me)
    .where('group_id', '=', groupId)
    .where('is_read', '=', 0);
  if (msgIds) q = q.where('msg_id', 'in', msgIds);
  const [res] = await q.execute();
  return Number(res?.numUpdatedRows ?? 0);
}

export async function msgIdsOfUuids(db: Kysely<DB>, uuids: string[]): Promise<number[]> {
  if (uuids.length === 0) return [];
  const rows = await db.selectFrom('messages').select('msg_id').where('id', 'in', uuids).execute();
  return rows.map((r) => r.msg_id);
}

/** The newest `limit` rows from `peer` in `chatId` above `above` (those a read mark now covers). */
export async function rowsFromAbove(
  db: Kysely<DB>,
  chatId: string,
  peer: number,
  above: number,
  limit: number,
): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('chat_identify', '=', chatId)
    .where('msg_id', '>', above)
    .where('from_user', '=', peer)
    .orderBy('msg_id', 'desc')
    .limit(limit)
    .execute();
}

/** The newest row id of several conversations at once (search results), keyed by chat id. */
export async function lastMsgIds(db: Kysely<DB>, chatIds: string[]): Promise<Map<string, number>> {
  if (chatIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('chats')
    .select(['chat_identify', 'last_msg_id'])
    .where('chat_identify', 'in', [...new Set(chatIds)])
    .execute();
  return new Map(rows.map((r) => [r.chat_identify, r.last_msg_id]));
}

/** An uploaded file (PROTOCOL §5), for file messages. */
/**
 * The one `webrtc` row per call (PROTOCOL §10.2): sets content and extends only if the row still
 * holds `expectedExtends`, so when two nodes (or a timer and a hangup) race to close a call exactly
 * one of them writes and pushes; true when this one did.
 */
export async function updateIfUnchanged(
  db: Kysely<DB>,
  msgId: number,
  expectedExtends: string,
  values: { content: string; extends: string },
): Promise<boolean> {
  const res = await db
    .updateTable('messages')
    .set(values)
    .where('msg_id', '=', msgId)
    .where('extends', '=', expectedExtends)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Call rows above `afterMsgId` still at code 901 (ringing), oldest first: the sweep of calls whose timer was lost with its node. */
export async function ringingAfter(db: Kysely<DB>, afterMsgId: number): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('msg_id', '>', afterMsgId)
    .where('type', '=', 'webrtc')
    .where('extends', 'like', '%"code":901%')
    .orderBy('msg_id', 'asc')
    .execute();
}

export async function maxMsgId(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.max('msg_id').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}
