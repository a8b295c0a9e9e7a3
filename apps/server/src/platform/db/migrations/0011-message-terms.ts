import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * The message search index (PROTOCOL §16; modules/messages/search-index.repo.ts): integer terms
 * of each message's text, keyed (term, msg_id, scope) so a search reads one term's rows newest
 * first and filters by conversation without touching `messages`. No extension, same on both
 * databases (SQLite: WITHOUT ROWID, the key is the table).
 *
 * Rows stored before this migration are indexed after start, in batches, newest first
 * (`message_terms_backfill.below`: the rows below it still wait), so the migration itself is
 * instant whatever the size of the history.
 */
export async function up(db: Kysely<unknown>, dialect: DialectKind): Promise<void> {
  await db.schema
    .createTable('message_terms')
    .addColumn('term', 'bigint', (c) => c.notNull())
    .addColumn('msg_id', 'integer', (c) => c.notNull())
    .addColumn('scope', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_terms_pk', ['term', 'msg_id', 'scope'])
    .$call((b) => (dialect === 'sqlite' ? b.modifyEnd(sql`without rowid`) : b))
    .execute();
  await db.schema
    .createTable('message_terms_backfill')
    .addColumn('below', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into message_terms_backfill (below) select coalesce(max(msg_id) + 1, 0) from messages`.execute(db);
}
