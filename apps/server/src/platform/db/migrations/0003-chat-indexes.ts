import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * A group send reads every member's pin/notify prefs of that one conversation to build its
 * pushes; without this index that read scans all users' prefs (EXPLAIN: SCAN chat_prefs).
 */
export async function up(db: Kysely<unknown>, _dialect: DialectKind): Promise<void> {
  await db.schema.createIndex('chat_prefs_chat').on('chat_prefs').columns(['chat_identify', 'user_id']).execute();
}
