import type { Kysely } from 'kysely';
import { addIdColumn, type DialectKind } from '../dialect';

/**
 * Web Push (issue 22, modules/push): the server's VAPID key pair, made at first start and shared
 * by every node through the database (one row, id 1), and the browsers' push subscriptions, one
 * per endpoint, each owned by the session that stored it (gone with the session row).
 */
export async function up(db: Kysely<unknown>, dialect: DialectKind): Promise<void> {
  await db.schema
    .createTable('push_vapid')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('public_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('private_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await addIdColumn(db.schema.createTable('push_subscriptions'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('jti', 'varchar(64)', (c) => c.notNull().references('sessions.jti').onDelete('cascade'))
    .addColumn('endpoint', 'varchar(1024)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
    .addColumn('auth', 'varchar(200)', (c) => c.notNull())
    .addColumn('lang', 'varchar(16)', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
  await db.schema.createIndex('push_subscriptions_jti').on('push_subscriptions').column('jti').execute();
}
