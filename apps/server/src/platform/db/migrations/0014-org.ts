import type { Kysely } from 'kysely';
import { addIdColumn, notNullDefault as nd, type DialectKind } from '../dialect';

/**
 * The organization (PROTOCOL §18, modules/org): departments as an adjacency list (a few hundred
 * rows, read whole for the tree), and a user's department and position on the users row.
 * - `departments_sibling_name`: a name is unique among its siblings, which is what lets the CSV
 *   import and the directory sync find-or-create a path (`研发部/前端组`) without duplicates when
 *   two of them race.
 * - `users_dep`: the members of a department in name order (org/members pages by name_py).
 */
export async function up(db: Kysely<unknown>, dialect: DialectKind): Promise<void> {
  await addIdColumn(db.schema.createTable('departments'), dialect)
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('parent_id', 'integer', nd(0))
    .addColumn('sort', 'integer', nd(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('departments_sibling_name')
    .unique()
    .on('departments')
    .columns(['parent_id', 'name'])
    .execute();
  await db.schema.alterTable('users').addColumn('dep_id', 'integer', nd(0)).execute();
  await db.schema.alterTable('users').addColumn('position', 'varchar(32)', nd('')).execute();
  await db.schema.createIndex('users_dep').on('users').columns(['dep_id', 'name_py']).execute();
}
