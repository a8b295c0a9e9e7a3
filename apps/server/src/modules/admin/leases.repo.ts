import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';

/** Named leases (table `admin_leases`): a job that must run on one node of many takes one first. */

/**
 * Takes the lease `name` for `holder` until `until` when it is free (never taken, or lapsed
 * before `now`). One conditional UPDATE after an idempotent INSERT: of several nodes trying at
 * once, exactly one sees its row change.
 */
export async function take(db: Kysely<DB>, name: string, holder: string, now: number, until: number): Promise<boolean> {
  await db
    .insertInto('admin_leases')
    .values({ name, holder: '', until_time: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const r = await db
    .updateTable('admin_leases')
    .set({ holder, until_time: until })
    .where('name', '=', name)
    .where('until_time', '<=', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gives the lease back early (a job that finished): only its holder can, and only while it holds it. */
export async function release(db: Kysely<DB>, name: string, holder: string): Promise<void> {
  await db
    .updateTable('admin_leases')
    .set({ until_time: 0 })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}
