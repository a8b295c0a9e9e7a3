import { ContactKind } from '@parley/protocol';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { MessageRow, NewMessage } from './messages.repo';
import { unindexMessage } from './search-index.repo';

/** The admin console's message queries (PROTOCOL §12.3 `message/*`, `index/*`) and the nightly purge. */

const ADMIN_NOTICE = 'admin_notice';
/** Lines a person did not write: hidden from counts and lists unless asked for by `type`. */
const SYSTEM_TYPES = ['event', 'webrtc'];

export interface AdminRowFilter {
  /** One conversation. */
  chatId?: string;
  /** Rows this user sent (without `chatId`). */
  fromUser?: number;
  /** Stored is_group: 0 single, 1 group (ContactKind). */
  isGroup?: 0 | 1;
  type?: string;
  keywords?: string;
  /** Below this msg_id (cursor). */
  before?: number;
}

function filtered(db: Kysely<DB>, f: AdminRowFilter) {
  let q = db.selectFrom('messages as m');
  if (f.chatId) q = q.where('m.chat_identify', '=', f.chatId);
  else if (f.fromUser) q = q.where('m.from_user', '=', f.fromUser);
  if (f.isGroup !== undefined) q = q.where('m.is_group', '=', f.isGroup);
  if (f.type === 'notice') q = q.where('m.is_group', '=', ContactKind.adminNotice);
  else if (f.type) q = q.where('m.type', '=', f.type).where('m.is_group', '!=', ContactKind.adminNotice);
  else q = q.where('m.type', 'not in', SYSTEM_TYPES).where('m.is_group', '!=', ContactKind.adminNotice);
  if (f.keywords) {
    const pattern = `%${f.keywords.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(
      sql<boolean>`(lower(m.content) like ${pattern} escape '\\' or lower(m.file_name) like ${pattern} escape '\\')`,
    );
  }
  if (f.before && f.before > 0) q = q.where('m.msg_id', '<', f.before);
  return q;
}

export async function listRows(
  db: Kysely<DB>,
  f: AdminRowFilter,
  offset: number,
  limit: number,
): Promise<MessageRow[]> {
  return filtered(db, f).selectAll('m').orderBy('m.msg_id', 'desc').limit(limit).offset(offset).execute();
}

export async function countRows(db: Kysely<DB>, f: AdminRowFilter): Promise<number> {
  const r = await filtered(db, { ...f, before: undefined })
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Messages people wrote: no event, announcement or call rows (§12.3 `messageCount`). */
export async function countWritten(db: Kysely<DB>): Promise<number> {
  const r = await db
    .selectFrom('messages')
    .where('type', 'not in', SYSTEM_TYPES)
    .where('is_group', '!=', ContactKind.adminNotice)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Written messages per UTC day since `sinceMs` (integer division works alike in both dialects). */
export async function perDay(db: Kysely<DB>, sinceMs: number): Promise<Array<{ day: number; n: number }>> {
  const rows = await db
    .selectFrom('messages')
    .where('send_time_ms', '>=', sinceMs)
    .where('type', 'not in', SYSTEM_TYPES)
    .where('is_group', '!=', ContactKind.adminNotice)
    .select([sql<number>`send_time_ms / 86400000`.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(sql`send_time_ms / 86400000`)
    .execute();
  return rows.map((r) => ({ day: Number(r.day), n: Number(r.n) }));
}

/** Admin masking (§12.3 dealMsg): the row becomes a text line saying it was blocked. */
export async function mask(db: Kysely<DB>, msgId: number, content: string): Promise<void> {
  await db
    .updateTable('messages')
    .set({ type: 'text', content, at: '', extends: '', file_name: '', file_size: 0 })
    .where('msg_id', '=', msgId)
    .execute();
  await db.deleteFrom('message_mentions').where('msg_id', '=', msgId).execute();
}

/** `index/clearMessage`: every message but the announcements; conversations forget their newest row. */
export async function clearAllButNotices(db: Kysely<DB>): Promise<number> {
  const ids = db.selectFrom('messages').select('msg_id').where('is_group', '!=', ContactKind.adminNotice);
  await db.deleteFrom('message_hidden').where('msg_id', 'in', ids).execute();
  await db.deleteFrom('message_mentions').execute();
  const r = await db.deleteFrom('messages').where('is_group', '!=', ContactKind.adminNotice).executeTakeFirst();
  // Announcements are never indexed (no scope): every index row belonged to a row just deleted.
  await db.deleteFrom('message_terms').execute();
  await db.updateTable('chats').set({ last_msg_id: 0 }).where('chat_identify', '!=', ADMIN_NOTICE).execute();
  return Number(r.numDeletedRows);
}

// ---- announcements (is_group 2, chat "admin_notice")

export async function listNotices(db: Kysely<DB>, offset: number, limit: number): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('chat_identify', '=', ADMIN_NOTICE)
    .orderBy('msg_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countNotices(db: Kysely<DB>): Promise<number> {
  const r = await db
    .selectFrom('messages')
    .where('chat_identify', '=', ADMIN_NOTICE)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function findNotice(db: Kysely<DB>, msgId: number): Promise<MessageRow | undefined> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('msg_id', '=', msgId)
    .where('chat_identify', '=', ADMIN_NOTICE)
    .executeTakeFirst();
}

export async function updateNotice(db: Kysely<DB>, msgId: number, content: string, ext: string): Promise<void> {
  await db.updateTable('messages').set({ content, extends: ext }).where('msg_id', '=', msgId).execute();
}

export type { NewMessage };

// ---- nightly purge

/**
 * One batch of the purge: up to `limit` one-to-one and group rows sent before `beforeMs`
 * (never announcements or favourites), deleted with what hangs off them. Conversations whose
 * newest row went point at their newest remaining one. Returns what went and the files they named.
 */
export async function purgeBatch(
  db: Kysely<DB>,
  beforeMs: number,
  limit: number,
): Promise<{ count: number; fileIds: number[] }> {
  const rows = await db
    .selectFrom('messages')
    .select(['msg_id', 'file_id', 'chat_identify', 'type', 'content', 'file_name', 'is_undo', 'is_group'])
    .select(['from_user', 'to_user'])
    .where('send_time_ms', '<', beforeMs)
    .where('is_group', 'in', [ContactKind.person, ContactKind.group])
    .orderBy('msg_id')
    .limit(limit)
    .execute();
  if (rows.length === 0) return { count: 0, fileIds: [] };
  const ids = rows.map((r) => r.msg_id);
  await db.deleteFrom('message_hidden').where('msg_id', 'in', ids).execute();
  await db.deleteFrom('message_mentions').where('msg_id', 'in', ids).execute();
  // Their index rows first, found by each row's own terms (the index is keyed by term).
  for (const row of rows) await unindexMessage(db, row);
  await db.deleteFrom('messages').where('msg_id', 'in', ids).execute();
  const chats = [...new Set(rows.map((r) => r.chat_identify))];
  const stale = await db
    .selectFrom('chats')
    .select('chat_identify')
    .where('chat_identify', 'in', chats)
    .where('last_msg_id', 'in', ids)
    .execute();
  for (const { chat_identify } of stale) {
    const newest = await db
      .selectFrom('messages')
      .select('msg_id')
      .where('chat_identify', '=', chat_identify)
      .orderBy('msg_id', 'desc')
      .limit(1)
      .executeTakeFirst();
    await db
      .updateTable('chats')
      .set({ last_msg_id: newest?.msg_id ?? 0 })
      .where('chat_identify', '=', chat_identify)
      .execute();
  }
  return { count: rows.length, fileIds: rows.filter((r) => r.file_id > 0).map((r) => r.file_id) };
}
