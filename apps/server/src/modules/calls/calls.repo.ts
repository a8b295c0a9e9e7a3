import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { MessageRow } from '../messages/messages.repo';

/**
 * The one `webrtc` message row per call (PROTOCOL §10.2). Inserts go through the messages
 * repo; here are the call-only queries: a compare-and-set update, so when two nodes (or a
 * timer and a hangup) race to close a call exactly one of them writes and pushes, and the
 * sweep of calls whose safety-net timer was lost with its node.
 */

/** Sets content and extends only if the row still holds `expectedExtends`; true when it did. */
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

/** Call rows above `afterMsgId` still at code 901 (ringing), oldest first. */
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
  const row = await db.selectFrom('messages').select((eb) => eb.fn.max('msg_id').as('m')).executeTakeFirst();
  return Number(row?.m ?? 0);
}
