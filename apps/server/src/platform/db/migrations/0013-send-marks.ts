import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * `sendInterval` (PROTOCOL §4.4 check 4: "wait N s between messages") reads when a user last sent from a row of
 * its own, written only while the interval is on. It used to read the newest message by sender
 * through `messages_sender`, an index every send paid for: one more B-tree leaf on a random page
 * per message, a quarter of the WAL frames a one-to-one send writes (docs/performance.md, issue
 * 23, fifth pass), for a setting that is off by default. Nothing else reads that index.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectKind): Promise<void> {
  await db.schema.dropIndex('messages_sender').execute();
  await db.schema
    .createTable('send_marks')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('last_ms', 'bigint', (c) => c.notNull())
    .execute();
}
