import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * Read lists in groups (PROTOCOL §17) give each reader's read time. A read mark is one number per
 * reader and chat (0008), so the time is kept beside it: `read_log` holds the mark's last few
 * moves as `msg_id:ms` pairs (protocol READ_LOG_KEEP), written by the same UPDATE that moves the
 * mark. No row per message and reader, and reading a chat still writes one row. `chat_prefs`
 * gets it for the announcements conversation, whose marks the read lists of §12.3 notices use.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectKind): Promise<void> {
  await db.schema
    .alterTable('group_members')
    .addColumn('read_log', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('chat_prefs')
    .addColumn('read_log', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
