import type { Kysely } from 'kysely';
import { addIdColumn, notNullDefault as nd, type DialectKind } from '../dialect';

/**
 * Uploads and stickers (PROTOCOL §5, §8).
 * - `files`: one row per upload, even when two uploads carry the same bytes. `token` is the
 *   random name of the stored file and the `/filedown/<token>` capability (§14).
 * - `stickers`: a user's sticker list; `sort` grows with every add or move, so "most recently
 *   added or moved first" is `sort desc` without depending on the clock's resolution.
 * - `messages_file` answers "is this file still used by a message?" and the file manager.
 */
export async function up(db: Kysely<unknown>, dialect: DialectKind): Promise<void> {
  await addIdColumn(db.schema.createTable('files'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('ext', 'varchar(32)', nd(''))
    .addColumn('cate', 'integer', nd(9))
    .addColumn('size', 'bigint', nd(0))
    .addColumn('md5', 'varchar(32)', nd(''))
    .addColumn('mime', 'varchar(128)', nd(''))
    .addColumn('path', 'varchar(512)', (c) => c.notNull())
    .addColumn('thumb_path', 'varchar(512)', nd(''))
    .addColumn('width', 'integer', nd(0))
    .addColumn('height', 'integer', nd(0))
    .addColumn('token', 'varchar(64)', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_token').unique().on('files').columns(['token']).execute();
  await db.schema.createIndex('files_user').on('files').columns(['user_id', 'id']).execute();

  await addIdColumn(db.schema.createTable('stickers'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', nd(''))
    .addColumn('sort', 'integer', nd(0))
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stickers_pair').unique().on('stickers').columns(['user_id', 'file_id']).execute();
  await db.schema.createIndex('stickers_user').on('stickers').columns(['user_id', 'sort']).execute();

  await db.schema.createIndex('messages_file').on('messages').columns(['file_id']).execute();
}
