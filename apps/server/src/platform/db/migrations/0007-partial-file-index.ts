import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * `messages_file` only for rows that carry a file. Every text message used to add a
 * `file_id = 0` entry: one more B-tree write per send and one more page per group commit, for
 * rows no query looks up. The queries that use it say `file_id > 0` (files.repo.ts), which both
 * SQLite and PostgreSQL need to see before they choose a partial index.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectKind): Promise<void> {
  await db.schema.dropIndex('messages_file').execute();
  await db.schema
    .createIndex('messages_file')
    .on('messages')
    .columns(['file_id'])
    .where((eb) => eb('file_id', '>', 0))
    .execute();
}
