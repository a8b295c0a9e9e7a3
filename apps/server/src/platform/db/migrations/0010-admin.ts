import type { Kysely } from 'kysely';
import { addIdColumn, notNullDefault as nd, type DialectKind } from '../dialect';

/**
 * The admin console's own tables (modules/admin).
 * - `admin_audit`: one row per admin action (who, what, when, target), read by the
 *   super-administrator; `detail` is a small JSON object.
 * - `admin_leases`: named leases with an expiry, so a job that must run on exactly one node of
 *   many (the nightly purge) is taken by whichever node first moves the lease forward.
 */
export async function up(db: Kysely<unknown>, dialect: DialectKind): Promise<void> {
  await addIdColumn(db.schema.createTable('admin_audit'), dialect)
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(16)', nd(''))
    .addColumn('target_id', 'varchar(64)', nd(''))
    .addColumn('detail', 'text', nd(''))
    .addColumn('ip', 'varchar(64)', nd(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_action').on('admin_audit').columns(['action', 'id']).execute();
  await db.schema.createIndex('admin_audit_actor').on('admin_audit').columns(['actor_id', 'id']).execute();

  await db.schema
    .createTable('admin_leases')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(64)', nd(''))
    .addColumn('until_time', 'bigint', nd(0))
    .execute();
  await addUserRemark(db);
}

/** The administrator's private note on a user (`user/add`, `user/edit` `remark`, §12.3). */
export async function addUserRemark(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('remark', 'varchar(255)', nd('')).execute();
}
