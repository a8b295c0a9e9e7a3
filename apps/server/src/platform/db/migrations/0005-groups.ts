import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * Join grants (PROTOCOL §3.3): scanning a group QR code lets the scanner view the group and
 * join it through that inviter for 30 minutes. One row per (user, group, inviter); a new scan
 * renews it.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectKind): Promise<void> {
  await db.schema
    .createTable('group_join_grants')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('inviter_id', 'integer', (c) => c.notNull())
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_join_grants_pk', ['user_id', 'group_id', 'inviter_id'])
    .execute();
}
