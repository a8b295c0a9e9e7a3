import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { MessageRow } from './messages.repo';
import { unindexChat } from './search-index.repo';

/** Writes of recall, delete and hide (PROTOCOL §4.6). Called inside the caller's transaction. */

/**
 * Turns a row into its recall line: type `event`, content, mentions and client extends dropped,
 * `extends.undoBy` set, file name and size blanked (the file reference stays for cleanup).
 * False when it was already recalled (a concurrent recall won).
 */
export async function markRecalled(db: Kysely<DB>, msgId: number, by: number): Promise<boolean> {
  const res = await db
    .updateTable('messages')
    .set({
      type: 'event',
      is_undo: 1,
      content: '',
      at: '',
      extends: JSON.stringify({ undoBy: by }),
      file_name: '',
      file_size: 0,
    })
    .where('msg_id', '=', msgId)
    .where('is_undo', '=', 0)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return false;
  await db.deleteFrom('message_mentions').where('msg_id', '=', msgId).execute();
  return true;
}

/**
 * Deletes a row with its mentions and hide marks, and moves the conversation's newest pointer
 * (`is_last`) to the newest remaining row. True when the row was the newest.
 */
export async function deleteRow(db: Kysely<DB>, row: Pick<MessageRow, 'msg_id' | 'chat_identify'>): Promise<boolean> {
  await db.deleteFrom('message_hidden').where('msg_id', '=', row.msg_id).execute();
  await db.deleteFrom('message_mentions').where('msg_id', '=', row.msg_id).execute();
  await db.deleteFrom('messages').where('msg_id', '=', row.msg_id).execute();
  const chat = await db
    .selectFrom('chats')
    .select('last_msg_id')
    .where('chat_identify', '=', row.chat_identify)
    .executeTakeFirst();
  if (chat?.last_msg_id !== row.msg_id) return false;
  const newest = await db
    .selectFrom('messages')
    .select('msg_id')
    .where('chat_identify', '=', row.chat_identify)
    .orderBy('msg_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  await db
    .updateTable('chats')
    .set({ last_msg_id: newest?.msg_id ?? 0 })
    .where('chat_identify', '=', row.chat_identify)
    .execute();
  return true;
}

export async function hide(db: Kysely<DB>, userId: number, msgId: number): Promise<void> {
  await db
    .insertInto('message_hidden')
    .values({ user_id: userId, msg_id: msgId })
    .onConflict((oc) => oc.columns(['user_id', 'msg_id']).doNothing())
    .execute();
}

/** Every row of a group's conversation and what hangs off them (clearing the group); the conversation stays. */
export async function clearGroupChat(db: Kysely<DB>, chatId: string, groupId: number): Promise<void> {
  const ids = db.selectFrom('messages').select('msg_id').where('chat_identify', '=', chatId);
  await unindexChat(db, chatId);
  await db.deleteFrom('message_hidden').where('msg_id', 'in', ids).execute();
  await db.deleteFrom('message_mentions').where('group_id', '=', groupId).execute();
  await db.deleteFrom('messages').where('chat_identify', '=', chatId).execute();
}

/** A dissolved group's conversation: its rows and its newest pointer (the prefs are the contacts module's). */
export async function dropGroupChat(db: Kysely<DB>, chatId: string, groupId: number): Promise<void> {
  await clearGroupChat(db, chatId, groupId);
  await db.deleteFrom('chats').where('chat_identify', '=', chatId).execute();
}
