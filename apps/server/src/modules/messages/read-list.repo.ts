import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';

/** Messages whose read lists changed (PROTOCOL §17): the `messages` reads of read lists. */

export interface ReadPushRow {
  msg_id: number;
  id: string;
  chat_identify: string;
  from_user: number;
  to_user: number;
  is_group: number;
  send_time_ms: number;
}

/**
 * Others' messages a reader's mark just passed (above `from`, up to `to`) sent since `sinceMs`, not
 * system lines: the rows whose senders hear `groupRead`, the newest `limit` of them. The (chat,
 * msg_id) key, walked from the top, bounds the scan to those rows however far the mark moved.
 */
export async function rowsPassed(
  db: Kysely<DB>,
  chatId: string,
  reader: number,
  from: number,
  to: number,
  sinceMs: number,
  limit: number,
): Promise<ReadPushRow[]> {
  return db
    .selectFrom('messages')
    .select(['msg_id', 'id', 'chat_identify', 'from_user', 'to_user', 'is_group', 'send_time_ms'])
    .where('chat_identify', '=', chatId)
    .where('msg_id', '>', from)
    .where('msg_id', '<=', to)
    .where('send_time_ms', '>=', sinceMs)
    .where('from_user', '!=', reader)
    .where('type', '!=', 'event')
    .orderBy('msg_id', 'desc')
    .limit(limit)
    .execute();
}
