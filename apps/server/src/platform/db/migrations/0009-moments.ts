import type { Kysely } from 'kysely';
import { addIdColumn, notNullDefault as nd, type DialectKind } from '../dialect';

/**
 * Moments (PROTOCOL §9). Media are file ids of the author's uploads (the files module owns the
 * rows); likes, comments and notices carry `moment_id` and are deleted with their post.
 * - `moments_author` serves one author's feed and the "who posted since" check.
 * - `moment_likes_pair` makes like idempotent.
 * - `moment_notices_user` pages a user's notices newest first and counts the unread ones.
 */
export async function up(db: Kysely<unknown>, dialect: DialectKind): Promise<void> {
  await addIdColumn(db.schema.createTable('moments'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', nd(''))
    .addColumn('images', 'text', nd('[]'))
    .addColumn('video_id', 'integer', nd(0))
    .addColumn('location', 'text', nd(''))
    .addColumn('visibility', 'integer', nd(1))
    .addColumn('create_time_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moments_author').on('moments').columns(['user_id', 'id']).execute();

  await addIdColumn(db.schema.createTable('moment_likes'), dialect)
    .addColumn('moment_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('create_time_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moment_likes_pair')
    .unique()
    .on('moment_likes')
    .columns(['moment_id', 'user_id'])
    .execute();

  await addIdColumn(db.schema.createTable('moment_comments'), dialect)
    .addColumn('moment_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('reply_user_id', 'integer', nd(0))
    .addColumn('content', 'text', nd(''))
    .addColumn('create_time_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moment_comments_post').on('moment_comments').columns(['moment_id', 'id']).execute();

  await addIdColumn(db.schema.createTable('moment_notices'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('moment_id', 'integer', (c) => c.notNull())
    .addColumn('from_user', 'integer', (c) => c.notNull())
    .addColumn('comment_id', 'integer', nd(0))
    .addColumn('content', 'text', nd(''))
    .addColumn('is_read', 'integer', nd(0))
    .addColumn('create_time_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moment_notices_user')
    .on('moment_notices')
    .columns(['user_id', 'is_read', 'id'])
    .execute();
  await db.schema.createIndex('moment_notices_page').on('moment_notices').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('moment_notices_post').on('moment_notices').columns(['moment_id']).execute();

  await db.schema
    .createTable('moment_reads')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('seen_id', 'integer', nd(0))
    .execute();
}
