import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * One-to-one read state as one mark per reader and conversation (`chat_prefs.read_msg_id`), as
 * groups already keep it (`group_members.read_msg_id`), instead of an `is_read` flag per message.
 *
 * With the flag, opening a chat rewrote every unread row: 50,000 unread messages were one
 * 88 ms UPDATE (docs/performance.md), and every send wrote one more index (`messages_unread`).
 * A mark costs one upsert whatever the backlog; a message's `is_read` is now whether its
 * recipient's mark has reached it.
 *
 * The backfill keeps what was read: reading marked every message from the peer at once, so the
 * read rows of a pair are always its oldest ones and the newest read row is the mark.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectKind): Promise<void> {
  await db.schema
    .alterTable('chat_prefs')
    .addColumn('read_msg_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // `where true`: SQLite needs it to tell an INSERT … SELECT's ON CONFLICT from a join's ON.
  await sql`
    insert into chat_prefs (user_id, chat_identify, is_top, is_notice, hide_msg_id, update_time, read_msg_id)
    select to_user, chat_identify, 0, 1, 0, 0, max(msg_id) from messages
    where is_group = 0 and is_read = 1 and true
    group by to_user, chat_identify
    on conflict (user_id, chat_identify) do update set read_msg_id = excluded.read_msg_id
  `.execute(db);
  await db.schema.dropIndex('messages_unread').execute();
  await db.schema.alterTable('messages').dropColumn('is_read').execute();
}
