import type { Kysely } from 'kysely';

/**
 * Single sign-on and directory sync (PROTOCOL §19, modules/sso): pending OIDC sign-ins (state,
 * nonce, PKCE verifier) in the database so the callback may reach any node, the one-time codes
 * the callback hands to the web client, and the users linked to the LDAP directory.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sso_states')
    .addColumn('state', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('redirect_uri', 'varchar(1024)', (c) => c.notNull())
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_states_expire').on('sso_states').column('expire_time').execute();
  await db.schema
    .createTable('sso_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_codes_expire').on('sso_codes').column('expire_time').execute();
  await db.schema
    .createTable('directory_users')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('dn', 'varchar(1024)', (c) => c.notNull())
    .addColumn('present', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sync_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
