import type { Kysely } from 'kysely';
import { addIdColumn, notNullDefault as nd, type DialectKind } from '../dialect';

/** Accounts, sessions, configuration, verification codes, login guard, invitations. */
export async function up(db: Kysely<unknown>, dialect: DialectKind): Promise<void> {
  await addIdColumn(db.schema.createTable('users'), dialect)
    .addColumn('account', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('realname', 'varchar(64)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', nd(''))
    .addColumn('sex', 'integer', nd(2))
    .addColumn('motto', 'varchar(255)', nd(''))
    .addColumn('avatar', 'varchar(512)', nd(''))
    .addColumn('role', 'integer', nd(0))
    .addColumn('status', 'integer', nd(1))
    .addColumn('is_auth', 'integer', nd(0))
    .addColumn('name_py', 'varchar(255)', nd(''))
    .addColumn('cs_uid', 'integer', nd(0))
    .addColumn('friend_limit', 'integer', nd(0))
    .addColumn('group_limit', 'integer', nd(0))
    .addColumn('last_login_time', 'bigint', nd(0))
    .addColumn('last_login_ip', 'varchar(64)', nd(''))
    .addColumn('login_count', 'integer', nd(0))
    .addColumn('setting', 'text', (c) => c.notNull())
    .addColumn('register_ip', 'varchar(64)', nd(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addColumn('delete_time', 'bigint', nd(0))
    .execute();
  await db.schema.createIndex('users_register_ip').on('users').columns(['register_ip', 'create_time']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('terminal', 'varchar(16)', (c) => c.notNull())
    .addColumn('iat', 'bigint', (c) => c.notNull())
    .addColumn('exp', 'bigint', (c) => c.notNull())
    .addColumn('revoked', 'integer', nd(0))
    .addColumn('revoke_reason', 'varchar(16)', nd(''))
    .addColumn('revoke_time', 'bigint', nd(0))
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'revoked']).execute();

  await db.schema
    .createTable('config')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await addIdColumn(db.schema.createTable('verification_codes'), dialect)
    .addColumn('account', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .addColumn('tries', 'integer', nd(0))
    .addColumn('used', 'integer', nd(0))
    .execute();
  await db.schema
    .createIndex('verification_codes_account')
    .on('verification_codes')
    .columns(['account', 'create_time'])
    .execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', nd(0))
    .addColumn('last_failure_time', 'bigint', nd(0))
    .execute();

  await addIdColumn(db.schema.createTable('invite_codes'), dialect)
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('creator_id', 'integer', nd(0))
    .addColumn('max_uses', 'integer', nd(0))
    .addColumn('uses', 'integer', nd(0))
    .addColumn('expire_time', 'bigint', nd(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
}
